// Helpers for the vector-family tests (compare/select, reductions, gather, brcb, index, copy,
// transpose): UB tensors filled from host vectors inside a one-core kernel.
#pragma once

#include <cmath>
#include <cstring>
#include <deque>
#include <limits>
#include <vector>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"

namespace akg::vtest {

// Allocates VECCALC TBufs of exactly the requested element count (GetSize() == n).
struct Ub {
    AscendC::TPipe& pipe;
    std::deque<AscendC::TBuf<AscendC::TPosition::VECCALC>> bufs;
    explicit Ub(AscendC::TPipe& p) : pipe(p) {}

    template <typename T>
    AscendC::LocalTensor<T> New(size_t n) {
        bufs.emplace_back();
        pipe.InitBuffer(bufs.back(), uint32_t((n * sizeof(T) + 31) / 32 * 32));
        return bufs.back().template Get<T>(uint32_t(n));
    }
    template <typename T>
    AscendC::LocalTensor<T> New(const std::vector<T>& init) {
        auto t = New<T>(init.size());
        std::memcpy(t.Data(), init.data(), init.size() * sizeof(T));
        return t;
    }
    // A tensor whose bytes are all `fill` (to see which elements an instruction leaves alone).
    template <typename T>
    AscendC::LocalTensor<T> Filled(size_t n, uint8_t fill) {
        auto t = New<T>(n);
        std::memset(static_cast<void*>(t.Data()), fill, n * sizeof(T));
        return t;
    }
};

template <typename T>
std::vector<T> Read(const AscendC::LocalTensor<T>& t, size_t n) {
    std::vector<T> v(n);
    std::memcpy(v.data(), t.Data(), n * sizeof(T));
    return v;
}

template <typename T>
uint64_t Bits(T v) {
    uint64_t b = 0;
    std::memcpy(&b, &v, sizeof(T));
    return b;
}
template <typename T>
T FromBits(uint64_t b) {
    T v;
    std::memcpy(&v, &b, sizeof(T));
    return v;
}
template <typename T>
T Poison(uint8_t fill) {
    T v;
    std::memset(static_cast<void*>(&v), fill, sizeof(T));
    return v;
}

// Deterministic pseudo-random values.
struct Lcg {
    uint64_t s;
    explicit Lcg(uint64_t seed) : s(seed) {}
    uint32_t Next() {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return uint32_t(s >> 33);
    }
    double Uniform(double lo, double hi) { return lo + (hi - lo) * (Next() / 4294967296.0); }
};

template <typename T>
std::vector<T> RandomVec(size_t n, uint64_t seed, double lo = -100, double hi = 100) {
    Lcg g(seed);
    std::vector<T> v(n);
    for (auto& x : v) x = static_cast<T>(g.Uniform(lo, hi));
    return v;
}

// Round-to-nearest-even of an exactly representable double result to T.
template <typename T>
T Rne(double x) {
    if constexpr (std::is_same_v<T, bfloat16_t>) return bfloat16_t(static_cast<float>(x));  // float first: exact here
    else return static_cast<T>(x);
}

inline bool SameBits(float a, float b) { return Bits(a) == Bits(b); }

}  // namespace akg::vtest
