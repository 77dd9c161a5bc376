// High-level two-operand math APIs: Power (tensor^tensor, tensor^scalar, scalar^tensor for half,
// float and int32_t, every overload), Fmod, Xor, ClampMax/ClampMin and Axpy (including the mixed
// half-source / float-destination form), against scalar references in long double.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/adv_test_util.h"

using namespace AscendC;
using akg::advtest::Inputs;
using akg::advtest::Ld;
using akg::advtest::Rne;
using akg::vtest::Ub;

namespace {

constexpr uint32_t kSlack = 16;

template <typename T>
std::vector<T> Shuffled(std::vector<T> v, uint64_t seed) {
    akg::vtest::Lcg g(seed);
    for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[g.Next() % i]);
    return v;
}

uint32_t TmpBytes(akg::adv::Op op, uint32_t n, uint32_t typeSize, bool isInt = false) {
    return std::max<uint32_t>(32, (akg::adv::TmpSizeOf(op, n, typeSize, false, false, isInt).maxValue + 31) / 32 * 32);
}

// Runs call(dst, a, b, tmp, n) once per form and returns dst (n elements) per form; checks the
// tail and that no diagnostic fired.
template <typename T, typename U = T, typename Call>
std::vector<std::vector<T>> RunForms(int forms, const std::vector<U>& a, const std::vector<U>& b, uint32_t tmpBytes,
                                     Call call, const std::vector<T>* dstInit = nullptr) {
    const uint32_t n = uint32_t(a.size());
    std::vector<std::vector<T>> out;
    for (int f = 0; f < forms; ++f) {
        std::vector<T> got;
        auto run = akg::advtest::OnCore([&](Ub& ub) {
            auto s0 = ub.New<U>(a);
            auto s1 = ub.New<U>(b);
            auto dst = ub.Filled<T>(n + kSlack, 0x5A);
            if (dstInit) std::memcpy(static_cast<void*>(dst.Data()), dstInit->data(), n * sizeof(T));
            auto tmp = ub.New<uint8_t>(tmpBytes);
            call(dst, s0, s1, tmp, n, f);
            got = akg::vtest::Read(dst, n + kSlack);
        });
        EXPECT_TRUE(run.result.completed) << run.Codes();
        EXPECT_TRUE(run.result.diagnostics.empty()) << "form " << f << ": " << run.Codes();
        for (uint32_t i = n; i < n + kSlack; ++i)
            EXPECT_EQ(akg::test::BitsOf(got[i]), akg::test::BitsOf(akg::vtest::Poison<T>(0x5A)))
                << "form " << f << " tail #" << i;
        got.resize(n);
        out.push_back(got);
    }
    return out;
}

// Power operands: bases of both signs including zeros, infinities and NaN; exponents integral
// and fractional.
template <typename T>
std::vector<T> Bases() {
    std::vector<T> v = Inputs<T>(-4, 4, 200, 21);
    return v;
}
template <typename T>
std::vector<T> Exponents(size_t n) {
    std::vector<T> v;
    const float some[] = {0.0f, -0.0f, 1.0f, 2.0f, 3.0f, -1.0f, -2.0f, 0.5f, -0.5f, 2.5f, 10.0f, -3.0f};
    akg::vtest::Lcg g(33);
    for (size_t i = 0; i < n; ++i)
        v.push_back(static_cast<T>(i % 3 == 0 ? some[(i / 3) % 12] : static_cast<float>(g.Uniform(-6, 6))));
    return v;
}

// The twelve Power overloads: form / 4 picks tensor^tensor, tensor^scalar, scalar^tensor;
// form % 4 picks sharedTmpBuffer+calCount, sharedTmpBuffer, calCount, whole tensor.
template <typename T>
void CallPower(const LocalTensor<T>& d, const LocalTensor<T>& a, const LocalTensor<T>& b, LocalTensor<uint8_t>& t,
               uint32_t n, int f, T scalar) {
    switch (f) {
        case 0: Power<T, false>(d, a, b, t, n); break;
        case 1: Power(d, a, b, t); break;
        case 2: Power(d, a, b, n); break;
        case 3: Power<T>(d, a, b); break;
        case 4: Power<T, false>(d, a, scalar, t, n); break;
        case 5: Power(d, a, scalar, t); break;
        case 6: Power<T, false>(d, a, scalar, n); break;
        case 7: Power(d, a, scalar); break;
        case 8: Power<T, false>(d, scalar, a, t, n); break;
        case 9: Power(d, scalar, a, t); break;
        case 10: Power<T, false>(d, scalar, a, n); break;
        case 11: Power(d, scalar, a); break;
    }
}

