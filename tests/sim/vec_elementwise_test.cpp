// Element-wise vector APIs (binary, vector-scalar, unary, Duplicate) against scalar reference
// loops written here: count form, bit-mask form, continuous-mask form, counter mode, strides,
// masked-off lanes, clamping, NOPs, and the rounding of every result.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"

using namespace AscendC;
using akg::test::BitsOf;
using akg::test::RefRne;
using akg::test::RunOnUb;

namespace {

// ---- value generation ----

template <typename T>
std::vector<T> RandomVec(size_t n, uint32_t seed, double lo, double hi) {
    std::mt19937 rng(seed);
    std::vector<T> v(n);
    for (auto& x : v) {
        if constexpr (std::is_integral_v<T>) {
            std::uniform_int_distribution<int64_t> d{int64_t(lo), int64_t(hi)};
            x = static_cast<T>(d(rng));
        } else {
            std::uniform_real_distribution<double> d(lo, hi);
            x = static_cast<T>(static_cast<float>(d(rng)));
        }
    }
    return v;
}

// A recognisable value for "never written".
template <typename T>
T Sentinel() {
    if constexpr (std::is_integral_v<T>) return static_cast<T>(0x5A);
    else return static_cast<T>(-777.0f);
}

template <typename T>
long double Ld(T v) {
    if constexpr (std::is_integral_v<T>) return static_cast<long double>(v);
    else return static_cast<long double>(static_cast<float>(v));
}

// Integer results wrap modulo 2^bits.
template <typename T>
T Wrap(int64_t v) {
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(static_cast<uint64_t>(v)));
}

template <typename T>
std::string Show(T v) {
    if constexpr (std::is_integral_v<T>) return std::to_string(int64_t(v));
    else return std::to_string(double(float(v))) + " (bits 0x" + [&] {
        char b[32];
        snprintf(b, sizeof b, "%llx", (unsigned long long)BitsOf(v));
        return std::string(b);
    }() + ")";
}

#define EXPECT_SAME(got, want, what)                                                                          \
    EXPECT_EQ(BitsOf(got), BitsOf(want)) << (what) << ": got " << Show(got) << ", want " << Show(want)

constexpr int kN = 300;     // not a multiple of any lane count
constexpr int kSlack = 40;  // elements after kN that must stay untouched

// Runs a binary count-form API on random data and compares every element with `ref(a, b)`.
template <typename T, typename Api, typename Ref>
void CheckBinaryCount(const char* name, Api api, Ref ref, double lo, double hi) {
    auto a = RandomVec<T>(kN + kSlack, 11, lo, hi);
    auto b = RandomVec<T>(kN + kSlack, 12, lo, hi);
    std::vector<T> d(kN + kSlack, Sentinel<T>());
    auto run = RunOnUb(d, a, b, [&](auto& td, auto& ta, auto& tb) { api(td, ta, tb, kN); });
    ASSERT_TRUE(run.result.completed) << name << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << name << ": " << run.Codes();
    for (int i = 0; i < kN; ++i) EXPECT_SAME(d[i], ref(a[i], b[i]), std::string(name) + " #" + std::to_string(i));
    for (int i = kN; i < kN + kSlack; ++i) EXPECT_SAME(d[i], Sentinel<T>(), std::string(name) + " tail");
}

template <typename T>
T RefAdd(T x, T y) {
    if constexpr (std::is_integral_v<T>) return Wrap<T>(int64_t(x) + int64_t(y));
    else return RefRne<T>(Ld(x) + Ld(y));
}
template <typename T>
T RefSub(T x, T y) {
    if constexpr (std::is_integral_v<T>) return Wrap<T>(int64_t(x) - int64_t(y));
    else return RefRne<T>(Ld(x) - Ld(y));
}
template <typename T>
T RefMul(T x, T y) {
    if constexpr (std::is_integral_v<T>) return Wrap<T>(int64_t(x) * int64_t(y));
    else return RefRne<T>(Ld(x) * Ld(y));
}
template <typename T>
T RefMax(T x, T y) {
    return Ld(x) >= Ld(y) ? x : y;
}
template <typename T>
T RefMin(T x, T y) {
    return Ld(x) <= Ld(y) ? x : y;
}

