// High-level activation APIs (Sigmoid, Silu, Swish, Gelu, FasterGelu, FasterGeluV2, GeGLU,
// ReGlu, SwiGLU) against scalar references in long double written from the documented formulas:
// half and float (ReGlu also bfloat16_t), edge and random values, every documented form.
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
const char* TypeName() {
    if constexpr (std::is_same_v<T, half>)
        return "half";
    else if constexpr (std::is_same_v<T, bfloat16_t>)
        return "bfloat16_t";
    else
        return "float";
}

// Runs `call(dst, src0, src1, tmp, n)` for every form index in [0, forms) and compares with
// ref(a, b).
template <typename T, typename Call, typename RefFn>
void Check(const std::string& name, akg::adv::Op op, int forms, const std::vector<T>& a, const std::vector<T>& b,
           Call call, RefFn ref, int64_t ulps) {
    SCOPED_TRACE(name + "<" + TypeName<T>() + ">");
    const uint32_t n = uint32_t(a.size());
    std::vector<T> want(n);
    for (uint32_t i = 0; i < n; ++i) want[i] = Rne<T>(ref(Ld(a[i]), Ld(b[i])));
    for (int form = 0; form < forms; ++form) {
        SCOPED_TRACE("form " + std::to_string(form));
        std::vector<T> got;
        auto run = akg::advtest::OnCore([&](Ub& ub) {
            auto s0 = ub.New<T>(a);
            auto s1 = ub.New<T>(b);
            auto dst = ub.Filled<T>(n + kSlack, 0x5A);
            const uint32_t tmpBytes =
                std::max<uint32_t>(32, (akg::adv::TmpSizeOf(op, n, sizeof(T), false).maxValue + 31) / 32 * 32);
            auto tmp = ub.New<uint8_t>(tmpBytes);
            call(dst, s0, s1, tmp, n, form);
            got = akg::vtest::Read(dst, n + kSlack);
        });
        ASSERT_TRUE(run.result.completed) << run.Codes();
        EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        for (uint32_t i = n; i < n + kSlack; ++i)
            EXPECT_EQ(akg::test::BitsOf(got[i]), akg::test::BitsOf(akg::vtest::Poison<T>(0x5A))) << "tail #" << i;
        got.resize(n);
        akg::advtest::ExpectClose(name, got, want, a, ulps);
    }
}

// A second operand: the first one's values in another order.
template <typename T>
std::vector<T> Shuffled(std::vector<T> v, uint64_t seed) {
    akg::vtest::Lcg g(seed);
    for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[g.Next() % i]);
    return v;
}

const long double kSqrt2OverPi = 0.797884560802865355879892119868763737L;

long double RefSigmoid(long double x) { return 1 / (1 + expl(-x)); }
long double RefGelu(long double x) {
    const long double u = kSqrt2OverPi * (x + 0.044715L * x * x * x);
    return 0.5L * x * (1 + tanhl(u));
}
long double RefFasterGelu(long double x) { return x / (1 + expl(-1.702L * x)); }
long double RefFasterGeluV2(long double x) {
    const long double c = fminl(fabsl(0.7071L * x), 1.769L) - 1.769L;
    const long double x1 = -0.1444L * c * c + 0.5L;
    const long double sgn = (x + 1e-12L) / fabsl(x + 1e-12L);
    return x * (sgn * x1 + 0.5L);
}

}  // namespace

TEST(AdvActivation, Sigmoid) {
    auto call = [](const auto& d, const auto& s, const auto&, LocalTensor<uint8_t>& t, uint32_t n, int f) {
        using T = typename std::decay_t<decltype(d)>::PrimType;
        if (f == 0)
            Sigmoid(d, s, t, n);
        else if (f == 1)
            Sigmoid<T, false>(d, s, t);
        else if (f == 2)
            Sigmoid<T, false>(d, s, n);
        else
            Sigmoid(d, s);
    };
    // The library's steps -x, exp, 1 + e, 1 / d, each rounded to T: for half up to two ulps from
    // the once-rounded value, and exactly what a half PyTorch reference computes.
    auto stepsIn = [](auto zero) {
        using T = decltype(zero);
        return [](long double x, long double) {
            const long double e = Ld(Rne<T>(expl(Ld(Rne<T>(-x)))));
            return 1 / Ld(Rne<T>(1 + e));
        };
    };
    auto h = Inputs<half>(-20, 20);
    auto f = Inputs<float>(-100, 100);
    Check<half>("Sigmoid", akg::adv::Op::Sigmoid, 4, h, h, call, stepsIn(half(0)), 0);
    Check<float>("Sigmoid", akg::adv::Op::Sigmoid, 4, f, f, call, stepsIn(0.0f), 1);
    // The steps matter: some half inputs land on another value than the once-rounded sigmoid.
    int64_t farthest = 0;
    for (half x : h) {
        const half once = Rne<half>(RefSigmoid(Ld(x)));
        const half steps = Rne<half>(stepsIn(half(0))(Ld(x), 0));
        farthest = std::max<int64_t>(farthest, std::llabs(int64_t(akg::test::BitsOf(once)) -
                                                          int64_t(akg::test::BitsOf(steps))));
    }
    EXPECT_GE(farthest, 1);
}