template <typename T>
void CheckPowerFloat(int64_t ulps) {
    const std::vector<T> a = Bases<T>();
    const std::vector<T> b = Exponents<T>(a.size());
    const T scalarExp = static_cast<T>(3.0f), scalarBase = static_cast<T>(1.5f);
    const uint32_t n = uint32_t(a.size());
    auto tt = RunForms<T>(
        4, a, b, TmpBytes(akg::adv::Op::PowTT, n, sizeof(T)),
        [](auto& d, auto& x, auto& y, auto& t, uint32_t cnt, int f) { CallPower<T>(d, x, y, t, cnt, f, T(0)); });
    auto ts = RunForms<T>(4, a, b, TmpBytes(akg::adv::Op::PowTS, n, sizeof(T)),
                          [&](auto& d, auto& x, auto& y, auto& t, uint32_t cnt, int f) {
                              CallPower<T>(d, x, y, t, cnt, 4 + f, scalarExp);
                          });
    auto st = RunForms<T>(4, b, a, TmpBytes(akg::adv::Op::PowST, n, sizeof(T)),
                          [&](auto& d, auto& x, auto& y, auto& t, uint32_t cnt, int f) {
                              CallPower<T>(d, x, y, t, cnt, 8 + f, scalarBase);
                          });
    std::vector<T> wantTT(n), wantTS(n), wantST(n);
    for (uint32_t i = 0; i < n; ++i) {
        wantTT[i] = Rne<T>(powl(Ld(a[i]), Ld(b[i])));
        wantTS[i] = Rne<T>(powl(Ld(a[i]), Ld(scalarExp)));
        wantST[i] = Rne<T>(powl(Ld(scalarBase), Ld(b[i])));
    }
    for (int f = 0; f < 4; ++f) {
        akg::advtest::ExpectClose("Power(tensor, tensor) form " + std::to_string(f), tt[f], wantTT, a, ulps);
        akg::advtest::ExpectClose("Power(tensor, scalar) form " + std::to_string(f), ts[f], wantTS, a, ulps);
        akg::advtest::ExpectClose("Power(scalar, tensor) form " + std::to_string(f), st[f], wantST, b, ulps);
    }
}

int32_t RefIntPow(int32_t base, int32_t e) {
    if (e < 0) return base == 1 ? 1 : (base == -1 ? ((e & 1) ? -1 : 1) : 0);
    uint64_t r = 1;
    for (int32_t k = 0; k < e; ++k) r = (r * uint64_t(uint32_t(base))) & 0xFFFFFFFFu;
    return int32_t(uint32_t(r));
}

}  // namespace

TEST(AdvPower, HalfAllTwelveOverloads) { CheckPowerFloat<half>(1); }
TEST(AdvPower, FloatAllTwelveOverloads) { CheckPowerFloat<float>(1); }

TEST(AdvPower, Int32WrapsAndNegativeExponents) {
    std::vector<int32_t> a, b;
    for (int32_t x : {0, 1, -1, 2, -2, 3, -3, 7, 10, 46341, -46341, 65536, 123456789})
        for (int32_t e : {0, 1, 2, 3, 5, 31, -1, -2, -3}) a.push_back(x), b.push_back(e);
    const uint32_t n = uint32_t(a.size());
    auto tt = RunForms<int32_t>(
        4, a, b, TmpBytes(akg::adv::Op::PowTT, n, 4, true),
        [](auto& d, auto& x, auto& y, auto& t, uint32_t cnt, int f) { CallPower<int32_t>(d, x, y, t, cnt, f, 0); });
    auto ts = RunForms<int32_t>(
        4, a, b, TmpBytes(akg::adv::Op::PowTS, n, 4, true),
        [](auto& d, auto& x, auto& y, auto& t, uint32_t cnt, int f) { CallPower<int32_t>(d, x, y, t, cnt, 4 + f, 3); });
    auto st = RunForms<int32_t>(4, b, a, TmpBytes(akg::adv::Op::PowST, n, 4, true),
                                [](auto& d, auto& x, auto& y, auto& t, uint32_t cnt, int f) {
                                    CallPower<int32_t>(d, x, y, t, cnt, 8 + f, -2);
                                });
    for (int f = 0; f < 4; ++f)
        for (uint32_t i = 0; i < n; ++i) {
            EXPECT_EQ(tt[f][i], RefIntPow(a[i], b[i])) << a[i] << "^" << b[i];
            EXPECT_EQ(ts[f][i], RefIntPow(a[i], 3)) << a[i] << "^3";
            EXPECT_EQ(st[f][i], RefIntPow(-2, b[i])) << "(-2)^" << b[i];
        }
}

