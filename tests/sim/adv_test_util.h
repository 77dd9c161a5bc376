// Helpers of the high-level element-wise API tests (tests/sim/adv_*_test.cpp): input sets with
// the edge values every function is checked on, a distance in units of the last place that
// understands NaN, infinities and signed zeros, and a runner that calls an API on UB tensors of
// one core.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"
#include "sim/vec_test_util.h"

namespace akg::advtest {

using AscendC::LocalTensor;

template <typename T>
long double Ld(T v) {
    if constexpr (std::is_same_v<T, bfloat16_t>)
        return static_cast<long double>(static_cast<float>(v));
    else
        return static_cast<long double>(v);
}

// Round an exact (long double) value to T with round-to-nearest-even (reference rounding from
// kernel_harness.h, which enumerates the 16-bit formats).
template <typename T>
T Rne(long double x) {
    return akg::test::RefRne<T>(x);
}

// Position of a value on the number line of T's bit patterns (monotonic in the value).
template <typename T>
int64_t Ordinal(T v) {
    uint64_t bits = akg::test::BitsOf(v);
    constexpr int kBits = sizeof(T) * 8;
    const uint64_t sign = uint64_t(1) << (kBits - 1);
    const int64_t mag = int64_t(bits & (sign - 1));
    return (bits & sign) ? -mag : mag;
}

// Distance in ulps of T; NaN matches only NaN, infinities only themselves. Signed zeros are one
// ulp apart only when `signedZero` asks for it (otherwise +0 == -0).
template <typename T>
int64_t UlpDistance(T got, T want) {
    const long double g = Ld(got), w = Ld(want);
    if (std::isnan(g) || std::isnan(w)) return std::isnan(g) && std::isnan(w) ? 0 : INT64_MAX;
    if (std::isinf(g) || std::isinf(w)) return g == w ? 0 : INT64_MAX;
    if (g == 0 && w == 0) return 0;
    const int64_t d = Ordinal(got) - Ordinal(want);
    return d < 0 ? -d : d;
}

template <typename T>
std::string Show(T v) {
    char b[96];
    snprintf(b, sizeof b, "%.9Lg (0x%llx)", Ld(v), static_cast<unsigned long long>(akg::test::BitsOf(v)));
    return b;
}

// Values every unary function is checked on: zeros, infinities, NaN, the extremes of T, and
// a spread of ordinary values in [lo, hi].
template <typename T>
std::vector<T> EdgeValues() {
    std::vector<T> v;
    const double big = std::is_same_v<T, half> ? 65504.0 : (std::is_same_v<T, float> ? 3.4028234663852886e38 : 3.38e38);
    const double tiny = std::is_same_v<T, half> ? 5.960464477539063e-08 : 1.401298464324817e-45;
    const double minNormal = std::is_same_v<T, half> ? 6.103515625e-05 : 1.1754943508222875e-38;
    for (double x : {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, big, -big, tiny, -tiny, minNormal, -minNormal})
        v.push_back(static_cast<T>(static_cast<float>(x)));
    v.push_back(static_cast<T>(std::numeric_limits<float>::infinity()));
    v.push_back(static_cast<T>(-std::numeric_limits<float>::infinity()));
    v.push_back(static_cast<T>(std::numeric_limits<float>::quiet_NaN()));
    return v;
}

template <typename T>
std::vector<T> Inputs(double lo, double hi, size_t randomCount = 300, uint64_t seed = 7) {
    std::vector<T> v = EdgeValues<T>();
    akg::vtest::Lcg g(seed);
    for (size_t i = 0; i < randomCount; ++i) v.push_back(static_cast<T>(static_cast<float>(g.Uniform(lo, hi))));
    // Integers and half-integers exercise the rounding functions.
    for (int k = -6; k <= 6; ++k) v.push_back(static_cast<T>(k * 0.5f + (k % 3 == 0 ? 0.25f : 0.0f)));
    return v;
}

// Runs `body` on one core; `ub` hands out VECCALC tensors.
inline akg::test::KernelRun OnCore(const std::function<void(akg::vtest::Ub&)>& body) {
    return akg::test::RunKernel(1, [&] {
        AscendC::TPipe pipe;
        akg::vtest::Ub ub(pipe);
        body(ub);
    });
}

// Compares got[i] with want[i] within `ulps`, reporting the input.
template <typename T, typename In>
void ExpectClose(const std::string& what, const std::vector<T>& got, const std::vector<T>& want,
                 const std::vector<In>& in, int64_t ulps, bool exactZeroSign = false) {
    ASSERT_EQ(got.size(), want.size());
    int failures = 0;
    for (size_t i = 0; i < got.size() && failures < 10; ++i) {
        int64_t d = UlpDistance(got[i], want[i]);
        bool zeroSign = exactZeroSign && Ld(want[i]) == 0 && Ld(got[i]) == 0 &&
                        std::signbit(static_cast<double>(Ld(got[i]))) != std::signbit(static_cast<double>(Ld(want[i])));
        if (d > ulps || zeroSign) {
            ++failures;
            ADD_FAILURE() << what << " #" << i << " input " << Show(in[i]) << ": got " << Show(got[i]) << ", want "
                          << Show(want[i]) << " (" << d << " ulp)";
        }
    }
}

}  // namespace akg::advtest