template <typename T>
void CheckArithmeticFamily(double lo, double hi) {
    CheckBinaryCount<T>("Add", [](auto& d, auto& a, auto& b, int n) { Add(d, a, b, n); }, RefAdd<T>, lo, hi);
    CheckBinaryCount<T>("Sub", [](auto& d, auto& a, auto& b, int n) { Sub(d, a, b, n); }, RefSub<T>, lo, hi);
    CheckBinaryCount<T>("Mul", [](auto& d, auto& a, auto& b, int n) { Mul(d, a, b, n); }, RefMul<T>, lo, hi);
    CheckBinaryCount<T>("Max", [](auto& d, auto& a, auto& b, int n) { Max(d, a, b, n); }, RefMax<T>, lo, hi);
    CheckBinaryCount<T>("Min", [](auto& d, auto& a, auto& b, int n) { Min(d, a, b, n); }, RefMin<T>, lo, hi);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Count form ("first n elements") for every binary API and type.

TEST(VecBinary, CountFormHalf) { CheckArithmeticFamily<half>(-100, 100); }
TEST(VecBinary, CountFormFloat) { CheckArithmeticFamily<float>(-1e6, 1e6); }
TEST(VecBinary, CountFormInt16WrapsOnOverflow) { CheckArithmeticFamily<int16_t>(-32768, 32767); }
TEST(VecBinary, CountFormInt32WrapsOnOverflow) { CheckArithmeticFamily<int32_t>(-2147483648.0, 2147483647.0); }

TEST(VecBinary, DivCountForm) {
    auto nonzero = [](auto v) { return v; };
    (void)nonzero;
    CheckBinaryCount<half>("Div<half>", [](auto& d, auto& a, auto& b, int n) { Div(d, a, b, n); },
                           [](half x, half y) { return RefRne<half>(Ld(x) / Ld(y)); }, 0.5, 100);
    CheckBinaryCount<float>("Div<float>", [](auto& d, auto& a, auto& b, int n) { Div(d, a, b, n); },
                            [](float x, float y) { return RefRne<float>(Ld(x) / Ld(y)); }, -1e3, 1e3);
}

TEST(VecBinary, AndOrCountForm) {
    CheckBinaryCount<int16_t>("And<int16>", [](auto& d, auto& a, auto& b, int n) { And(d, a, b, n); },
                              [](int16_t x, int16_t y) { return int16_t(x & y); }, -32768, 32767);
    CheckBinaryCount<uint16_t>("Or<uint16>", [](auto& d, auto& a, auto& b, int n) { Or(d, a, b, n); },
                               [](uint16_t x, uint16_t y) { return uint16_t(x | y); }, 0, 65535);
    CheckBinaryCount<uint16_t>("And<uint16>", [](auto& d, auto& a, auto& b, int n) { And(d, a, b, n); },
                               [](uint16_t x, uint16_t y) { return uint16_t(x & y); }, 0, 65535);
    CheckBinaryCount<int16_t>("Or<int16>", [](auto& d, auto& a, auto& b, int n) { Or(d, a, b, n); },
                              [](int16_t x, int16_t y) { return int16_t(x | y); }, -32768, 32767);
}

TEST(VecBinary, AddReluSubReluCountForm) {
    CheckBinaryCount<half>("AddRelu<half>", [](auto& d, auto& a, auto& b, int n) { AddRelu(d, a, b, n); },
                           [](half x, half y) {
                               half s = RefAdd(x, y);
                               return float(s) > 0 ? s : half(0.0f);
                           },
                           -50, 50);
    CheckBinaryCount<float>("SubRelu<float>", [](auto& d, auto& a, auto& b, int n) { SubRelu(d, a, b, n); },
                            [](float x, float y) {
                                float s = RefSub(x, y);
                                return s > 0 ? s : 0.0f;
                            },
                            -50, 50);
    CheckBinaryCount<int16_t>("AddRelu<int16>", [](auto& d, auto& a, auto& b, int n) { AddRelu(d, a, b, n); },
                              [](int16_t x, int16_t y) {
                                  int16_t s = RefAdd(x, y);
                                  return s > 0 ? s : int16_t(0);
                              },
                              -1000, 1000);
}

// dst = src0 * dst + src1 and dst = src0 * src1 + dst read the destination.
TEST(VecBinary, FusedMulAddAndMulAddDstCountForm) {
    auto a = RandomVec<half>(kN, 1, -8, 8), b = RandomVec<half>(kN, 2, -8, 8);
    auto d0 = RandomVec<half>(kN, 3, -8, 8);
    std::vector<half> d = d0;
    auto run = RunOnUb(d, a, b, [](auto& td, auto& ta, auto& tb) { FusedMulAdd(td, ta, tb, kN); });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < kN; ++i) {
        half prod = RefRne<half>(Ld(a[i]) * Ld(d0[i]));
        EXPECT_SAME(d[i], RefRne<half>(Ld(prod) + Ld(b[i])), "FusedMulAdd #" + std::to_string(i));
    }
    d = d0;
    run = RunOnUb(d, a, b, [](auto& td, auto& ta, auto& tb) { MulAddDst(td, ta, tb, kN); });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < kN; ++i) {
        half prod = RefRne<half>(Ld(a[i]) * Ld(b[i]));
        EXPECT_SAME(d[i], RefRne<half>(Ld(prod) + Ld(d0[i])), "MulAddDst #" + std::to_string(i));
    }
    // half sources accumulating into float: the product of two halves is exact in float.
    std::vector<float> df = RandomVec<float>(kN, 4, -100, 100), df0 = df;
    run = RunOnUb(df, a, b, [](auto& td, auto& ta, auto& tb) { MulAddDst(td, ta, tb, kN); });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < kN; ++i)
        EXPECT_SAME(df[i], RefRne<float>(Ld(a[i]) * Ld(b[i]) + Ld(df0[i])), "MulAddDst<float,half>");
}

// The product is rounded to the destination type before the addition (documented intermediate
// stage), so a result differs from a fused multiply-add exactly at a constructed tie.
TEST(VecBinary, MulAddDstRoundsTheProductFirst) {
    const float u = 1.0f / 1024;                                         // half ulp at 1.0
    std::vector<half> a = {half(1 + u), half(1 + u)}, b = {half(1 + u), half(1 + u)};
    std::vector<half> d = {half(u / 2), half(u / 2)};                   // 2^-11
    auto run = RunOnUb(d, a, b, [](auto& td, auto& ta, auto& tb) { MulAddDst(td, ta, tb, 2); });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    // (1+u)^2 = 1 + 2u + u^2 rounds to 1 + 2u; adding u/2 is a tie that goes to the even 1 + 2u.
    // A fused evaluation would give 1 + 3u.
    EXPECT_EQ(float(d[0]), 1 + 2 * u);
}

// ---------------------------------------------------------------------------------------------
// Vector-scalar APIs.

namespace {
template <typename T, typename Api, typename Ref>
void CheckScalarCount(const char* name, Api api, Ref ref, T scalar, double lo, double hi) {
    auto a = RandomVec<T>(kN + kSlack, 21, lo, hi);
    std::vector<T> d(kN + kSlack, Sentinel<T>());
    std::vector<T> none;
    auto run = RunOnUb(d, a, none, [&](auto& td, auto& ta, auto&) { api(td, ta, scalar, kN); });
    EXPECT_TRUE(run.result.diagnostics.empty()) << name << ": " << run.Codes();
    for (int i = 0; i < kN; ++i) EXPECT_SAME(d[i], ref(a[i], scalar), std::string(name) + " #" + std::to_string(i));
    for (int i = kN; i < kN + kSlack; ++i) EXPECT_SAME(d[i], Sentinel<T>(), std::string(name) + " tail");
}

template <typename T>
void CheckScalarFamily(T s, double lo, double hi) {
    CheckScalarCount<T>("Adds", [](auto& d, auto& a, T v, int n) { Adds(d, a, v, n); }, RefAdd<T>, s, lo, hi);
    CheckScalarCount<T>("Muls", [](auto& d, auto& a, T v, int n) { Muls(d, a, v, n); }, RefMul<T>, s, lo, hi);
    CheckScalarCount<T>("Maxs", [](auto& d, auto& a, T v, int n) { Maxs(d, a, v, n); }, RefMax<T>, s, lo, hi);
    CheckScalarCount<T>("Mins", [](auto& d, auto& a, T v, int n) { Mins(d, a, v, n); }, RefMin<T>, s, lo, hi);
}
}  // namespace