// torch.pow special cases: 0^-1 = inf, (-0)^-1 = -inf, x^0 = 1 even for NaN, 1^NaN = 1,
// negative base with a fractional exponent = NaN.
TEST(AdvPower, SpecialCases) {
    std::vector<float> a = {0.0f, -0.0f, NAN, 1.0f, -2.0f, -2.0f, INFINITY, 2.0f};
    std::vector<float> b = {-1.0f, -1.0f, 0.0f, NAN, 0.5f, 3.0f, -1.0f, 1000.0f};
    auto out = RunForms<float>(1, a, b, TmpBytes(akg::adv::Op::PowTT, 8, 4),
                               [](auto& d, auto& x, auto& y, auto& t, uint32_t n, int) { Power(d, x, y, t, n); });
    EXPECT_EQ(out[0][0], INFINITY);
    EXPECT_EQ(out[0][1], -INFINITY);
    EXPECT_EQ(out[0][2], 1.0f);
    EXPECT_EQ(out[0][3], 1.0f);
    EXPECT_TRUE(std::isnan(out[0][4]));
    EXPECT_EQ(out[0][5], -8.0f);
    EXPECT_EQ(out[0][6], 0.0f);
    EXPECT_EQ(out[0][7], INFINITY);
}

TEST(AdvBinary, FmodIsExact) {
    auto call = [](auto& d, auto& x, auto& y, auto& t, uint32_t n, int f) {
        using T = typename std::decay_t<decltype(d)>::PrimType;
        if (f == 0)
            Fmod(d, x, y, t, n);
        else if (f == 1)
            Fmod<T, false>(d, x, y, t);
        else if (f == 2)
            Fmod<T>(d, x, y, n);
        else
            Fmod(d, x, y);
    };
    auto check = [&](auto tag) {
        using T = decltype(tag);
        std::vector<T> a = Inputs<T>(-100, 100), b = Shuffled(Inputs<T>(-10, 10, 300, 8), 4);
        const uint32_t n = uint32_t(a.size());
        auto out = RunForms<T>(4, a, b, TmpBytes(akg::adv::Op::Fmod, n, sizeof(T)), call);
        std::vector<T> want(n);
        for (uint32_t i = 0; i < n; ++i) want[i] = Rne<T>(fmodl(Ld(a[i]), Ld(b[i])));
        for (int f = 0; f < 4; ++f)
            akg::advtest::ExpectClose("Fmod form " + std::to_string(f), out[f], want, a, 0, true);
    };
    check(half{});
    check(float{});
    // Documented examples.
    std::vector<float> a = {2.0f, -3.0f}, b = {1.5f, 1.1f};
    auto out =
        RunForms<float>(1, a, b, 256, [](auto& d, auto& x, auto& y, auto& t, uint32_t n, int) { Fmod(d, x, y, t, n); });
    EXPECT_EQ(out[0][0], 0.5f);
    EXPECT_NEAR(out[0][1], -0.8f, 1e-6);
}

