// GatherMask: fixed patterns 1..7 and user tensors, Normal and Counter (reduceMode) modes.
#include <gtest/gtest.h>

#include "sim/vec_test_util.h"

using namespace AscendC;
using akg::test::RunKernel;
using namespace akg::vtest;

namespace {
bool FixedBit(int mode, int e) {
    switch (mode) {
        case 1: return e % 2 == 0;
        case 2: return e % 2 == 1;
        case 3: return e % 4 == 0;
        case 4: return e % 4 == 1;
        case 5: return e % 4 == 2;
        case 6: return e % 4 == 3;
        default: return true;
    }
}
}  // namespace

TEST(VecGatherMask, FixedPatternsNormalModeFloat) {
    std::vector<float> src(256);
    for (int i = 0; i < 256; ++i) src[i] = float(i + 1);
    for (int mode = 1; mode <= 7; ++mode) {
        std::vector<float> out;
        uint64_t cnt = 0;
        auto run = RunKernel(1, [&] {
            TPipe pipe;
            Ub ub(pipe);
            auto d = ub.Filled<float>(256, 0);
            GatherMask(d, ub.New(src), uint8_t(mode), false, 0, {1, 4, 8, 0}, cnt);
            out = Read(d, 256);
        });
        ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        std::vector<float> ref;
        for (int i = 0; i < 256; ++i)
            if (FixedBit(mode, i % 64)) ref.push_back(src[i]);
        ASSERT_EQ(cnt, ref.size()) << mode;
        for (size_t i = 0; i < ref.size(); ++i) ASSERT_EQ(out[i], ref[i]) << mode << " " << i;
        for (size_t i = ref.size(); i < 256; ++i) ASSERT_EQ(out[i], 0.0f) << mode << " " << i;
    }
}

TEST(VecGatherMask, UserPatternNormalModeWithPatternAndSourceStrides) {
    // half, 3 repeats; src0 block stride 2 and repeat stride 16 blocks; pattern repeat stride 1 block.
    std::vector<half> src(3 * 256);
    for (int i = 0; i < 3 * 256; ++i) src[i] = half(float(i % 2000));
    std::vector<uint16_t> pat(3 * 16);
    Lcg g(3);
    for (auto& p : pat) p = uint16_t(g.Next());
    std::vector<half> out;
    uint64_t cnt = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<half>(3 * 128, 0);
        GatherMask(d, ub.New(src), ub.New(pat), false, 0, {2, 3, 16, 1}, cnt);
        out = Read(d, 3 * 128);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<half> ref;
    for (int r = 0; r < 3; ++r)
        for (int e = 0; e < 128; ++e) {
            const uint16_t word = pat[r * 16 + e / 16];  // 1 block = 16 uint16_t words between repeats
            if ((word >> (e % 16)) & 1) ref.push_back(src[r * 256 + (e / 16) * 32 + e % 16]);
        }
    ASSERT_EQ(cnt, ref.size());
    for (size_t i = 0; i < ref.size(); ++i) ASSERT_EQ(Bits(out[i]), Bits(ref[i])) << i;
}

TEST(VecGatherMask, CounterModeMaskElementsPerRepeat) {
    // The documented example: mask 70, 2 repeats, src0 repeat stride 4 blocks, pattern reused.
    std::vector<half> src(256);
    for (int i = 0; i < 256; ++i) src[i] = half(float(i));
    std::vector<uint16_t> pat(16, 0x9999);  // keep elements 0 and 3 of every 4
    std::vector<half> out;
    uint64_t cnt = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<half>(128, 0);
        GatherMask(d, ub.New(src), ub.New(pat), true, 70, {1, 2, 4, 0}, cnt);
        out = Read(d, 128);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<float> ref;
    for (int r = 0; r < 2; ++r)
        for (int e = 0; e < 70; ++e)
            if (e % 4 == 0 || e % 4 == 3) ref.push_back(float(r * 64 + e));
    ASSERT_EQ(cnt, ref.size());
    for (size_t i = 0; i < ref.size(); ++i) ASSERT_EQ(float(out[i]), ref[i]) << i;
}

TEST(VecGatherMask, CounterModeLongRepeatInPlaceLeavesNormalMode) {
    // The MaskedSelect pattern: one repeat of `count` elements, in place.
    constexpr int n = 1000;
    std::vector<int32_t> v(1024);
    for (int i = 0; i < 1024; ++i) v[i] = i * 7 - 3;
    std::vector<uint32_t> pat(32);
    Lcg g(4);
    for (auto& p : pat) p = g.Next();
    std::vector<int32_t> out;
    std::vector<float> after;
    uint64_t cnt = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto t = ub.New(v);
        GatherMaskParams p;
        p.src0BlockStride = 1;
        p.repeatTimes = 1;
        p.src0RepeatStride = 8;
        p.src1RepeatStride = 1;
        SetMaskCount();
        GatherMask(t, t, ub.New(pat), true, n, p, cnt);
        out = Read(t, 1024);
        // The device leaves Normal mode with the mask register holding `n` (0b1111101000).
        auto a = ub.Filled<float>(64, 0), b = ub.Filled<float>(64, 0), c = ub.Filled<float>(64, 0);
        for (int i = 0; i < 64; ++i) a.SetValue(i, 1.0f);
        Add<float, false>(c, a, b, MASK_PLACEHOLDER, 1, {1, 1, 1, 8, 8, 8});
        after = Read(c, 64);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<int32_t> ref;
    for (int e = 0; e < n; ++e)
        if ((pat[e / 32] >> (e % 32)) & 1) ref.push_back(v[e]);
    ASSERT_EQ(cnt, ref.size());
    for (size_t i = 0; i < ref.size(); ++i) ASSERT_EQ(out[i], ref[i]) << i;
    for (int l = 0; l < 64; ++l) EXPECT_EQ(after[l], ((uint64_t(n) >> l) & 1) ? 1.0f : 0.0f) << l;
}

TEST(VecGatherMask, PatternModeOutOfRangeIsUnsupported) {
    uint64_t cnt = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<float>(64, 0), s = ub.Filled<float>(64, 0);
        GatherMask(d, s, uint8_t(8), false, 0, {1, 1, 8, 0}, cnt);
    });
    EXPECT_NE(akg::test::FindDiag(run, "VEC_UNSUPPORTED"), nullptr) << run.Codes();
}

TEST(VecGatherMask, DestinationFootprintIsTheKeptCount) {
    // 200 of 256 kept: a 192-element destination overruns; a 208-element one does not.
    std::vector<float> src(256, 1.0f);
    std::vector<uint32_t> pat(8, 0xFFFFFFFFu);
    pat[6] = 0;
    pat[7] = 0xFF;
    for (size_t dstN : {size_t(192), size_t(208)}) {
        uint64_t cnt = 0;
        auto run = RunKernel(1, [&] {
            TPipe pipe;
            Ub ub(pipe);
            auto d = ub.New<float>(dstN);
            GatherMask(d, ub.New(src), ub.New(pat), true, 256, {1, 1, 8, 0}, cnt);
        });
        EXPECT_EQ(cnt, 200u);
        EXPECT_EQ(akg::test::FindDiag(run, "LOCAL_BUFFER_OVERRUN") != nullptr, dstN == 192) << run.Codes();
    }
}