TEST(VecScalar, CountFormHalf) { CheckScalarFamily<half>(half(1.375f), -100, 100); }
TEST(VecScalar, CountFormFloat) { CheckScalarFamily<float>(-3.3f, -1e5, 1e5); }
TEST(VecScalar, CountFormInt16) { CheckScalarFamily<int16_t>(int16_t(-12345), -32768, 32767); }
TEST(VecScalar, CountFormInt32) { CheckScalarFamily<int32_t>(int32_t(2000000007), -2147483648.0, 2147483647.0); }

TEST(VecScalar, LeakyReluCountForm) {
    auto ref = [](auto x, auto alpha) {
        using T = decltype(x);
        return std::signbit(Ld(x)) ? RefRne<T>(Ld(x) * Ld(alpha)) : x;
    };
    CheckScalarCount<half>("LeakyRelu<half>", [](auto& d, auto& a, half v, int n) { LeakyRelu(d, a, v, n); }, ref,
                           half(0.1f), -50, 50);
    CheckScalarCount<float>("LeakyRelu<float>", [](auto& d, auto& a, float v, int n) { LeakyRelu(d, a, v, n); },
                            ref, 0.01f, -50, 50);
}

TEST(VecScalar, ShiftsCountForm) {
    CheckScalarCount<int16_t>("ShiftLeft<int16>", [](auto& d, auto& a, int16_t v, int n) { ShiftLeft(d, a, v, n); },
                              [](int16_t x, int16_t s) { return int16_t(uint16_t(x) << s); }, int16_t(3), -32768,
                              32767);
    CheckScalarCount<int16_t>("ShiftRight<int16>",
                              [](auto& d, auto& a, int16_t v, int n) { ShiftRight(d, a, v, n); },
                              [](int16_t x, int16_t s) { return int16_t(x >> s); }, int16_t(5), -32768, 32767);
    CheckScalarCount<uint16_t>("ShiftRight<uint16>",
                               [](auto& d, auto& a, uint16_t v, int n) { ShiftRight(d, a, v, n); },
                               [](uint16_t x, uint16_t s) { return uint16_t(x >> s); }, uint16_t(5), 0, 65535);
    CheckScalarCount<int32_t>("ShiftLeft<int32>", [](auto& d, auto& a, int32_t v, int n) { ShiftLeft(d, a, v, n); },
                              [](int32_t x, int32_t s) { return int32_t(uint32_t(x) << s); }, 7, -2147483648.0,
                              2147483647.0);
    CheckScalarCount<uint32_t>("ShiftRight<uint32>",
                               [](auto& d, auto& a, uint32_t v, int n) { ShiftRight(d, a, v, n); },
                               [](uint32_t x, uint32_t s) { return uint32_t(x >> s); }, 9u, 0, 4294967295.0);
}

// The documented shift range includes the full width: by the width, a right shift of a signed
// value leaves only its sign (-1 or 0), an unsigned one and a left shift leave 0.
TEST(VecScalar, ShiftsByTheFullWidth) {
    CheckScalarCount<int32_t>("ShiftRight<int32> by 32",
                              [](auto& d, auto& a, int32_t v, int n) { ShiftRight(d, a, v, n); },
                              [](int32_t x, int32_t) { return int32_t(x < 0 ? -1 : 0); }, 32, -2147483648.0,
                              2147483647.0);
    CheckScalarCount<int16_t>("ShiftRight<int16> by 16",
                              [](auto& d, auto& a, int16_t v, int n) { ShiftRight(d, a, v, n); },
                              [](int16_t x, int16_t) { return int16_t(x < 0 ? -1 : 0); }, int16_t(16), -32768, 32767);
    CheckScalarCount<uint32_t>("ShiftRight<uint32> by 32",
                               [](auto& d, auto& a, uint32_t v, int n) { ShiftRight(d, a, v, n); },
                               [](uint32_t, uint32_t) { return uint32_t(0); }, 32u, 0, 4294967295.0);
    CheckScalarCount<int32_t>("ShiftLeft<int32> by 32",
                              [](auto& d, auto& a, int32_t v, int n) { ShiftLeft(d, a, v, n); },
                              [](int32_t, int32_t) { return int32_t(0); }, 32, -2147483648.0, 2147483647.0);
}

TEST(VecScalar, AxpyCountForm) {
    auto a = RandomVec<half>(kN, 31, -20, 20);
    std::vector<half> none;
    auto d0 = RandomVec<half>(kN, 32, -20, 20);
    std::vector<half> d = d0;
    const half s = half(0.3f);
    auto run = RunOnUb(d, a, none, [&](auto& td, auto& ta, auto&) { Axpy(td, ta, s, kN); });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < kN; ++i)
        EXPECT_SAME(d[i], RefRne<half>(Ld(RefRne<half>(Ld(a[i]) * Ld(s))) + Ld(d0[i])), "Axpy<half>");
    std::vector<float> df = RandomVec<float>(kN, 33, -20, 20), df0 = df;
    run = RunOnUb(df, a, none, [&](auto& td, auto& ta, auto&) { Axpy(td, ta, s, kN); });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < kN; ++i) EXPECT_SAME(df[i], RefRne<float>(Ld(a[i]) * Ld(s) + Ld(df0[i])), "Axpy<float,half>");
}

// ---------------------------------------------------------------------------------------------
// Unary APIs.