TEST(AdvBinary, XorInt16AndUint16) {
    auto call = [](auto& d, auto& x, auto& y, auto& t, uint32_t n, int f) {
        using T = typename std::decay_t<decltype(d)>::PrimType;
        if (f == 0)
            Xor(d, x, y, t, n);
        else if (f == 1)
            Xor<T, false>(d, x, y, t);
        else if (f == 2)
            Xor<T>(d, x, y, n);
        else
            Xor(d, x, y);
    };
    std::vector<int16_t> a, b;
    std::vector<uint16_t> ua, ub;
    akg::vtest::Lcg g(5);
    for (int i = 0; i < 300; ++i) {
        a.push_back(int16_t(g.Next())), b.push_back(int16_t(g.Next()));
        ua.push_back(uint16_t(g.Next())), ub.push_back(uint16_t(g.Next()));
    }
    a[0] = 3, b[0] = 5;  // 3 ^ 5 = 6, the documented example
    auto out = RunForms<int16_t>(4, a, b, TmpBytes(akg::adv::Op::Xor, 300, 2), call);
    auto uout = RunForms<uint16_t>(4, ua, ub, TmpBytes(akg::adv::Op::Xor, 300, 2), call);
    for (int f = 0; f < 4; ++f)
        for (int i = 0; i < 300; ++i) {
            EXPECT_EQ(out[f][i], int16_t(a[i] ^ b[i]));
            EXPECT_EQ(uout[f][i], uint16_t(ua[i] ^ ub[i]));
        }
    EXPECT_EQ(out[0][0], 6);
}

TEST(AdvBinary, ClampMaxClampMin) {
    auto check = [&](auto tag) {
        using T = decltype(tag);
        std::vector<T> a = Inputs<T>(-10, 10);
        const uint32_t n = uint32_t(a.size());
        const T s = static_cast<T>(2.5f);
        auto mx = RunForms<T>(2, a, a, TmpBytes(akg::adv::Op::ClampMax, n, sizeof(T)),
                              [s](auto& d, auto& x, auto&, auto& t, uint32_t cnt, int f) {
                                  if (f == 0)
                                      ClampMax(d, x, t, s, cnt);
                                  else
                                      ClampMax<T, false>(d, x, s, cnt);
                              });
        auto mn = RunForms<T>(2, a, a, TmpBytes(akg::adv::Op::ClampMin, n, sizeof(T)),
                              [s](auto& d, auto& x, auto&, auto& t, uint32_t cnt, int f) {
                                  if (f == 0)
                                      ClampMin<T>(d, x, t, s, cnt);
                                  else
                                      ClampMin(d, x, s, cnt);
                              });
        std::vector<T> wantMax(n), wantMin(n);
        for (uint32_t i = 0; i < n; ++i) {
            const long double x = Ld(a[i]), v = Ld(s);
            wantMax[i] = std::isnan(x) ? a[i] : (x > v ? s : a[i]);
            wantMin[i] = std::isnan(x) ? a[i] : (x < v ? s : a[i]);
        }
        for (int f = 0; f < 2; ++f) {
            akg::advtest::ExpectClose("ClampMax", mx[f], wantMax, a, 0);
            akg::advtest::ExpectClose("ClampMin", mn[f], wantMin, a, 0);
        }
    };
    check(half{});
    check(float{});
}

// Axpy: dst + src * scalar rounded once (half/half, float/float, and half sources into float).
TEST(AdvBinary, Axpy) {
    auto check = [&](auto dstTag, auto srcTag, int64_t ulps) {
        using T = decltype(dstTag);
        using U = decltype(srcTag);
        std::vector<U> src = Inputs<U>(-50, 50);
        const uint32_t n = uint32_t(src.size());
        std::vector<T> dst0 = Shuffled(Inputs<T>(-50, 50), 11);
        dst0.resize(n);
        const U s = static_cast<U>(1.75f);
        auto out = RunForms<T, U>(
            1, src, src, TmpBytes(akg::adv::Op::Axpy, n, sizeof(U)),
            [s](auto& d, auto& x, auto&, auto& t, uint32_t cnt, int) { Axpy<T, U, false>(d, x, s, t, cnt); }, &dst0);
        std::vector<T> want(n);
        for (uint32_t i = 0; i < n; ++i) want[i] = Rne<T>(Ld(dst0[i]) + Ld(src[i]) * Ld(s));
        akg::advtest::ExpectClose("Axpy", out[0], want, src, ulps);
    };
    check(half{}, half{}, 1);
    check(float{}, float{}, 1);
    check(float{}, half{}, 1);
}
