// Runs kernel code written inline in a test on simulated cores, with GM buffers the test owns.
#pragma once

#include <functional>
#include <vector>

#include "akg/launch/launch.h"
#include "basic_api/kernel_operator_tiling_intf.h"  // KernelMetaType

namespace akg::test {

struct KernelRun {
    sim::LaunchResult result;
    bool HasDiag(const std::string& code) const {
        for (auto& d : result.diagnostics)
            if (d.code == code) return true;
        return false;
    }
    std::string Codes() const {
        std::string s;
        for (auto& d : result.diagnostics) s += d.code + "(" + d.location + ": " + d.message + ") ";
        return s;
    }
};

// Runs `body` on every core a launch of `kernelType` with blockDim starts on `platform` (both
// core types of a mixed one); GetBlockIdx() and g_coreType tell which.
inline KernelRun RunOn(const sim::PlatformSpec& platform, int32_t kernelType, uint32_t blockDim,
                       std::function<void()> body, std::vector<sim::InstrObserver*> observers = {},
                       uint64_t tilingKey = 0, bool resolveLocations = true) {
    static std::function<void()>* current = nullptr;
    current = &body;
    sim::LaunchArgs args;
    args.entry = [](void**) { (*current)(); };
    args.blockDim = blockDim;
    args.tilingKey = tilingKey;
    args.resolveLocations = resolveLocations;
    args.kernelType = kernelType;
    KernelRun run;
    run.result = sim::Launch(platform, args, observers);
    current = nullptr;
    return run;
}

// The same on the default platform (Ascend910B1).
inline KernelRun RunTyped(int32_t kernelType, uint32_t blockDim, std::function<void()> body,
                          std::vector<sim::InstrObserver*> observers = {}, uint64_t tilingKey = 0,
                          bool resolveLocations = true) {
    return RunOn(sim::PlatformSpec{}, kernelType, blockDim, std::move(body), std::move(observers), tilingKey,
                 resolveLocations);
}

// The kernel body runs once per core of one type; GetBlockIdx() tells which.
// With resolveLocations false the diagnostics carry code sites only (as in a sandboxed run).
// `coreType` AIC runs the body on cube cores (the cube path's tests).
inline KernelRun RunKernel(uint32_t blockDim, std::function<void()> body, uint64_t tilingKey = 0,
                           bool resolveLocations = true, CoreType coreType = AIV) {
    return RunTyped(coreType == AIC ? KERNEL_TYPE_AIC_ONLY : KERNEL_TYPE_AIV_ONLY, blockDim, std::move(body), {},
                    tilingKey, resolveLocations);
}

// A GM buffer of n elements of T, released with the test.
template <typename T>
struct GmBuffer {
    T* data;
    size_t n;
    explicit GmBuffer(size_t count, const char* name = "gm") : n(count) {
        data = static_cast<T*>(sim::GmAlloc(count * sizeof(T), name));
    }
    GM_ADDR addr() const { return reinterpret_cast<GM_ADDR>(data); }
    T& operator[](size_t i) { return data[i]; }
};

struct GmScope {
    ~GmScope() { sim::GmFreeAll(); }
};

}  // namespace akg::test

// ---- Helpers shared by the simulator tests (appended; the harness above is unchanged). ----
#include <cstring>
#include <string>

#include "kernel_operator.h"