namespace {
// Compares with a tolerance in units of the last place (0: exact bits).
template <typename T, typename Api, typename Ref>
void CheckUnaryCount(const char* name, Api api, Ref ref, double lo, double hi, int ulps = 0) {
    auto a = RandomVec<T>(kN + kSlack, 41, lo, hi);
    std::vector<T> d(kN + kSlack, Sentinel<T>());
    std::vector<T> none;
    auto run = RunOnUb(d, a, none, [&](auto& td, auto& ta, auto&) { api(td, ta, kN); });
    EXPECT_TRUE(run.result.diagnostics.empty()) << name << ": " << run.Codes();
    for (int i = 0; i < kN; ++i) {
        T want = ref(a[i]);
        if (ulps == 0) {
            EXPECT_SAME(d[i], want, std::string(name) + " #" + std::to_string(i));
        } else {
            int64_t gb = int64_t(BitsOf(d[i])), wb = int64_t(BitsOf(want));
            EXPECT_LE(std::abs(gb - wb), ulps) << name << " #" << i << ": got " << Show(d[i]) << " want "
                                               << Show(want);
        }
    }
    for (int i = kN; i < kN + kSlack; ++i) EXPECT_SAME(d[i], Sentinel<T>(), std::string(name) + " tail");
}

template <typename T>
void CheckUnaryFamily() {
    // Sqrt and Reciprocal are correctly rounded; the transcendental ones are within one ulp of
    // the correctly rounded result.
    CheckUnaryCount<T>("Exp", [](auto& d, auto& a, int n) { Exp(d, a, n); },
                       [](T x) { return RefRne<T>(std::exp(Ld(x))); }, -10, 10, 1);
    CheckUnaryCount<T>("Ln", [](auto& d, auto& a, int n) { Ln(d, a, n); },
                       [](T x) { return RefRne<T>(std::log(Ld(x))); }, 0.01, 1000, 1);
    CheckUnaryCount<T>("Abs", [](auto& d, auto& a, int n) { Abs(d, a, n); },
                       [](T x) { return RefRne<T>(std::fabs(Ld(x))); }, -100, 100);
    CheckUnaryCount<T>("Reciprocal", [](auto& d, auto& a, int n) { Reciprocal(d, a, n); },
                       [](T x) { return RefRne<T>(1.0L / Ld(x)); }, 0.01, 100);
    CheckUnaryCount<T>("Sqrt", [](auto& d, auto& a, int n) { Sqrt(d, a, n); },
                       [](T x) { return RefRne<T>(std::sqrt(Ld(x))); }, 0, 1000);
    CheckUnaryCount<T>("Rsqrt", [](auto& d, auto& a, int n) { Rsqrt(d, a, n); },
                       [](T x) { return RefRne<T>(1.0L / std::sqrt(Ld(x))); }, 0.01, 1000, 1);
    CheckUnaryCount<T>("Relu", [](auto& d, auto& a, int n) { Relu(d, a, n); },
                       [](T x) { return Ld(x) > 0 ? x : T(0); }, -100, 100);
}
}  // namespace

TEST(VecUnary, CountFormHalf) { CheckUnaryFamily<half>(); }
TEST(VecUnary, CountFormFloat) { CheckUnaryFamily<float>(); }
TEST(VecUnary, ReluInt32AndNot) {
    CheckUnaryCount<int32_t>("Relu<int32>", [](auto& d, auto& a, int n) { Relu(d, a, n); },
                             [](int32_t x) { return x > 0 ? x : 0; }, -2147483648.0, 2147483647.0);
    CheckUnaryCount<int16_t>("Not<int16>", [](auto& d, auto& a, int n) { Not(d, a, n); },
                             [](int16_t x) { return int16_t(~x); }, -32768, 32767);
    CheckUnaryCount<uint16_t>("Not<uint16>", [](auto& d, auto& a, int n) { Not(d, a, n); },
                              [](uint16_t x) { return uint16_t(~x); }, 0, 65535);
}

// ---------------------------------------------------------------------------------------------
// Duplicate.

namespace {
template <typename T>
void CheckDuplicate(T v) {
    std::vector<T> d(kN + kSlack, Sentinel<T>());
    std::vector<T> none;
    auto run = RunOnUb(d, none, none, [&](auto& td, auto&, auto&) { Duplicate(td, v, kN); });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < kN; ++i) ASSERT_EQ(BitsOf(d[i]), BitsOf(v)) << i;
    for (int i = kN; i < kN + kSlack; ++i) ASSERT_EQ(BitsOf(d[i]), BitsOf(Sentinel<T>())) << i;
}
}  // namespace

TEST(VecDuplicate, CountFormEveryType) {
    CheckDuplicate<int16_t>(-1234);
    CheckDuplicate<uint16_t>(54321);
    CheckDuplicate<half>(half(-2.5f));
    CheckDuplicate<bfloat16_t>(bfloat16_t::FromBits(0x3FC1));
    CheckDuplicate<int32_t>(-123456789);
    CheckDuplicate<uint32_t>(4000000000u);
    CheckDuplicate<float>(3.14159f);
}

TEST(VecDuplicate, MaskFormWithStrides) {
    // float: 64 lanes; mask 20 per repeat, 3 repeats, block stride 2, repeat stride 20 blocks.
    std::vector<float> d(3 * 20 * 8 + 64, -1.0f);
    std::vector<float> none;
    auto run = RunOnUb(d, none, none, [](auto& td, auto&, auto&) { Duplicate(td, 7.5f, uint64_t(20), 3, 2, 20); });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<float> want(d.size(), -1.0f);
    for (int r = 0; r < 3; ++r)
        for (int l = 0; l < 20; ++l) want[r * 20 * 8 + (l / 8) * 2 * 8 + l % 8] = 7.5f;
    EXPECT_EQ(d, want);
}

// ---------------------------------------------------------------------------------------------
// The strided mask forms, against a reference model of the documented addressing:
// element (repeat r, lane l) of an operand lives at r * repStride * E + (l / E) * blkStride * E + l % E
// elements from its base, where E = 32 bytes / element size.

namespace {
struct BlockStrides {
    int blk, rep;
};
size_t At(int r, int l, BlockStrides s, int perBlock) {
    return size_t(r) * s.rep * perBlock + size_t(l / perBlock) * s.blk * perBlock + l % perBlock;
}
bool LaneOn(const uint64_t mask[2], int l) { return (l < 64 ? mask[0] >> l : mask[1] >> (l - 64)) & 1; }
}  // namespace

