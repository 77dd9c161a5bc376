// The shape of the high-level element-wise APIs as kernels use them: the three-parameter
// overloads are real function templates whose specialisations convert to
// `void (*)(const LocalTensor<T>&, const LocalTensor<T>&, const uint32_t)` (the NPUKernelBench
// Foreach kernels pass `Acos<half, false>` and friends as non-type template arguments), the
// configuration template arguments compile, and each call is one described instruction on the
// vector pipe: its operands, its cost class and a repeat count that charges transcendental
// functions more than an Add.
#include <gtest/gtest.h>

#include <type_traits>

#include "sim/adv_test_util.h"
#include "sim/runtime.h"

using namespace AscendC;
using akg::vtest::Ub;

namespace {

// The Foreach framework's operator type and the way it holds one.
template <typename T>
using TriangleOp = void(const LocalTensor<T>&, const LocalTensor<T>&, const uint32_t);

template <typename T, TriangleOp<T>* op>
struct InnerComputer {
    void Compute(const LocalTensor<T>& x, const LocalTensor<T>& y, int64_t dataCount) { op(y, x, dataCount); }
};

// Every API with the (dst, src, count) overload, both element types, as a template argument with
// and without '&', and as a pointer initialiser.
#define ASSERT_TRIANGLE_OP(NAME)                                                       \
    static_assert(sizeof(InnerComputer<half, NAME<half, false>>) > 0);                 \
    static_assert(sizeof(InnerComputer<float, &NAME<float, false>>) > 0);              \
    [[maybe_unused]] static TriangleOp<half>* const k##NAME##Half = NAME<half, false>; \
    [[maybe_unused]] static TriangleOp<float>* const k##NAME##Float = &NAME<float, false>;

ASSERT_TRIANGLE_OP(Acos)
ASSERT_TRIANGLE_OP(Asin)
ASSERT_TRIANGLE_OP(Atan)
ASSERT_TRIANGLE_OP(Cos)
ASSERT_TRIANGLE_OP(Cosh)
ASSERT_TRIANGLE_OP(Erf)
ASSERT_TRIANGLE_OP(Erfc)
ASSERT_TRIANGLE_OP(Sigmoid)
ASSERT_TRIANGLE_OP(Sin)
ASSERT_TRIANGLE_OP(Sinh)
ASSERT_TRIANGLE_OP(Tan)
ASSERT_TRIANGLE_OP(Tanh)
ASSERT_TRIANGLE_OP(Asinh)
ASSERT_TRIANGLE_OP(Acosh)
ASSERT_TRIANGLE_OP(Atanh)
ASSERT_TRIANGLE_OP(Sign)
ASSERT_TRIANGLE_OP(Trunc)
ASSERT_TRIANGLE_OP(Frac)
ASSERT_TRIANGLE_OP(Floor)
ASSERT_TRIANGLE_OP(Ceil)
ASSERT_TRIANGLE_OP(Round)
ASSERT_TRIANGLE_OP(Lgamma)
ASSERT_TRIANGLE_OP(Digamma)
ASSERT_TRIANGLE_OP(Log)
ASSERT_TRIANGLE_OP(Log2)
ASSERT_TRIANGLE_OP(Log10)
ASSERT_TRIANGLE_OP(Silu)
#undef ASSERT_TRIANGLE_OP

// Gelu's second template parameter is highPrecision, not isReuseSource.
static_assert(sizeof(InnerComputer<half, Gelu<half, false>>) > 0);
static_assert(sizeof(InnerComputer<float, FasterGelu<float, false, false>>) > 0);
static_assert(sizeof(InnerComputer<float, FasterGeluV2<float>>) > 0);

// The four-parameter sharedTmpBuffer form, and the exact pointer types of other overloads.
using WithTmp = void(const LocalTensor<float>&, const LocalTensor<float>&, const LocalTensor<uint8_t>&, const uint32_t);
[[maybe_unused]] static WithTmp* const kTanhTmp = Tanh<float, false>;
using PowScalar = void(const LocalTensor<float>&, const LocalTensor<float>&, const float&, uint32_t);
[[maybe_unused]] static PowScalar* const kPowTs = Power<float, false>;
using PowScalarBase = void(const LocalTensor<int32_t>&, const int32_t&, const LocalTensor<int32_t>&, uint32_t);
[[maybe_unused]] static PowScalarBase* const kPowSt = Power<int32_t, false>;

// Records every instruction.
struct Recorder : akg::sim::InstrObserver {
    std::vector<akg::sim::Instr> instrs;
    void OnInstr(int, const akg::sim::Instr& in) override { instrs.push_back(in); }
};

akg::sim::LaunchResult RunObserved(std::function<void()> body, Recorder& rec) {
    static std::function<void()>* current = nullptr;
    current = &body;
    akg::sim::LaunchArgs args;
    args.entry = [](void**) { (*current)(); };
    args.blockDim = 1;
    auto r = akg::sim::Launch(akg::sim::PlatformSpec{}, args, {&rec});
    current = nullptr;
    return r;
}

const akg::sim::Instr* Find(const Recorder& rec, const std::string& api) {
    for (auto& in : rec.instrs)
        if (api == in.api) return &in;
    return nullptr;
}

}  // namespace

