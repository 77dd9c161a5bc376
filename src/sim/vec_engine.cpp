#include "sim/vec_engine.h"

namespace akg::sim {

namespace {
void NormalMask(Iteration& it, uint64_t lo, uint64_t hi) {
    it.mask[0] = lo;
    it.mask[1] = it.lanes > 64 ? hi : 0;
    if (it.lanes < 64) it.mask[0] &= (uint64_t(1) << it.lanes) - 1;
}
void ContinuousMask(Iteration& it, uint64_t n) {
    n = std::min<uint64_t>(n, it.lanes);
    it.mask[0] = n >= 64 ? ~0ull : ((uint64_t(1) << n) - 1);
    it.mask[1] = n > 64 ? (n >= 128 ? ~0ull : ((uint64_t(1) << (n - 64)) - 1)) : 0;
}
}  // namespace

Iteration Resolve(const VecShape& s, uint32_t widest, const void* caller) {
    const Core& c = Cur();
    Iteration it;
    it.lanes = 256 / widest;
    it.repeats = s.repeat;
    switch (s.mode) {
        case VecShape::Mode::Count:
            it.contiguous = true;
            if (int64_t(int32_t(s.count)) < 0) {
                Diag("VEC_COUNT_RANGE", caller, Format("negative element count %d", int32_t(s.count)));
                it.count = 0;
            } else {
                it.count = s.count;
            }
            break;
        case VecShape::Mode::Register:
            if (c.counterMode) {
                it.counter = true;
                it.count = c.maskLo;
            } else {
                NormalMask(it, c.maskLo, c.maskHi);
            }
            break;
        case VecShape::Mode::Continuous:
            if (c.counterMode) {
                it.counter = true;
                it.count = s.count;
            } else {
                ContinuousMask(it, s.count);
            }
            break;
        case VecShape::Mode::Bits:
            if (c.counterMode) {
                it.counter = true;
                it.count = s.mask[0];
            } else {
                NormalMask(it, s.mask[0], s.mask[1]);
            }
            break;
    }
    return it;
}

uint64_t Footprint(const Iteration& it, const Operand& o) {
    if (it.contiguous) return it.count * o.esize;
    const uint32_t repeats = RepeatsOf(it);
    // Within a repeat the lane layout is the same every time, so only the mask decides the
    // extent; in normal mode every repeat has the same mask, and in counter mode only the last
    // repeat is partial. Strides are non-negative, so the last two repeats bound the footprint.
    auto extentOf = [&](uint32_t r) -> uint64_t {
        uint64_t e = 0;
        for (uint32_t l = 0; l < it.lanes; ++l)
            if (LaneEnabled(it, r, l)) e = std::max<uint64_t>(e, uint64_t(LaneAddress(o, r, l) - o.base) + o.esize);
        return e;
    };
    uint64_t end = 0;
    for (uint32_t r = repeats >= 2 ? repeats - 2 : 0; r < repeats; ++r) end = std::max(end, extentOf(r));
    return end;
}

}  // namespace akg::sim