namespace akg::test {

// The first diagnostic with `code`, or null.
inline const sim::Diagnostic* FindDiag(const KernelRun& run, const std::string& code) {
    for (auto& d : run.result.diagnostics)
        if (d.code == code) return &d;
    return nullptr;
}

// Bytes of `n` elements of T rounded up to whole 32-byte blocks.
template <typename T>
inline uint32_t UbBytes(size_t n) {
    return uint32_t((n * sizeof(T) + 31) / 32 * 32);
}

// Runs `op(dst, src0, src1)` on one core with three VECCALC TBufs holding the host vectors: the
// buffers are filled from the vectors before `op` and `dst` is copied back after it. The copies
// use the raw addresses, so only `op` itself goes through the simulator's checks.
template <typename D, typename S, typename F>
inline KernelRun RunOnUb(std::vector<D>& dst, const std::vector<S>& src0, const std::vector<S>& src1, F&& op) {
    return RunKernel(1, [&] {
        AscendC::TPipe pipe;
        AscendC::TBuf<AscendC::TPosition::VECCALC> bd, b0, b1;
        pipe.InitBuffer(bd, UbBytes<D>(dst.size() ? dst.size() : 1));
        pipe.InitBuffer(b0, UbBytes<S>(src0.size() ? src0.size() : 1));
        pipe.InitBuffer(b1, UbBytes<S>(src1.size() ? src1.size() : 1));
        AscendC::LocalTensor<D> td = bd.Get<D>();
        AscendC::LocalTensor<S> t0 = b0.Get<S>();
        AscendC::LocalTensor<S> t1 = b1.Get<S>();
        std::memcpy(static_cast<void*>(td.Data()), dst.data(), dst.size() * sizeof(D));
        std::memcpy(static_cast<void*>(t0.Data()), src0.data(), src0.size() * sizeof(S));
        std::memcpy(static_cast<void*>(t1.Data()), src1.data(), src1.size() * sizeof(S));
        op(td, t0, t1);
        std::memcpy(static_cast<void*>(dst.data()), td.Data(), dst.size() * sizeof(D));
    });
}

// Bit pattern of a value, for exact comparisons that also cover NaN and signed zero.
template <typename T>
inline uint64_t BitsOf(T v) {
    uint64_t b = 0;
    std::memcpy(&b, &v, sizeof(T));
    return b;
}

}  // namespace akg::test

// ---- Independent reference rounding for the tests ----
//
// The simulator rounds by scaling and calling rint/floor/...; these references instead enumerate
// the target format's values (16-bit formats: every bit pattern) or step with nextafter (float),
// find the two neighbours of the exact value and pick one by the rounding rule.
#include <algorithm>
#include <cmath>