TEST(VecMaskForm, BitMaskHalfWithStridesAndStrideZeroSource) {
    const int lanes = 128, per = 16, repeats = 3;
    uint64_t mask[2] = {0x69A569A569A569A5ull, 0x00000000FFFF0001ull};
    const BlockStrides sd{2, 17}, s0{1, 8}, s1{0, 0};  // src1 always re-reads its first block
    std::vector<half> a = RandomVec<half>(repeats * 8 * per + 64, 51, -10, 10);
    std::vector<half> b = RandomVec<half>(per, 52, -10, 10);
    std::vector<half> d(repeats * 17 * per + 2 * 8 * per, Sentinel<half>());
    auto want = d;
    auto run = RunOnUb(d, a, b, [&](auto& td, auto& ta, auto& tb) {
        Add(td, ta, tb, mask, repeats, BinaryRepeatParams(2, 1, 0, 17, 8, 0));
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int r = 0; r < repeats; ++r)
        for (int l = 0; l < lanes; ++l)
            if (LaneOn(mask, l)) want[At(r, l, sd, per)] = RefAdd(a[At(r, l, s0, per)], b[At(r, l, s1, per)]);
    for (size_t i = 0; i < d.size(); ++i) EXPECT_SAME(d[i], want[i], "element " + std::to_string(i));
}

TEST(VecMaskForm, ContinuousMaskFloatWithStrides) {
    const int per = 8, repeats = 4;
    const BlockStrides sd{1, 8}, s0{2, 16}, s1{1, 9};
    auto a = RandomVec<float>(repeats * 16 * per, 61, -100, 100), b = RandomVec<float>(repeats * 9 * per, 62, -5, 5);
    std::vector<float> d(repeats * 8 * per, Sentinel<float>());
    auto want = d;
    auto run = RunOnUb(d, a, b, [&](auto& td, auto& ta, auto& tb) {
        Mul(td, ta, tb, uint64_t(37), repeats, BinaryRepeatParams(1, 2, 1, 8, 16, 9));
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int r = 0; r < repeats; ++r)
        for (int l = 0; l < 37; ++l) want[At(r, l, sd, per)] = RefMul(a[At(r, l, s0, per)], b[At(r, l, s1, per)]);
    for (size_t i = 0; i < d.size(); ++i) EXPECT_SAME(d[i], want[i], "element " + std::to_string(i));
}

TEST(VecMaskForm, ScalarAndUnaryMaskForms) {
    // Adds<int16>, bit mask, dst block stride 2.
    uint64_t mask[2] = {0xF0F0F0F0F0F0F0F0ull, 0x8000000000000001ull};
    auto a = RandomVec<int16_t>(2 * 8 * 16, 71, -32768, 32767);
    std::vector<int16_t> d(2 * 16 * 16, Sentinel<int16_t>()), none;
    auto want = d;
    auto run = RunOnUb(d, a, none, [&](auto& td, auto& ta, auto&) {
        Adds(td, ta, int16_t(1000), mask, 2, UnaryRepeatParams(2, 1, 16, 8));
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int r = 0; r < 2; ++r)
        for (int l = 0; l < 128; ++l)
            if (LaneOn(mask, l)) want[At(r, l, {2, 16}, 16)] = RefAdd(a[At(r, l, {1, 8}, 16)], int16_t(1000));
    EXPECT_EQ(d, want);

    // Sqrt<float>, continuous mask 50, src repeat stride 0 (every repeat re-reads the same data).
    auto f = RandomVec<float>(64, 72, 0, 100);
    std::vector<float> df(3 * 8 * 8, Sentinel<float>()), nonef;
    auto wantf = df;
    run = RunOnUb(df, f, nonef, [&](auto& td, auto& ta, auto&) { Sqrt(td, ta, uint64_t(50), 3, {1, 1, 8, 0}); });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int r = 0; r < 3; ++r)
        for (int l = 0; l < 50; ++l) wantf[At(r, l, {1, 8}, 8)] = RefRne<float>(std::sqrt(Ld(f[l])));
    EXPECT_EQ(df, wantf);
}

TEST(VecMaskForm, Int32ContinuousMaskWithRepeatStrideZeroSource) {
    // 40 of 64 lanes per repeat, 3 repeats; src1 has repeat stride 0 (re-read every repeat) and
    // block stride 2; int32 arithmetic wraps.
    auto a = RandomVec<int32_t>(3 * 8 * 8, 161, -2147483648.0, 2147483647.0);
    auto b = RandomVec<int32_t>(2 * 8 * 8, 162, -2147483648.0, 2147483647.0);
    std::vector<int32_t> d(3 * 10 * 8, Sentinel<int32_t>());
    auto want = d;
    auto run = RunOnUb(d, a, b, [](auto& td, auto& ta, auto& tb) {
        Sub(td, ta, tb, uint64_t(40), 3, BinaryRepeatParams(1, 1, 2, 10, 8, 0));
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int r = 0; r < 3; ++r)
        for (int l = 0; l < 40; ++l) want[At(r, l, {1, 10}, 8)] = RefSub(a[At(r, l, {1, 8}, 8)], b[At(r, l, {2, 0}, 8)]);
    EXPECT_EQ(d, want);
}

// A continuous mask beyond the lane count behaves as the full lane count (documented clamping).
TEST(VecMaskForm, MaskBeyondLanesIsClamped) {
    auto a = RandomVec<float>(128, 81, -9, 9), b = RandomVec<float>(128, 82, -9, 9);
    std::vector<float> d(128, Sentinel<float>());
    auto run = RunOnUb(d, a, b, [](auto& td, auto& ta, auto& tb) { Sub(td, ta, tb, uint64_t(100), 2, {}); });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 128; ++i) EXPECT_SAME(d[i], RefSub(a[i], b[i]), "float lane " + std::to_string(i));

    // A bit mask's high word has no lanes for 32-bit data.
    std::vector<float> d2(128, Sentinel<float>());
    uint64_t all[2] = {~0ull, ~0ull};
    run = RunOnUb(d2, a, b, [&](auto& td, auto& ta, auto& tb) { Mul(td, ta, tb, all, 1, {}); });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 128; ++i)
        EXPECT_SAME(d2[i], i < 64 ? RefMul(a[i], b[i]) : Sentinel<float>(), "bit-mask lane " + std::to_string(i));

    auto ha = RandomVec<half>(256, 83, -9, 9), hb = RandomVec<half>(256, 84, -9, 9);
    std::vector<half> hd(256, Sentinel<half>());
    run = RunOnUb(hd, ha, hb, [](auto& td, auto& ta, auto& tb) { Add(td, ta, tb, uint64_t(1000), 2, {}); });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 256; ++i) EXPECT_SAME(hd[i], RefAdd(ha[i], hb[i]), "half lane " + std::to_string(i));
}