TEST(AdvActivation, Silu) {
    auto call = [](const auto& d, const auto& s, const auto&, LocalTensor<uint8_t>&, uint32_t n, int) {
        Silu(d, s, n);
    };
    auto ref = [](long double x, long double) { return x / (1 + expl(-x)); };
    auto h = Inputs<half>(-20, 20);
    auto f = Inputs<float>(-100, 100);
    Check<half>("Silu", akg::adv::Op::Silu, 1, h, h, call, ref, 1);
    Check<float>("Silu", akg::adv::Op::Silu, 1, f, f, call, ref, 1);
}

TEST(AdvActivation, SwishUsesMinusBetaX) {
    for (float beta : {1.702f, -0.5f, 1.0f}) {
        auto call = [beta](const auto& d, const auto& s, const auto&, LocalTensor<uint8_t>&, uint32_t n, int) {
            using T = typename std::decay_t<decltype(d)>::PrimType;
            Swish<T, false>(d, s, n, T(beta));
        };
        auto refH = [beta](long double x, long double) { return x / (1 + expl(-Ld(half(beta)) * x)); };
        auto refF = [beta](long double x, long double) { return x / (1 + expl(-(long double)beta * x)); };
        auto h = Inputs<half>(-20, 20);
        auto f = Inputs<float>(-100, 100);
        Check<half>("Swish", akg::adv::Op::Swish, 1, h, h, call, refH, 1);
        Check<float>("Swish", akg::adv::Op::Swish, 1, f, f, call, refF, 1);
    }
}

// Gelu is the tanh approximation; the precision/performance switches do not change the result
// beyond the element type's rounding.
TEST(AdvActivation, GeluTanhApproximation) {
    auto call = [](const auto& d, const auto& s, const auto&, LocalTensor<uint8_t>& t, uint32_t n, int f) {
        using T = typename std::decay_t<decltype(d)>::PrimType;
        if (f == 0)
            Gelu(d, s, t, n);
        else if (f == 1)
            Gelu(d, s, n);
        else if (f == 2)
            Gelu<T, true, false>(d, s, t, n);
        else
            Gelu<T, false, true>(d, s, n);
    };
    auto ref = [](long double x, long double) { return RefGelu(x); };
    auto h = Inputs<half>(-6, 6);
    auto f = Inputs<float>(-6, 6);
    Check<half>("Gelu", akg::adv::Op::Gelu, 4, h, h, call, ref, 1);
    Check<float>("Gelu", akg::adv::Op::Gelu, 4, f, f, call, ref, 2);
}

TEST(AdvActivation, FasterGelu) {
    auto call = [](const auto& d, const auto& s, const auto&, LocalTensor<uint8_t>& t, uint32_t n, int f) {
        using T = typename std::decay_t<decltype(d)>::PrimType;
        if (f == 0)
            FasterGelu(d, s, t, n);
        else
            FasterGelu<T, true, true>(d, s, n);
    };
    auto ref = [](long double x, long double) { return RefFasterGelu(x); };
    auto h = Inputs<half>(-20, 20);
    auto f = Inputs<float>(-100, 100);
    Check<half>("FasterGelu", akg::adv::Op::FasterGelu, 2, h, h, call, ref, 1);
    Check<float>("FasterGelu", akg::adv::Op::FasterGelu, 2, f, f, call, ref, 1);
}

TEST(AdvActivation, FasterGeluV2) {
    auto call = [](const auto& d, const auto& s, const auto&, LocalTensor<uint8_t>& t, uint32_t n, int f) {
        using T = typename std::decay_t<decltype(d)>::PrimType;
        if (f == 0)
            FasterGeluV2(d, s, t, n);
        else
            FasterGeluV2<T>(d, s, n);
    };
    auto ref = [](long double x, long double) { return RefFasterGeluV2(x); };
    auto h = Inputs<half>(-5, 5);
    auto f = Inputs<float>(-5, 5);
    Check<half>("FasterGeluV2", akg::adv::Op::FasterGeluV2, 2, h, h, call, ref, 1);
    Check<float>("FasterGeluV2", akg::adv::Op::FasterGeluV2, 2, f, f, call, ref, 1);
}

