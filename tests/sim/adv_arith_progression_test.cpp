// ArithProgression / Arange: dst[i] = first + i * diff, built as on the device (scalar first
// block, then block and repeat Adds), so float sequences carry the rounding of the chained adds.
#include <gtest/gtest.h>

#include "sim/vec_test_util.h"

using namespace AscendC;
using akg::test::RunKernel;
using namespace akg::vtest;

namespace {
// Independent reference: scalar values for the first block, then + blockLen * diff per block of
// the first repeat, then + repeatLen * diff per repeat, each sum rounded to T.
template <typename T>
T ChainRef(T first, T diff, size_t i) {
    const size_t perBlock = 32 / sizeof(T), perRepeat = 256 / sizeof(T);
    const size_t r = i / perRepeat, l = i % perRepeat;
    T v = static_cast<T>(float(first) + float(diff) * float(l % perBlock));
    const T blockStep = static_cast<T>(float(diff) * float(perBlock));
    const T repeatStep = static_cast<T>(float(diff) * float(perRepeat));
    for (size_t k = 0; k < l / perBlock; ++k) v = static_cast<T>(float(v) + float(blockStep));
    for (size_t k = 0; k < r; ++k) v = static_cast<T>(float(v) + float(repeatStep));
    return v;
}
}  // namespace

TEST(AdvArithProgression, IntegersShortAndLongWithTailAlignment) {
    std::vector<int32_t> shortSeq, longSeq;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto a = ub.Filled<int32_t>(16, 0x7F);
        auto b = ub.Filled<int32_t>(256, 0x7F);
        ArithProgression(a, int32_t(7), int32_t(-3), 5);  // shorter than a block: scalar only
        ArithProgression(b, int32_t(-100), int32_t(4), 150);
        shortSeq = Read(a, 16);
        longSeq = Read(b, 256);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 5; ++i) EXPECT_EQ(shortSeq[i], 7 - 3 * i) << i;
    for (int i = 5; i < 16; ++i) EXPECT_EQ(Bits(shortSeq[i]), Bits(Poison<int32_t>(0x7F))) << i;
    // 150 elements: two repeats of 64, then a tail of 22 written to its block alignment (24).
    for (int i = 0; i < 152; ++i) EXPECT_EQ(longSeq[i], -100 + 4 * i) << i;
    for (int i = 152; i < 256; ++i) EXPECT_EQ(Bits(longSeq[i]), Bits(Poison<int32_t>(0x7F))) << i;
}

TEST(AdvArithProgression, FloatFollowsTheChainedAdds) {
    constexpr int n = 3000;
    std::vector<float> out;
    std::vector<half> h;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto t = ub.Filled<float>(n, 0);
        auto th = ub.Filled<half>(48, 0);
        ArithProgression(t, 0.5f, 0.1f, n);
        Arange(th, half(1.0f), half(0.25f), 40);  // the current name, one repeat of half
        out = Read(t, n);
        h = Read(th, 48);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    bool differsFromDirect = false;
    for (int i = 0; i < n; ++i) {
        ASSERT_EQ(Bits(out[i]), Bits(ChainRef(0.5f, 0.1f, i))) << i;
        differsFromDirect |= out[i] != 0.5f + 0.1f * float(i);
    }
    EXPECT_TRUE(differsFromDirect) << "chained rounding should differ from direct rounding somewhere";
    for (int i = 0; i < 48; ++i) EXPECT_EQ(float(h[i]), 1.0f + 0.25f * float(i)) << i;  // 40 rounded up to 48
}
