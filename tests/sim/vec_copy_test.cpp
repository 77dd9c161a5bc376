// Copy: UB -> UB with a mask and CopyRepeatParams, including Copy's own Counter-mode meaning.
#include <gtest/gtest.h>

#include "sim/vec_test_util.h"

using namespace AscendC;
using akg::test::RunKernel;
using namespace akg::vtest;

TEST(VecCopy, ContinuousMaskRowSlice) {
    // The documented [18, 64] -> [18, 8] slice: mask 8, 18 repeats, src repeat 8 blocks, dst 1.
    std::vector<int32_t> src(18 * 64);
    for (int i = 0; i < 18 * 64; ++i) src[i] = i;
    std::vector<int32_t> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<int32_t>(152, 0x7E);
        Copy(d, ub.New(src), uint64_t(8), 18, {1, 1, 1, 8});
        out = Read(d, 152);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int r = 0; r < 18; ++r)
        for (int e = 0; e < 8; ++e) ASSERT_EQ(out[r * 8 + e], r * 64 + e) << r << " " << e;
    for (int i = 144; i < 152; ++i) ASSERT_EQ(Bits(out[i]), Bits(Poison<int32_t>(0x7E)));
}

TEST(VecCopy, BitMaskWithBlockStridesHalf) {
    std::vector<half> src(2 * 256);
    for (int i = 0; i < 512; ++i) src[i] = half(float(i));
    uint64_t mask[2] = {0xFFFF0000FFFF0001ull, 0x8000000000000000ull};
    std::vector<half> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<half>(2 * 384, 0);
        Copy(d, ub.New(src), mask, 2, {3, 2, 24, 16});
        out = Read(d, 2 * 384);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<float> ref(2 * 384, 0.0f);
    for (int r = 0; r < 2; ++r)
        for (int l = 0; l < 128; ++l) {
            const bool on = (l < 64 ? mask[0] >> l : mask[1] >> (l - 64)) & 1;
            if (on) ref[r * 384 + (l / 16) * 48 + l % 16] = float(r * 256 + (l / 16) * 32 + l % 16);
        }
    for (int i = 0; i < 2 * 384; ++i) ASSERT_EQ(float(out[i]), ref[i]) << i;
}

TEST(VecCopy, CounterModeCountIsPerRepeat) {
    // 100 floats per repeat (13 blocks), 3 repeats; src rows 26 blocks apart, dst rows 13.
    std::vector<float> src(3 * 208);
    for (int i = 0; i < 3 * 208; ++i) src[i] = float(i);
    std::vector<float> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<float>(3 * 104 + 8, 0);
        SetMaskCount();
        SetVectorMask<float, MaskMode::COUNTER>(100);
        Copy<float, false>(d, ub.New(src), MASK_PLACEHOLDER, 3, {1, 1, 13, 26});
        SetMaskNorm();
        ResetMask();
        out = Read(d, 3 * 104 + 8);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<float> ref(3 * 104 + 8, 0.0f);
    for (int r = 0; r < 3; ++r)
        for (int e = 0; e < 100; ++e) ref[r * 104 + e] = float(r * 208 + e);
    for (size_t i = 0; i < ref.size(); ++i) ASSERT_EQ(out[i], ref[i]) << i;
}

TEST(VecCopy, DestinationOverrunIntoNextBufferIsCaught) {
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.Filled<float>(128, 0);
        auto d = ub.Filled<float>(64, 0);
        ub.Filled<float>(64, 0);  // the buffer the second repeat lands in
        Copy(d, s, uint64_t(64), 2, {1, 1, 8, 8});
    });
    EXPECT_NE(akg::test::FindDiag(run, "LOCAL_BUFFER_OVERRUN"), nullptr) << run.Codes();
}