// The Foreach pattern end to end: an operator chosen by template argument, called with an
// int64_t count.
TEST(AdvSignature, FunctionPointerTemplateArgumentRuns) {
    std::vector<half> in = {half(0.5f), half(-0.25f), half(1.0f), half(0.0f)};
    std::vector<half> acos, erfc;
    auto run = akg::advtest::OnCore([&](Ub& ub) {
        auto x = ub.New<half>(in);
        auto y = ub.New<half>(4), z = ub.New<half>(4);
        InnerComputer<half, Acos<half, false>>().Compute(x, y, 4);
        InnerComputer<half, &Erfc<half, false>>().Compute(x, z, 4);
        acos = akg::vtest::Read(y, 4);
        erfc = akg::vtest::Read(z, 4);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(akg::test::BitsOf(acos[i]), akg::test::BitsOf(half(std::acos(double(float(in[i]))))));
        EXPECT_EQ(akg::test::BitsOf(erfc[i]), akg::test::BitsOf(half(std::erfc(double(float(in[i]))))));
    }
}

// Configuration template arguments as the documentation writes them.
__aicore__ constexpr FmodConfig GetFmodConfig() { return {FmodAlgo::ITERATION_COMPENSATION, 8}; }
static constexpr FmodConfig kFmodConfig = GetFmodConfig();
static constexpr TanhConfig kTanhConfig = {TanhAlgo::SUBSECTION_COMPENSATION};

TEST(AdvSignature, ConfigTemplateArguments) {
    static constexpr AtanConfig atanConfig = {AtanAlgo::POLYNOMIAL_APPROXIMATION};
    static constexpr CosConfig cosConfig = {CosAlgo::RADIAN_REDUCTION};
    static constexpr SinConfig sinConfig = {SinAlgo::RADIAN_REDUCTION};
    static constexpr ErfConfig erfConfig = {ErfAlgo::SUBSECTION_POLYNOMIAL_APPROXIMATION};
    static constexpr PowerConfig powConfig = {PowerAlgo::DOUBLE_FLOAT_TECH};
    std::vector<float> out(7);
    auto run = akg::advtest::OnCore([&](Ub& ub) {
        auto x = ub.New<float>(std::vector<float>(8, 0.5f));
        auto y = ub.New<float>(8);
        auto t = ub.New<uint8_t>(4096);
        Tanh<float, false, kTanhConfig>(y, x, t, 8);
        out[0] = y.GetValue(0);
        Atan<float, false, atanConfig>(y, x, 8);
        out[1] = y.GetValue(0);
        Cos<float, false, cosConfig>(y, x, t, 8);
        out[2] = y.GetValue(0);
        Sin<float, false, sinConfig>(y, x, 8);
        out[3] = y.GetValue(0);
        Erf<float, false, erfConfig>(y, x, t);
        out[4] = y.GetValue(0);
        Power<float, false, powConfig>(y, x, 2.0f, 8);
        out[5] = y.GetValue(0);
        Fmod<float, false, kFmodConfig>(y, x, x, t, 8);
        out[6] = y.GetValue(0);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(out[0], float(std::tanh(0.5)));
    EXPECT_EQ(out[1], float(std::atan(0.5)));
    EXPECT_EQ(out[2], float(std::cos(0.5)));
    EXPECT_EQ(out[3], float(std::sin(0.5)));
    EXPECT_EQ(out[4], float(std::erf(0.5)));
    EXPECT_EQ(out[5], 0.25f);
    EXPECT_EQ(out[6], 0.0f);
}

// The basic Exp(dst, src, count) and the high-level Exp<T, taylorExpandLevel> coexist.
TEST(AdvSignature, BasicAndHighLevelExpCoexist) {
    Recorder rec;
    auto r = RunObserved(
        [] {
            TPipe pipe;
            Ub ub(pipe);
            auto x = ub.New<float>(std::vector<float>(64, 1.0f));
            auto y = ub.New<float>(64);
            Exp(y, x, 64);
            Exp<float, 10>(y, x, 64);
            Exp<float, 0, true>(y, x, ub.New<uint8_t>(1024), 64);
        },
        rec);
    ASSERT_TRUE(r.completed);
    ASSERT_EQ(rec.instrs.size(), 3u);
    EXPECT_NE(rec.instrs[0].costClass, akg::sim::CostClass::Folded);  // the basic instruction
    EXPECT_EQ(rec.instrs[1].costClass, akg::sim::CostClass::Folded);  // steps folded into repeats
    EXPECT_GT(rec.instrs[1].repeats, rec.instrs[2].repeats);  // a Taylor expansion costs more
}

// One instruction per call, on pipe V, with its operands and a cost that ranks it above Add.
TEST(AdvSignature, OneDescribedInstructionPerCall) {
    Recorder rec;
    auto r = RunObserved(
        [] {
            TPipe pipe;
            Ub ub(pipe);
            auto x = ub.New<float>(std::vector<float>(1000, 0.5f));
            auto y = ub.New<float>(1000);
            auto t = ub.New<uint8_t>(8192);
            Add(y, x, x, 1000);
            Erf(y, x, t, 1000);
            Tanh(y, x, 1000);
            Power(y, x, x, t, 1000);
            Axpy<float, float>(y, x, 2.0f, t, 1000);
        },
        rec);
    ASSERT_TRUE(r.completed);
    ASSERT_EQ(rec.instrs.size(), 5u);
    const akg::sim::Instr* add = Find(rec, "Add");
    const akg::sim::Instr* erf = Find(rec, "Erf");
    const akg::sim::Instr* tanh = Find(rec, "Tanh");
    const akg::sim::Instr* pow = Find(rec, "Power");
    const akg::sim::Instr* axpy = Find(rec, "Axpy");
    ASSERT_TRUE(add && erf && tanh && pow && axpy);
    for (auto* in : {erf, tanh, pow, axpy}) {
        EXPECT_EQ(in->pipe, akg::sim::Pipe::V);
        EXPECT_EQ(in->elements, 1000u);
        EXPECT_EQ(in->costClass, akg::sim::CostClass::Folded);
        EXPECT_GT(in->repeats, add->repeats) << in->api;
    }
    EXPECT_GT(erf->repeats, tanh->repeats);
    // Erf: dst written, src read, sharedTmpBuffer written (only what 1000 floats need: 3 * 4000).
    ASSERT_EQ(erf->nacc, 3);
    EXPECT_TRUE(erf->acc[0].write);
    EXPECT_EQ(erf->acc[0].bytes, 4000u);
    EXPECT_FALSE(erf->acc[1].write);
    EXPECT_TRUE(erf->acc[2].write);
    EXPECT_EQ(erf->acc[2].bytes, 8192u);  // all of it: the maximum for 1000 floats is 12000
    // Tanh without a buffer touches only dst and src.
    EXPECT_EQ(tanh->nacc, 2);
    // Power(tensor, tensor): dst, two sources, the buffer.
    EXPECT_EQ(pow->nacc, 4);
    // Axpy reads its destination.
    ASSERT_EQ(axpy->nacc, 3);  // float Axpy needs no temporary space: nothing of the buffer is used
    EXPECT_TRUE(axpy->acc[0].write);
    EXPECT_FALSE(axpy->acc[1].write);
    EXPECT_EQ(axpy->acc[1].addr, axpy->acc[0].addr);
}

// The temporary buffer holds garbage after the call (the implementation's intermediates), and
// the mask register is back in Normal mode with every lane enabled.
TEST(AdvSignature, ClobbersTmpBufferAndResetsMask) {
    std::vector<uint8_t> tmpAfter;
    bool counter = true;
    auto run = akg::advtest::OnCore([&](Ub& ub) {
        auto x = ub.New<half>(std::vector<half>(128, half(0.5f)));
        auto y = ub.New<half>(128);
        auto t = ub.Filled<uint8_t>(4096, 0);
        SetMaskCount();
        SetVectorMask<half, MaskMode::COUNTER>(0, 64);
        Sin(y, x, t, 128);
        counter = akg::sim::Cur().counterMode;
        tmpAfter = akg::vtest::Read(t, 4096);
        SetMaskNorm();
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_FALSE(counter);
    // Sin<half> keeps 8 temporaries of 128 halves: 2048 bytes used, the rest untouched.
    EXPECT_EQ(tmpAfter[0], 0xFF);
    EXPECT_EQ(tmpAfter[2047], 0xFF);
    EXPECT_EQ(tmpAfter[2048], 0x00);
}