namespace akg::test {

enum class Rnd { Rint, Floor, Ceil, Round, Trunc, Odd };

inline Rnd RndOf(AscendC::RoundMode m) {
    switch (m) {
        case AscendC::RoundMode::CAST_FLOOR: return Rnd::Floor;
        case AscendC::RoundMode::CAST_CEIL: return Rnd::Ceil;
        case AscendC::RoundMode::CAST_ROUND: return Rnd::Round;
        case AscendC::RoundMode::CAST_TRUNC: return Rnd::Trunc;
        case AscendC::RoundMode::CAST_ODD: return Rnd::Odd;
        default: return Rnd::Rint;
    }
}

// Chooses between the neighbours lo < |x| < hi of a magnitude (odd: whether the pattern's last
// bit is set); `neg` says the original value was negative, which flips floor and ceil.
inline bool PickHigh(long double a, long double lo, long double hi, bool loOdd, bool hiOdd, bool neg, Rnd r) {
    switch (r) {
        case Rnd::Trunc: return false;
        case Rnd::Floor: return neg;
        case Rnd::Ceil: return !neg;
        case Rnd::Odd: return !loOdd && hiOdd;
        case Rnd::Round: return a - lo >= hi - a;
        default:
            if (a - lo != hi - a) return a - lo > hi - a;
            return loOdd;  // tie: to the even pattern
    }
}

// A 16-bit float format: its non-negative finite values ascending with their bit patterns, and
// +inf placed at 2^(emax+1), where IEEE rounding overflows.
struct Format16 {
    std::vector<std::pair<long double, uint16_t>> vals;
    uint16_t inf;
    uint16_t nan;
};

template <typename T>
inline const Format16& Format16Of() {
    static const Format16 f = [] {
        Format16 r;
        for (uint32_t b = 0; b < 0x8000; ++b) {
            T v;
            uint16_t bits = uint16_t(b);
            v = __builtin_bit_cast(T, bits);
            long double x = static_cast<long double>(static_cast<float>(v));
            if (std::isnan(x)) continue;
            if (std::isinf(x)) {
                r.inf = bits;
                continue;
            }
            r.vals.push_back({x, bits});
        }
        std::sort(r.vals.begin(), r.vals.end());
        long double maxv = r.vals.back().first;
        // 2^(emax+1): the next binade above the largest finite value.
        int e = 0;
        std::frexp(maxv, &e);
        r.vals.push_back({std::ldexp(1.0L, e), r.inf});
        r.nan = std::is_same_v<T, half> ? 0x7E00 : 0x7FC0;
        return r;
    }();
    return f;
}

// Rounds an exact value to half / bfloat16_t under `r`.
template <typename T>
inline T RefRound16(long double x, Rnd r) {
    const Format16& f = Format16Of<T>();
    uint16_t bits;
    if (std::isnan(x)) {
        bits = f.nan;
    } else {
        const bool neg = std::signbit(x);
        const long double a = std::fabs(x);
        const auto& v = f.vals;
        const size_t last = v.size() - 1;  // the +inf entry
        if (std::isinf(a)) {
            bits = f.inf;
        } else if (a >= v[last].first) {
            // Beyond the overflow threshold: modes that round up in magnitude give inf.
            bool up = r == Rnd::Rint || r == Rnd::Round || (r == Rnd::Ceil && !neg) || (r == Rnd::Floor && neg);
            bits = up ? f.inf : v[last - 1].second;
        } else {
            auto it = std::lower_bound(v.begin(), v.end(), std::make_pair(a, uint16_t(0)));
            if (it->first == a) {
                bits = it->second;
            } else {
                auto lo = it - 1;
                bool high = PickHigh(a, lo->first, it->first, lo->second & 1, it->second & 1, neg, r);
                bits = high ? it->second : lo->second;
                // Round-to-odd never overflows: the largest finite value is odd.
            }
        }
        if (neg) bits |= 0x8000;
    }
    T out;
    out = __builtin_bit_cast(T, bits);
    return out;
}

// Rounds an exact value (held in long double) to float under `r`.
inline float RefRoundFloat(long double x, Rnd r) {
    if (std::isnan(x) || std::isinf(x) || x == 0) return static_cast<float>(x);
    const bool neg = std::signbit(x);
    const long double a = std::fabs(x);
    const long double maxf = std::numeric_limits<float>::max();
    if (a > maxf) {
        // 2^128 is the overflow threshold; ties and beyond go to inf under nearest modes.
        const long double lim = std::ldexp(1.0L, 128);
        bool up = (r == Rnd::Rint || r == Rnd::Round) ? (a - maxf >= lim - a)
                                                       : ((r == Rnd::Ceil && !neg) || (r == Rnd::Floor && neg));
        float m = up ? std::numeric_limits<float>::infinity() : std::numeric_limits<float>::max();
        return neg ? -m : m;
    }
    float f = static_cast<float>(a);  // some neighbour
    float lo = static_cast<long double>(f) > a ? std::nextafter(f, 0.0f) : f;
    if (static_cast<long double>(lo) == a) return neg ? -lo : lo;
    float hi = std::nextafter(lo, std::numeric_limits<float>::infinity());
    bool high = PickHigh(a, lo, hi, BitsOf(lo) & 1, BitsOf(hi) & 1, neg, r);
    float m = high ? hi : lo;
    return neg ? -m : m;
}

// Rounds a finite value to an integer under `r` (ties per mode).
inline long double RefRoundInt(long double x, Rnd r) {
    long double lo = std::floor(x), hi = lo + 1;
    if (lo == x) return x;
    const long double d = x - lo;
    switch (r) {
        case Rnd::Floor: return lo;
        case Rnd::Ceil: return hi;
        case Rnd::Trunc: return x < 0 ? hi : lo;
        case Rnd::Round: return d > 0.5L || (d == 0.5L && x > 0) ? hi : lo;
        case Rnd::Odd: return std::fmod(lo, 2.0L) != 0 ? lo : hi;
        default: return d > 0.5L || (d == 0.5L && std::fmod(lo, 2.0L) != 0) ? hi : lo;
    }
}

// Converts to an integer type: round, saturate, NaN -> 0.
template <typename I>
inline I RefToInt(long double x, Rnd r) {
    if (std::isnan(x)) return 0;
    if (std::isinf(x)) return x > 0 ? std::numeric_limits<I>::max() : std::numeric_limits<I>::min();
    long double v = RefRoundInt(x, r);
    if (v > static_cast<long double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
    if (v < static_cast<long double>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
    return static_cast<I>(v);
}

// Round-to-nearest-even of an exact value to T, the rounding of every vector arithmetic result.
template <typename T>
inline T RefRne(long double x) {
    if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>) return RefRound16<T>(x, Rnd::Rint);
    else if constexpr (std::is_same_v<T, float>) return RefRoundFloat(x, Rnd::Rint);
    else return static_cast<T>(static_cast<int64_t>(x));  // integers: exact values modulo 2^bits
}

}  // namespace akg::test