// GeGLU(x0, x1) = x0 * Gelu(x1); the documented example: x1 = 2 gives x0 * 1.9546.
TEST(AdvActivation, GeGLU) {
    auto call = [](const auto& d, const auto& s0, const auto& s1, LocalTensor<uint8_t>& t, uint32_t n, int f) {
        using T = typename std::decay_t<decltype(d)>::PrimType;
        if (f == 0)
            GeGLU<T, false>(d, s0, s1, t, n);
        else if (f == 1)
            GeGLU<T, false>(d, s0, s1, t);
        else if (f == 2)
            GeGLU(d, s0, s1, n);
        else
            GeGLU(d, s0, s1);
    };
    auto ref = [](long double a, long double b) { return a * RefGelu(b); };
    auto h0 = Inputs<half>(-6, 6), h1 = Shuffled(h0, 3);
    auto f0 = Inputs<float>(-6, 6), f1 = Shuffled(f0, 3);
    Check<half>("GeGLU", akg::adv::Op::GeGLU, 4, h0, h1, call, ref, 1);
    Check<float>("GeGLU", akg::adv::Op::GeGLU, 4, f0, f1, call, ref, 2);
}

TEST(AdvActivation, ReGlu) {
    auto call = [](const auto& d, const auto& s0, const auto& s1, LocalTensor<uint8_t>& t, uint32_t n, int f) {
        using T = typename std::decay_t<decltype(d)>::PrimType;
        if (f == 0)
            ReGlu<T, false>(d, s0, s1, t, n);
        else
            ReGlu(d, s0, s1, n);
    };
    auto ref = [](long double a, long double b) { return std::isnan(b) ? NAN : a * (b > 0 ? b : 0.0L); };
    auto h0 = Inputs<half>(-100, 100), h1 = Shuffled(h0, 5);
    auto f0 = Inputs<float>(-100, 100), f1 = Shuffled(f0, 5);
    std::vector<bfloat16_t> b0, b1;
    for (float x : f0) b0.push_back(bfloat16_t(x));
    for (float x : f1) b1.push_back(bfloat16_t(x));
    Check<half>("ReGlu", akg::adv::Op::ReGlu, 2, h0, h1, call, ref, 0);
    Check<float>("ReGlu", akg::adv::Op::ReGlu, 2, f0, f1, call, ref, 0);
    Check<bfloat16_t>("ReGlu", akg::adv::Op::ReGlu, 2, b0, b1, call, ref, 0);
}

// SwiGLU(x0, x1) = x0 * Swish(x1, beta); the documented example: x0 = 4, x1 = 0.5, beta = 1
// gives 1.2449.
TEST(AdvActivation, SwiGLU) {
    for (float beta : {1.0f, 0.7f}) {
        auto call = [beta](auto& d, auto& s0, auto& s1, LocalTensor<uint8_t>& t, uint32_t n, int f) {
            using T = typename std::decay_t<decltype(d)>::PrimType;
            LocalTensor<T> dst = d, a = s0, b = s1;  // the documented forms take non-const references
            if (f == 0)
                SwiGLU<T, false>(dst, a, b, beta, t, n);
            else if (f == 1)
                SwiGLU<T, false>(dst, a, b, beta, t);
            else if (f == 2)
                SwiGLU(dst, a, b, beta, n);
            else
                SwiGLU(dst, a, b, beta);
        };
        auto ref = [beta](long double a, long double b) { return a * (b / (1 + expl(-(long double)beta * b))); };
        auto h0 = Inputs<half>(-10, 10), h1 = Shuffled(h0, 9);
        auto f0 = Inputs<float>(-50, 50), f1 = Shuffled(f0, 9);
        Check<half>("SwiGLU", akg::adv::Op::SwiGLU, 4, h0, h1, call, ref, 1);
        Check<float>("SwiGLU", akg::adv::Op::SwiGLU, 4, f0, f1, call, ref, 2);
    }
    std::vector<float> out;
    auto run = akg::advtest::OnCore([&](Ub& ub) {
        auto a = ub.New<float>(std::vector<float>(8, 4.0f));
        auto b = ub.New<float>(std::vector<float>(8, 0.5f));
        auto d = ub.New<float>(8);
        SwiGLU(d, a, b, 1.0f, 8);
        out = akg::vtest::Read(d, 8);
    });
    ASSERT_TRUE(run.result.completed);
    EXPECT_NEAR(out[0], 1.2449187f, 1e-6);
}
