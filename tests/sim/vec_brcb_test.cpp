// Brcb: 8 source elements per repeat, each broadcast to a 32-byte destination block.
#include <gtest/gtest.h>

#include "sim/vec_test_util.h"

using namespace AscendC;
using akg::test::RunKernel;
using namespace akg::vtest;

namespace {
template <typename T>
void CheckBrcb(uint8_t repeat, uint16_t blk, uint16_t rep, size_t dstElems) {
    constexpr size_t kPerBlock = 32 / sizeof(T);
    std::vector<T> src(repeat * 8);
    for (size_t i = 0; i < src.size(); ++i) src[i] = T(int(i * 3 + 1));
    std::vector<T> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<T>(dstElems, 0x5C);
        Brcb(d, ub.New(src), repeat, {blk, rep});
        out = Read(d, dstElems);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<uint64_t> ref(dstElems, Bits(Poison<T>(0x5C)));
    for (size_t r = 0; r < repeat; ++r)
        for (size_t j = 0; j < 8; ++j)
            for (size_t e = 0; e < kPerBlock; ++e) ref[(r * rep + j * blk) * kPerBlock + e] = Bits(src[r * 8 + j]);
    for (size_t i = 0; i < dstElems; ++i) ASSERT_EQ(Bits(out[i]), ref[i]) << i;
}
}  // namespace

TEST(VecBrcb, HalfContiguous) { CheckBrcb<half>(2, 1, 8, 256); }
TEST(VecBrcb, FloatGappedBlocksAndRepeats) { CheckBrcb<float>(3, 2, 16, 3 * 16 * 8 + 8); }
TEST(VecBrcb, Int16AndUint32AndBfloat16) {
    CheckBrcb<int16_t>(1, 1, 8, 128);
    CheckBrcb<uint32_t>(2, 1, 8, 128);
    CheckBrcb<bfloat16_t>(2, 3, 24, 2 * 24 * 16);
}

TEST(VecBrcb, ZeroBlockStrideIsReportedAndTreatedAsOne) {
    std::vector<float> src(8);
    for (int i = 0; i < 8; ++i) src[i] = float(i);
    std::vector<float> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<float>(64, 0);
        Brcb(d, ub.New(src), 1, {0, 8});
        out = Read(d, 64);
    });
    EXPECT_NE(akg::test::FindDiag(run, "VEC_COUNT_RANGE"), nullptr) << run.Codes();
    for (int i = 0; i < 64; ++i) EXPECT_EQ(out[i], float(i / 8));
}

TEST(VecBrcb, DestinationOverrunIsCaught) {
    std::vector<float> src(16, 1.0f);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.New<float>(64);  // 2 repeats need 128 floats
        Brcb(d, ub.New(src), 2, {1, 8});
    });
    EXPECT_NE(akg::test::FindDiag(run, "LOCAL_BUFFER_OVERRUN"), nullptr) << run.Codes();
}