// repeat = 0, count = 0, mask = 0 and an all-zero bit mask are NOPs: nothing is written.
TEST(VecMaskForm, ZeroRepeatCountOrMaskIsNop) {
    auto a = RandomVec<float>(128, 91, -9, 9), b = RandomVec<float>(128, 92, -9, 9);
    std::vector<float> d(128, Sentinel<float>());
    uint64_t zero[2] = {0, 0};
    auto run = RunOnUb(d, a, b, [&](auto& td, auto& ta, auto& tb) {
        Add(td, ta, tb, 0);
        Add(td, ta, tb, uint64_t(64), 0, {});
        Add(td, ta, tb, uint64_t(0), 2, {});
        Mul(td, ta, tb, zero, 2, {});
        Adds(td, ta, 1.0f, 0);
        Exp(td, ta, uint64_t(64), 0, {});
        Duplicate(td, 1.0f, 0);
        Duplicate(td, 1.0f, uint64_t(64), 0, 1, 8);
    });
    EXPECT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (float v : d) EXPECT_EQ(v, Sentinel<float>());
}

// ---------------------------------------------------------------------------------------------
// Counter mode.

TEST(VecCounterMode, RegisterCountWithMaskForm) {
    auto a = RandomVec<half>(512, 101, -9, 9), b = RandomVec<half>(512, 102, -9, 9);
    std::vector<half> d(512, Sentinel<half>());
    auto run = RunOnUb(d, a, b, [](auto& td, auto& ta, auto& tb) {
        SetMaskCount();
        SetVectorMask<half, MaskMode::COUNTER>(300);
        Add<half, false>(td, ta, tb, MASK_PLACEHOLDER, 1, {1, 1, 1, 8, 8, 8});
        SetMaskNorm();
        ResetMask();
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 512; ++i)
        EXPECT_SAME(d[i], i < 300 ? RefAdd(a[i], b[i]) : Sentinel<half>(), "element " + std::to_string(i));
}

TEST(VecCounterMode, RegisterCountWithStrides) {
    // 130 floats over 64-lane repeats (the repeat argument is ignored), block stride 2, repeat stride 16.
    auto a = RandomVec<float>(3 * 16 * 8, 111, -9, 9);
    std::vector<float> d(3 * 16 * 8, Sentinel<float>()), none;
    auto want = d;
    auto run = RunOnUb(d, a, none, [](auto& td, auto& ta, auto&) {
        SetMaskCount();
        SetVectorMask<float, MaskMode::COUNTER>(0, 130);
        Adds<float, false>(td, ta, 3.0f, MASK_PLACEHOLDER, 1, {2, 2, 16, 16});
        SetMaskNorm();
        ResetMask();
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int k = 0; k < 130; ++k) {
        int r = k / 64, l = k % 64;
        want[At(r, l, {2, 16}, 8)] = RefAdd(a[At(r, l, {2, 16}, 8)], 3.0f);
    }
    EXPECT_EQ(d, want);
}

TEST(VecCounterMode, CountFormWithoutSetMaskUsesRegisterCount) {
    auto a = RandomVec<half>(256, 121, -9, 9);
    std::vector<half> d(256, Sentinel<half>()), none;
    auto run = RunOnUb(d, a, none, [](auto& td, auto& ta, auto&) {
        SetMaskCount();
        SetVectorMask<half, MaskMode::COUNTER>(77);
        Muls<half, false>(td, ta, half(2.0f), 1);
        SetMaskNorm();
        ResetMask();
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 256; ++i)
        EXPECT_SAME(d[i], i < 77 ? RefMul(a[i], half(2.0f)) : Sentinel<half>(), "element " + std::to_string(i));
}

TEST(VecCounterMode, ApiMaskIsTheCountInCounterMode) {
    // Documented example: in Counter mode, mask[0] = 130 is the total element count and the
    // repeat argument is ignored; half has 128 lanes and the layout has block stride 2.
    auto a = RandomVec<half>(2 * 16 * 16, 131, -9, 9);
    std::vector<half> d(2 * 16 * 16, Sentinel<half>()), none;
    auto want = d;
    auto run = RunOnUb(d, a, none, [](auto& td, auto& ta, auto&) {
        SetMaskCount();
        uint64_t mask[2] = {130, 0};
        Adds<half, true>(td, ta, half(1.0f), mask, 1, {2, 2, 16, 16});
        SetMaskNorm();
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int k = 0; k < 130; ++k) {
        int r = k / 128, l = k % 128;
        want[At(r, l, {2, 16}, 16)] = RefAdd(a[At(r, l, {2, 16}, 16)], half(1.0f));
    }
    for (size_t i = 0; i < d.size(); ++i) EXPECT_SAME(d[i], want[i], "element " + std::to_string(i));
}

// After SetMaskNorm/ResetMask the mask forms work per repeat again, and an API that sets its own
// mask leaves it in the register (the count form restores the all-ones mask).
TEST(VecCounterMode, MaskRegisterStateAfterApis) {
    auto a = RandomVec<float>(128, 141, -9, 9), b = RandomVec<float>(128, 142, -9, 9);
    std::vector<float> d(128, Sentinel<float>());
    auto run = RunOnUb(d, a, b, [](auto& td, auto& ta, auto& tb) {
        SetMaskCount();
        SetVectorMask<float, MaskMode::COUNTER>(5);
        Add<float, false>(td, ta, tb, MASK_PLACEHOLDER, 1, {});
        SetMaskNorm();
        ResetMask();
        Sub(td[64], ta[64], tb[64], uint64_t(20), 1, {});     // leaves a 20-lane mask in the register
        Mul<float, false>(td[64], ta[64], tb[64], MASK_PLACEHOLDER, 1, {});  // so this overwrites lanes 0..19
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 64; ++i)
        EXPECT_SAME(d[i], i < 5 ? RefAdd(a[i], b[i]) : Sentinel<float>(), "first repeat " + std::to_string(i));
    for (int i = 64; i < 128; ++i)
        EXPECT_SAME(d[i], i < 84 ? RefMul(a[i], b[i]) : Sentinel<float>(), "second repeat " + std::to_string(i));

    std::vector<float> d2(64, Sentinel<float>());
    run = RunOnUb(d2, a, b, [](auto& td, auto& ta, auto& tb) {
        SetVectorMask<float>(3);
        Add(td, ta, tb, 64);                                       // count form: restores the full mask
        Mul<float, false>(td, ta, tb, MASK_PLACEHOLDER, 1, {});   // all 64 lanes
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 64; ++i) EXPECT_SAME(d2[i], RefMul(a[i], b[i]), "lane " + std::to_string(i));
}

TEST(VecCounterMode, NormalRegisterMaskBits) {
    auto a = RandomVec<half>(128, 151, -9, 9), b = RandomVec<half>(128, 152, -9, 9);
    std::vector<half> d(128, Sentinel<half>());
    const uint64_t hi = 0x8000000000000001ull, lo = 0x0123456789ABCDEFull;
    auto run = RunOnUb(d, a, b, [&](auto& td, auto& ta, auto& tb) {
        SetMaskNorm();
        SetVectorMask<half, MaskMode::NORMAL>(hi, lo);
        Max<half, false>(td, ta, tb, MASK_PLACEHOLDER, 1, {});
        ResetMask();
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    uint64_t m[2] = {lo, hi};
    for (int i = 0; i < 128; ++i)
        EXPECT_SAME(d[i], LaneOn(m, i) ? RefMax(a[i], b[i]) : Sentinel<half>(), "lane " + std::to_string(i));
}

// ---------------------------------------------------------------------------------------------
// Rounding of half, float and bfloat16 results at constructed values.

namespace {
struct Case {
    float a, b, want;
};
template <typename T, typename Api>
void CheckCases(const char* name, Api api, const std::vector<Case>& cases) {
    std::vector<T> a, b, d(cases.size(), Sentinel<T>());
    for (auto& c : cases) {
        a.push_back(T(c.a));
        b.push_back(T(c.b));
    }
    auto run = RunOnUb(d, a, b, [&](auto& td, auto& ta, auto& tb) { api(td, ta, tb, int(cases.size())); });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (size_t i = 0; i < cases.size(); ++i) {
        const float got = float(d[i]), want = cases[i].want;
        if (std::isnan(want)) {
            EXPECT_TRUE(std::isnan(got)) << name << "(" << cases[i].a << ", " << cases[i].b << ") = " << got;
        } else {
            EXPECT_EQ(got, want) << name << "(" << cases[i].a << ", " << cases[i].b << ")";
            EXPECT_EQ(std::signbit(got), std::signbit(want)) << name << "(" << cases[i].a << ", " << cases[i].b
                                                             << ") sign of zero";
        }
    }
}
const float kNaN = std::nanf("");
const float kInf = INFINITY;
}  // namespace

TEST(VecRounding, HalfTiesToEvenSubnormalsOverflowNaN) {
    const float u = std::ldexp(1.0f, -10);  // ulp of half at 1.0
    const float s = std::ldexp(1.0f, -24);  // smallest half subnormal
    CheckCases<half>("Add<half>", [](auto& d, auto& a, auto& b, int n) { Add(d, a, b, n); },
                     {
                         {1, u / 2, 1},                          // tie -> even (down)
                         {1 + u, u / 2, 1 + 2 * u},              // tie -> even (up)
                         {1, 0.75f * u, 1 + u},                  // above the tie
                         {1, 0.25f * u, 1},                      // below the tie
                         {-1, -u / 2, -1},                       // negative tie
                         {s, s, 2 * s},                          // subnormal arithmetic is exact
                         {std::ldexp(1.0f, -14), -s, std::ldexp(1.0f, -14) - s},  // normal -> subnormal
                         {65504, 8, 65504},                      // below the overflow tie
                         {65504, 16, kInf},                      // tie at 65520 -> even -> inf
                         {-65504, -16, -kInf},
                         {kNaN, 1, kNaN},
                         {kInf, -kInf, kNaN},
                         {0.0f, -0.0f, 0.0f},
                         {-0.0f, -0.0f, -0.0f},
                     });
    CheckCases<half>("Mul<half>", [](auto& d, auto& a, auto& b, int n) { Mul(d, a, b, n); },
                     {
                         {std::ldexp(1.0f, -12), std::ldexp(1.0f, -13), 0.0f},          // 2^-25: tie -> 0
                         {3 * std::ldexp(1.0f, -13), std::ldexp(1.0f, -12), 2 * s},     // 1.5 s: tie -> 2 s
                         {std::ldexp(1.0f, -12), -std::ldexp(1.0f, -13), -0.0f},        // underflow keeps sign
                         {256, 256, kInf},
                         {0.0f, kInf, kNaN},
                         {-2, 0.0f, -0.0f},
                     });
    CheckCases<half>("Div<half>", [](auto& d, auto& a, auto& b, int n) { Div(d, a, b, n); },
                     {
                         {1, 3, float(RefRne<half>(1.0L / 3))},
                         {1, 0.0f, kInf},
                         {-1, 0.0f, -kInf},
                         {0.0f, 0.0f, kNaN},
                         {1, -0.0f, -kInf},
                     });
    CheckCases<half>("Max<half>", [](auto& d, auto& a, auto& b, int n) { Max(d, a, b, n); },
                     {{kNaN, 1, kNaN}, {1, kNaN, kNaN}, {0.0f, -0.0f, 0.0f}, {-0.0f, 0.0f, 0.0f}, {-kInf, 3, 3}});
    CheckCases<half>("Min<half>", [](auto& d, auto& a, auto& b, int n) { Min(d, a, b, n); },
                     {{kNaN, 1, kNaN}, {0.0f, -0.0f, -0.0f}, {-0.0f, 0.0f, -0.0f}, {kInf, 3, 3}});
}

TEST(VecRounding, FloatTiesSubnormalsOverflow) {
    const float u = std::ldexp(1.0f, -23);
    const float s = std::numeric_limits<float>::denorm_min();
    const float mx = std::numeric_limits<float>::max();
    CheckCases<float>("Add<float>", [](auto& d, auto& a, auto& b, int n) { Add(d, a, b, n); },
                      {{1, u / 2, 1},
                       {1 + u, u / 2, 1 + 2 * u},
                       {s, s, 2 * s},
                       {mx, mx, kInf},
                       {-mx, -mx, -kInf},
                       {kNaN, 0, kNaN},
                       {-0.0f, -0.0f, -0.0f}});
    CheckCases<float>("Max<float>", [](auto& d, auto& a, auto& b, int n) { Max(d, a, b, n); },
                      {{kNaN, 1, kNaN}, {0.0f, -0.0f, 0.0f}, {-0.0f, 0.0f, 0.0f}});
}

TEST(VecRounding, UnaryBoundaryValues) {
    std::vector<half> a = {half(-0.0f), half(0.0f), half(-1.0f), half(kNaN), half(kInf), half(-kInf)};
    std::vector<half> none;
    auto run1 = [&](auto api) {
        std::vector<half> d(a.size(), Sentinel<half>());
        auto run = RunOnUb(d, a, none, [&](auto& td, auto& ta, auto&) { api(td, ta, int(a.size())); });
        EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        std::vector<float> out;
        for (auto v : d) out.push_back(float(v));
        return out;
    };
    auto abs = run1([](auto& d, auto& s, int n) { Abs(d, s, n); });
    EXPECT_EQ(BitsOf(abs[0]), BitsOf(0.0f));  // Abs(-0) = +0
    EXPECT_TRUE(std::isnan(abs[3]));
    EXPECT_EQ(abs[5], kInf);
    auto relu = run1([](auto& d, auto& s, int n) { Relu(d, s, n); });
    EXPECT_EQ(BitsOf(relu[0]), BitsOf(0.0f));  // Relu(-0) = +0
    EXPECT_EQ(relu[2], 0.0f);
    EXPECT_TRUE(std::isnan(relu[3]));
    auto ln = run1([](auto& d, auto& s, int n) { Ln(d, s, n); });
    EXPECT_EQ(ln[0], -kInf);
    EXPECT_EQ(ln[1], -kInf);
    EXPECT_TRUE(std::isnan(ln[2]));
    auto sq = run1([](auto& d, auto& s, int n) { Sqrt(d, s, n); });
    EXPECT_EQ(BitsOf(sq[0]), BitsOf(-0.0f));  // sqrt(-0) = -0
    EXPECT_TRUE(std::isnan(sq[2]));
    auto rec = run1([](auto& d, auto& s, int n) { Reciprocal(d, s, n); });
    EXPECT_EQ(rec[0], -kInf);
    EXPECT_EQ(rec[1], kInf);
    auto ex = run1([](auto& d, auto& s, int n) { Exp(d, s, n); });
    EXPECT_EQ(ex[1], 1.0f);
    EXPECT_EQ(ex[4], kInf);
    EXPECT_EQ(ex[5], 0.0f);
}

TEST(VecRounding, LeakyReluOfNegativeZero) {
    std::vector<half> a = {half(-0.0f), half(0.0f), half(-2.0f)}, none;
    std::vector<half> d(3, Sentinel<half>());
    auto run = RunOnUb(d, a, none, [](auto& td, auto& ta, auto&) { LeakyRelu(td, ta, half(-65504.0f), 3); });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(BitsOf(float(d[0])), BitsOf(0.0f));  // documented: -0 * MIN = +0
    EXPECT_EQ(BitsOf(float(d[1])), BitsOf(0.0f));
    EXPECT_EQ(float(d[2]), kInf);  // 131008 overflows half
}

TEST(VecRounding, IntegerBoundaryValuesWrap) {
    std::vector<int16_t> a = {32767, -32768, -32768, 32767}, b = {32767, -32768, 32767, -32768};
    std::vector<int16_t> d(4);
    RunOnUb(d, a, b, [](auto& td, auto& ta, auto& tb) { Add(td, ta, tb, 4); });
    EXPECT_EQ(d, (std::vector<int16_t>{-2, 0, -1, -1}));
    RunOnUb(d, a, b, [](auto& td, auto& ta, auto& tb) { Mul(td, ta, tb, 4); });
    EXPECT_EQ(d, (std::vector<int16_t>{1, 0, -32768, -32768}));
    std::vector<int32_t> a32 = {INT32_MAX, INT32_MIN, INT32_MIN}, b32 = {INT32_MAX, INT32_MIN, INT32_MAX};
    std::vector<int32_t> d32(3);
    RunOnUb(d32, a32, b32, [](auto& td, auto& ta, auto& tb) { Add(td, ta, tb, 3); });
    EXPECT_EQ(d32, (std::vector<int32_t>{-2, 0, -1}));
    RunOnUb(d32, a32, b32, [](auto& td, auto& ta, auto& tb) { Sub(td, ta, tb, 3); });
    EXPECT_EQ(d32, (std::vector<int32_t>{0, 0, 1}));
    RunOnUb(d32, a32, b32, [](auto& td, auto& ta, auto& tb) { Mul(td, ta, tb, 3); });
    EXPECT_EQ(d32, (std::vector<int32_t>{1, 0, INT32_MIN}));
}

// bfloat16_t conversions (the type every bf16 path goes through) round to nearest even.
TEST(VecRounding, Bfloat16ConversionRoundsToNearestEven) {
    auto bits = [](uint32_t f) { return bfloat16_t(__builtin_bit_cast(float, f)).bits; };
    EXPECT_EQ(bits(0x3F808000u), 0x3F80);  // 1 + 2^-8: tie -> even (down)
    EXPECT_EQ(bits(0x3F818000u), 0x3F82);  // tie -> even (up)
    EXPECT_EQ(bits(0x3F808001u), 0x3F81);  // just above the tie
    EXPECT_EQ(bits(0x7F7FFFFFu), 0x7F80);  // FLT_MAX overflows to inf
    EXPECT_EQ(bits(0x7F7F7FFFu), 0x7F7F);  // below the overflow tie
    EXPECT_EQ(bits(0x00018000u), 0x0002);  // subnormal tie -> even
    EXPECT_EQ(bits(0x80008000u), 0x8000);  // negative subnormal tie -> -0
    uint16_t nan = bits(0x7F800001u);      // signalling NaN stays a NaN (quieted)
    EXPECT_EQ(nan & 0x7F80, 0x7F80);
    EXPECT_NE(nan & 0x007F, 0);
    // Every pattern of a float that is exactly representable survives the round trip.
    for (uint32_t b = 0; b < 0x10000; b += 7) {
        if ((b & 0x7F80) == 0x7F80 && (b & 0x7F)) continue;
        EXPECT_EQ(bits(b << 16), b);
    }
}
