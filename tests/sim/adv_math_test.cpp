// High-level one-source math APIs (Tanh, Asin, Acos, Atan, Sin, Cos, Tan, Sinh, Cosh, Asinh,
// Acosh, Atanh, Erf, Erfc, Exp, Log, Log2, Log10, Sign, Floor, Ceil, Round, Trunc, Frac, Lgamma,
// Digamma) against scalar references written here in long double, rounded once to the element
// type: half and float, edge values (zeros, infinities, NaN, extremes, subnormals) and random
// values, every documented form (sharedTmpBuffer or not, calCount or the whole tensor), and the
// elements past calCount left alone.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/adv_test_util.h"

using namespace AscendC;
using akg::advtest::Inputs;
using akg::advtest::Ld;
using akg::advtest::Rne;
using akg::vtest::Ub;

namespace {

enum class Form { TmpCount, TmpWhole, Count, Whole };
const char* FormName(Form f) {
    switch (f) {
        case Form::TmpCount: return "sharedTmpBuffer+calCount";
        case Form::TmpWhole: return "sharedTmpBuffer";
        case Form::Count: return "calCount";
        default: return "whole tensor";
    }
}
constexpr std::initializer_list<Form> kAll4 = {Form::TmpCount, Form::TmpWhole, Form::Count, Form::Whole};
constexpr std::initializer_list<Form> kCounted = {Form::TmpCount, Form::Count};
constexpr std::initializer_list<Form> kNoTmp = {Form::Count, Form::Whole};

template <typename T>
using Api = std::function<void(const LocalTensor<T>&, const LocalTensor<T>&, LocalTensor<uint8_t>&, uint32_t, Form)>;

using Ref = long double (*)(long double);

constexpr uint32_t kSlack = 16;  // elements after calCount that must stay untouched

template <typename T>
void CheckUnary(const char* name, akg::adv::Op op, const Api<T>& api, std::initializer_list<Form> forms, Ref ref,
                double lo, double hi, int64_t ulps, bool exactZeroSign = false) {
    SCOPED_TRACE(std::string(name) + "<" + (sizeof(T) == 2 ? "half" : "float") + ">");
    const std::vector<T> in = Inputs<T>(lo, hi);
    std::vector<T> want(in.size());
    for (size_t i = 0; i < in.size(); ++i) want[i] = Rne<T>(ref(Ld(in[i])));
    const uint32_t n = uint32_t(in.size());
    for (Form f : forms) {
        SCOPED_TRACE(FormName(f));
        std::vector<T> got;
        auto run = akg::advtest::OnCore([&](Ub& ub) {
            auto src = ub.New<T>(in);
            auto dst = ub.Filled<T>(n + kSlack, 0x5A);
            const uint32_t tmpBytes =
                std::max<uint32_t>(32, (akg::adv::TmpSizeOf(op, n, sizeof(T), false).maxValue + 31) / 32 * 32);
            auto tmp = ub.New<uint8_t>(tmpBytes);
            api(dst, src, tmp, n, f);
            got = akg::vtest::Read(dst, n + kSlack);
        });
        ASSERT_TRUE(run.result.completed) << run.Codes();
        EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        for (uint32_t i = n; i < n + kSlack; ++i)
            EXPECT_EQ(akg::test::BitsOf(got[i]), akg::test::BitsOf(akg::vtest::Poison<T>(0x5A))) << "tail #" << i;
        got.resize(n);
        akg::advtest::ExpectClose(name, got, want, in, ulps, exactZeroSign);
    }
}

// The four forms; the calls spell their template arguments in the ways kernels do.
#define API4(NAME)                                                                  \
    [](const auto& d, const auto& s, LocalTensor<uint8_t>& t, uint32_t n, Form f) { \
        using T = typename std::decay_t<decltype(d)>::PrimType;                     \
        switch (f) {                                                                \
            case Form::TmpCount: NAME(d, s, t, n); break;                           \
            case Form::TmpWhole: NAME<T>(d, s, t); break;                           \
            case Form::Count: NAME<T, false>(d, s, n); break;                       \
            case Form::Whole: NAME(d, s); break;                                    \
        }                                                                           \
    }
#define API2(NAME)                                                                  \
    [](const auto& d, const auto& s, LocalTensor<uint8_t>& t, uint32_t n, Form f) { \
        using T = typename std::decay_t<decltype(d)>::PrimType;                     \
        if (f == Form::TmpCount)                                                    \
            NAME<T, false>(d, s, t, n);                                             \
        else                                                                        \
            NAME(d, s, n);                                                          \
    }
#define API_NOTMP(NAME)                                                           \
    [](const auto& d, const auto& s, LocalTensor<uint8_t>&, uint32_t n, Form f) { \
        using T = typename std::decay_t<decltype(d)>::PrimType;                   \
        if (f == Form::Count)                                                     \
            NAME<T>(d, s, n);                                                     \
        else                                                                      \
            NAME<T, false>(d, s);                                                 \
    }

#define CHECK_BOTH(NAME, OP, MAKER, FORMS, REF, LO, HI, ULPS, ...)                                        \
    do {                                                                                                  \
        CheckUnary<half>(#NAME, akg::adv::Op::OP, MAKER(NAME), FORMS, REF, LO, HI, ULPS, ##__VA_ARGS__);  \
        CheckUnary<float>(#NAME, akg::adv::Op::OP, MAKER(NAME), FORMS, REF, LO, HI, ULPS, ##__VA_ARGS__); \
    } while (0)

// ---- references ----

long double RefTanh(long double x) { return tanhl(x); }
long double RefAsin(long double x) { return asinl(x); }
long double RefAcos(long double x) { return acosl(x); }
long double RefAtan(long double x) { return atanl(x); }
long double RefSin(long double x) { return sinl(x); }
long double RefCos(long double x) { return cosl(x); }
long double RefTan(long double x) { return tanl(x); }
long double RefSinh(long double x) { return sinhl(x); }
long double RefCosh(long double x) { return coshl(x); }
long double RefAsinh(long double x) { return asinhl(x); }
long double RefAcosh(long double x) { return acoshl(x); }
long double RefAtanh(long double x) { return atanhl(x); }
long double RefErf(long double x) { return erfl(x); }
long double RefErfc(long double x) { return erfcl(x); }
long double RefExp(long double x) { return expl(x); }
long double RefLog(long double x) { return logl(x); }
long double RefLog2(long double x) { return log2l(x); }
long double RefLog10(long double x) { return log10l(x); }
long double RefLgamma(long double x) { return lgammal(x); }

// torch.sign: 0 for zeros and NaN.
long double RefSign(long double x) { return x > 0 ? 1.0L : (x < 0 ? -1.0L : 0.0L); }
long double RefFloor(long double x) { return floorl(x); }
long double RefCeil(long double x) { return ceill(x); }
long double RefTrunc(long double x) { return truncl(x); }
long double RefFrac(long double x) { return x - truncl(x); }
// Nearest integer, halfway cases to the even one (torch.round); keeps the sign of zero.
long double RefRound(long double x) {
    if (std::isnan(x) || std::isinf(x)) return x;
    long double lo = floorl(x), r;
    long double d = x - lo;
    if (d > 0.5L)
        r = lo + 1;
    else if (d < 0.5L)
        r = lo;
    else
        r = fmodl(lo, 2.0L) == 0 ? lo : lo + 1;
    return r == 0 ? copysignl(0.0L, x) : r;
}
// psi by the recurrence up to x >= 30 and four terms of the asymptotic series.
long double RefDigamma(long double x) {
    const long double pi = 3.141592653589793238462643383279502884L;
    if (std::isnan(x)) return x;
    if (x == 0) return std::signbit(x) ? INFINITY : -INFINITY;
    if (std::isinf(x)) return x > 0 ? x : NAN;
    if (x < 0) {
        if (x == floorl(x)) return NAN;
        return RefDigamma(1 - x) - pi / tanl(pi * x);
    }
    long double acc = 0;
    while (x < 30) {
        acc -= 1 / x;
        x += 1;
    }
    const long double f = 1 / (x * x);
    return acc + logl(x) - 0.5L / x - f * (1 / 12.0L - f * (1 / 120.0L - f * (1 / 252.0L - f / 240.0L)));
}

}  // namespace

TEST(AdvMath, Tanh) { CHECK_BOTH(Tanh, Tanh, API4, kAll4, RefTanh, -10, 10, 1); }
TEST(AdvMath, Asin) { CHECK_BOTH(Asin, Asin, API4, kAll4, RefAsin, -1, 1, 1); }
TEST(AdvMath, Acos) { CHECK_BOTH(Acos, Acos, API4, kAll4, RefAcos, -1, 1, 1); }
TEST(AdvMath, Atan) { CHECK_BOTH(Atan, Atan, API4, kAll4, RefAtan, -100, 100, 1); }
TEST(AdvMath, Sin) { CHECK_BOTH(Sin, Sin, API4, kAll4, RefSin, -100, 100, 1); }
TEST(AdvMath, Cos) { CHECK_BOTH(Cos, Cos, API4, kAll4, RefCos, -100, 100, 1); }
TEST(AdvMath, Tan) { CHECK_BOTH(Tan, Tan, API4, kAll4, RefTan, -10, 10, 1); }
TEST(AdvMath, Sinh) { CHECK_BOTH(Sinh, Sinh, API4, kAll4, RefSinh, -12, 12, 1); }
TEST(AdvMath, Cosh) { CHECK_BOTH(Cosh, Cosh, API4, kAll4, RefCosh, -12, 12, 1); }
TEST(AdvMath, Asinh) { CHECK_BOTH(Asinh, Asinh, API4, kAll4, RefAsinh, -1000, 1000, 1); }
TEST(AdvMath, Acosh) { CHECK_BOTH(Acosh, Acosh, API4, kAll4, RefAcosh, 1, 1000, 1); }
TEST(AdvMath, Atanh) { CHECK_BOTH(Atanh, Atanh, API4, kAll4, RefAtanh, -1, 1, 1); }
TEST(AdvMath, Erf) { CHECK_BOTH(Erf, Erf, API4, kAll4, RefErf, -4, 4, 1); }
TEST(AdvMath, Erfc) { CHECK_BOTH(Erfc, Erfc, API4, kAll4, RefErfc, -4, 10, 1); }
TEST(AdvMath, Log) { CHECK_BOTH(Log, Log, API_NOTMP, kNoTmp, RefLog, 0, 1000, 1); }
TEST(AdvMath, Log2) { CHECK_BOTH(Log2, Log2, API4, kAll4, RefLog2, 0, 1000, 1); }
TEST(AdvMath, Log10) { CHECK_BOTH(Log10, Log10, API_NOTMP, kNoTmp, RefLog10, 0, 1000, 1); }
TEST(AdvMath, SignIsZeroForZerosAndNaN) { CHECK_BOTH(Sign, Sign, API4, kAll4, RefSign, -10, 10, 0, true); }
TEST(AdvMath, Floor) { CHECK_BOTH(Floor, Floor, API2, kCounted, RefFloor, -1000, 1000, 0, true); }
TEST(AdvMath, Ceil) { CHECK_BOTH(Ceil, Ceil, API2, kCounted, RefCeil, -1000, 1000, 0, true); }
TEST(AdvMath, RoundTiesToEven) { CHECK_BOTH(Round, Round, API2, kCounted, RefRound, -1000, 1000, 0, true); }
TEST(AdvMath, Trunc) { CHECK_BOTH(Trunc, Trunc, API4, kAll4, RefTrunc, -1000, 1000, 0, true); }
TEST(AdvMath, FracIsXMinusTrunc) { CHECK_BOTH(Frac, Frac, API4, kAll4, RefFrac, -1000, 1000, 0, true); }
TEST(AdvMath, Lgamma) { CHECK_BOTH(Lgamma, Lgamma, API2, kCounted, RefLgamma, 0.1, 30, 2); }
TEST(AdvMath, LgammaNegative) { CHECK_BOTH(Lgamma, Lgamma, API2, kCounted, RefLgamma, -6, -0.05, 4); }
TEST(AdvMath, Digamma) { CHECK_BOTH(Digamma, Digamma, API2, kCounted, RefDigamma, -10, 30, 2); }

// The high-level Exp (with a Taylor expansion level) next to the basic Exp(dst, src, count).
TEST(AdvMath, ExpWithTaylorLevel) {
    auto api = [](const auto& d, const auto& s, LocalTensor<uint8_t>& t, uint32_t n, Form f) {
        using T = typename std::decay_t<decltype(d)>::PrimType;
        if (f == Form::TmpCount)
            Exp<T, 12>(d, s, t, n);
        else
            Exp<T, 0, false>(d, s, n);
    };
    CheckUnary<half>("Exp", akg::adv::Op::Exp, api, kCounted, RefExp, -20, 20, 1);
    CheckUnary<float>("Exp", akg::adv::Op::Exp, api, kCounted, RefExp, -80, 80, 1);
}

// Specific values the documentation gives as examples.
TEST(AdvMath, DocumentedExamples) {
    std::vector<float> in = {3.9f, -3.9f, 3.5f, -3.4f, -258.41888f, 5592.625f, 2.5f, -2.5f, 0.5f};
    std::vector<float> fl, ce, ro, tr, fr;
    auto run = akg::advtest::OnCore([&](Ub& ub) {
        auto src = ub.New<float>(in);
        const uint32_t n = uint32_t(in.size());
        auto a = ub.New<float>(n), b = ub.New<float>(n), c = ub.New<float>(n), d = ub.New<float>(n),
             e = ub.New<float>(n);
        Floor(a, src, n);
        Ceil(b, src, n);
        Round(c, src, n);
        Trunc(d, src, n);
        Frac(e, src, n);
        fl = akg::vtest::Read(a, n), ce = akg::vtest::Read(b, n), ro = akg::vtest::Read(c, n),
        tr = akg::vtest::Read(d, n), fr = akg::vtest::Read(e, n);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_EQ(fl[0], 3.0f);
    EXPECT_EQ(fl[1], -4.0f);
    EXPECT_EQ(ce[0], 4.0f);
    EXPECT_EQ(ce[1], -3.0f);
    EXPECT_EQ(ro[2], 4.0f);
    EXPECT_EQ(ro[3], -3.0f);
    EXPECT_EQ(ro[6], 2.0f);  // ties to even
    EXPECT_EQ(ro[7], -2.0f);
    EXPECT_EQ(ro[8], 0.0f);
    EXPECT_EQ(tr[0], 3.0f);
    EXPECT_EQ(tr[1], -3.0f);
    EXPECT_FLOAT_EQ(fr[4], -0.41888428f);
    EXPECT_EQ(fr[5], 0.625f);
}

// The documentation's Tanh example: [-2.56, 2.55] in steps of 0.01 (half inputs).
TEST(AdvMath, TanhDocumentedExampleHalf) {
    std::vector<half> in;
    for (int i = -256; i < 256; ++i) in.push_back(half(i * 0.01f));
    std::vector<half> out;
    auto run = akg::advtest::OnCore([&](Ub& ub) {
        auto src = ub.New<half>(in);
        auto dst = ub.New<half>(in.size());
        Tanh(dst, src, 512);
        out = akg::vtest::Read(dst, in.size());
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_NEAR(float(out[0]), -0.98813187f, 1e-3);
    EXPECT_NEAR(float(out[511]), 0.98789920f, 1e-3);
    EXPECT_EQ(float(out[256]), 0.0f);
}

// In-place calls (dst == src) compute element-wise, as the expert kernels that rely on it expect.
TEST(AdvMath, InPlaceCall) {
    std::vector<float> in = {0.5f, -1.0f, 2.0f, 10.0f};
    std::vector<float> out;
    auto run = akg::advtest::OnCore([&](Ub& ub) {
        auto t = ub.New<float>(in);
        Tanh(t, t, 4);
        out = akg::vtest::Read(t, 4);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    for (size_t i = 0; i < in.size(); ++i) EXPECT_EQ(out[i], static_cast<float>(std::tanh(double(in[i]))));
}

// A destination that starts inside the source (Sigmoid(buf[n/2], buf, n), as NPUKernelBench
// MulSigmoidMulAddCustom calls it through TBuf::GetWithOffset) sees the sources as they were
// before the call: the library stages its input through the temporary space first.
TEST(AdvMath, PartialOverlapReadsSourcesFirst) {
    std::vector<float> in(128);
    for (int i = 0; i < 128; ++i) in[i] = float(i) / 16 - 4;
    std::vector<float> out;
    auto run = akg::advtest::OnCore([&](Ub& ub) {
        auto buf = ub.New<float>(192);
        std::memcpy(buf.Data(), in.data(), 128 * sizeof(float));
        Sigmoid(buf[64], buf, 128);
        out = akg::vtest::Read(buf[64], 128);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    // Sigmoid's library steps, each rounded to float: exp(-x), 1 + e, 1 / d.
    for (int i = 0; i < 128; ++i) {
        const float e = static_cast<float>(std::exp(-double(in[i])));
        const float d = static_cast<float>(double(e) + 1.0);
        EXPECT_EQ(out[i], static_cast<float>(1.0 / double(d))) << i;
    }
}
