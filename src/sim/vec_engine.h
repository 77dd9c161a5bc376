// The vector iteration model shared by every vector instruction: which lanes of which repeats
// are enabled (count form, normal mask, counter mode) and where each operand's lane lives
// (dataBlockStride / repeatStride). Implementations call Resolve once and then either the
// contiguous fast path or ForEachLane.
#pragma once

#include <algorithm>
#include <array>

#include "akg/sim/vec.h"
#include "sim/runtime.h"

namespace akg::sim {

struct Iteration {
    bool contiguous = false;  // count form: elements 0..count-1, densely packed
    bool counter = false;     // counter mode with strides: `count` elements over ceil(count/lanes) repeats
    uint64_t count = 0;
    uint32_t lanes = 0;    // lanes per repeat (256 bytes / widest element)
    uint32_t repeats = 0;  // normal mode
    uint64_t mask[2] = {};
};

struct Operand {
    uint8_t* base;
    uint32_t esize;
    uint16_t blk;  // dataBlockStride, in 32-byte blocks
    uint16_t rep;  // repeatStride, in 32-byte blocks
};

// Resolves an API call's shape against the core's mask register.
Iteration Resolve(const VecShape& s, uint32_t widest, const void* caller);

inline bool LaneEnabled(const Iteration& it, uint32_t r, uint32_t l) {
    if (it.counter) return uint64_t(r) * it.lanes + l < it.count;
    return (l < 64 ? (it.mask[0] >> l) : (it.mask[1] >> (l - 64))) & 1u;
}

inline uint32_t RepeatsOf(const Iteration& it) {
    if (it.counter) return uint32_t((it.count + it.lanes - 1) / it.lanes);
    return it.repeats;
}

inline uint8_t* LaneAddress(const Operand& o, uint32_t r, uint32_t l) {
    uint32_t perBlock = 32 / o.esize;
    return o.base + (uint64_t(r) * o.rep + uint64_t(l / perBlock) * o.blk) * 32 + uint64_t(l % perBlock) * o.esize;
}

// Bytes from the operand's base to one past its highest touched lane.
uint64_t Footprint(const Iteration& it, const Operand& o);

// Calls f(addresses...) for every enabled lane, in repeat order.
template <size_t N, class F>
void ForEachLane(const Iteration& it, const std::array<Operand, N>& ops, F&& f) {
    const uint32_t repeats = RepeatsOf(it);
    for (uint32_t r = 0; r < repeats; ++r) {
        for (uint32_t l = 0; l < it.lanes; ++l) {
            if (!LaneEnabled(it, r, l)) continue;
            std::array<uint8_t*, N> p;
            for (size_t k = 0; k < N; ++k) p[k] = LaneAddress(ops[k], r, l);
            f(p);
        }
    }
}

}  // namespace akg::sim
