// Gather: elements at byte offsets from src + srcBaseAddr.
#include <gtest/gtest.h>

#include "sim/vec_test_util.h"

using namespace AscendC;
using akg::test::RunKernel;
using namespace akg::vtest;

TEST(VecGather, CountFormHalfReverse) {
    constexpr int n = 128;
    std::vector<half> src(n);
    std::vector<uint32_t> off(n);
    for (int i = 0; i < n; ++i) {
        src[i] = half(float(i));
        off[i] = uint32_t((n - 1 - i) * 2);
    }
    std::vector<half> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<half>(n, 0);
        Gather(d, ub.New(src), ub.New(off), 0u, n);
        out = Read(d, n);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < n; ++i) ASSERT_EQ(float(out[i]), float(n - 1 - i)) << i;
}

TEST(VecGather, BaseAddressAndInPlaceBroadcast) {
    // The AddRmsNorm pattern: in place, each lane reads the first element of its block.
    constexpr int rows = 12;
    std::vector<float> v(rows * 8);
    for (int i = 0; i < rows * 8; ++i) v[i] = (i % 8 == 0) ? float(i / 8) + 0.5f : -1.0f;
    std::vector<uint32_t> off(rows * 8);
    for (int i = 0; i < rows * 8; ++i) off[i] = uint32_t(i / 8 * 32);
    std::vector<float> out, out2;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto t = ub.New(v);
        auto o = ub.New(off);
        Gather(t, t, o, 0u, rows * 8);
        out = Read(t, rows * 8);
        // srcBaseAddr shifts every offset: base 4 bytes -> the second element of each block.
        auto t2 = ub.New(v), d2 = ub.Filled<float>(rows * 8, 0);
        Gather(d2, t2, o, 4u, rows * 8);
        out2 = Read(d2, rows * 8);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < rows * 8; ++i) {
        ASSERT_EQ(out[i], float(i / 8) + 0.5f) << i;
        ASSERT_EQ(out2[i], -1.0f) << i;
    }
}

TEST(VecGather, MaskFormDstRepStrideAndOffsetsPerLane) {
    // float: 2 repeats of 64 lanes, mask 10 lanes, dstRepStride 4 blocks (32 floats).
    std::vector<float> src(256);
    for (int i = 0; i < 256; ++i) src[i] = float(i) * 2;
    std::vector<uint32_t> off(128);
    for (int i = 0; i < 128; ++i) off[i] = uint32_t(((i * 37) % 256) * 4);
    std::vector<float> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<float>(96, 0);
        Gather(d, ub.New(src), ub.New(off), 0u, uint64_t(10), 2, 4);
        out = Read(d, 96);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<float> ref(96, 0.0f);
    for (int r = 0; r < 2; ++r)
        for (int l = 0; l < 10; ++l) ref[r * 32 + l] = src[off[r * 64 + l] / 4];
    for (int i = 0; i < 96; ++i) ASSERT_EQ(out[i], ref[i]) << i;
}

TEST(VecGather, MisalignedOffsetIsReported) {
    std::vector<float> src(64, 3.0f);
    std::vector<uint32_t> off(64, 6);  // not a multiple of 4
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<float>(64, 0);
        Gather(d, ub.New(src), ub.New(off), 0u, 64);
    });
    EXPECT_NE(akg::test::FindDiag(run, "VEC_GATHER_OFFSET_MISALIGNED"), nullptr) << run.Codes();
}

TEST(VecGather, OffsetOutsideTheUnifiedBufferIsFatal) {
    std::vector<float> src(64, 3.0f);
    std::vector<uint32_t> off(64, 0);
    off[5] = 0x7FFFFFF0u;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<float>(64, 0);
        Gather(d, ub.New(src), ub.New(off), 0u, 64);
    });
    EXPECT_FALSE(run.result.completed);
    EXPECT_NE(akg::test::FindDiag(run, "LOCAL_OOB"), nullptr) << run.Codes();
}

// Gatherb against the documented reference loop: per repeat, 8 whole blocks at byte offsets
// offset[r * 8 + j] from src, to dst blocks r * dstRepStride + j * dstBlkStride (0 counts as 1).
template <typename T>
void CheckGatherb(uint8_t repeats, uint8_t blkStride, uint8_t repStride, uint32_t srcBlocks, uint32_t seed) {
    const uint32_t perBlock = 32 / sizeof(T);
    std::vector<T> src(srcBlocks * perBlock);
    for (size_t i = 0; i < src.size(); ++i) src[i] = T(i * 7 + 3);
    std::vector<uint32_t> off(repeats * 8u);
    uint32_t x = seed;
    for (auto& o : off) {
        x = x * 1103515245u + 12345u;
        o = (x >> 8) % srcBlocks * 32;
    }
    const uint32_t bs = blkStride ? blkStride : 1;
    const uint32_t dstBlocks = (repeats - 1u) * repStride + 7u * bs + 1u;
    std::vector<T> want(dstBlocks * perBlock, T(0x5a5a));
    for (uint32_t r = 0; r < repeats; ++r)
        for (uint32_t j = 0; j < 8; ++j)
            for (uint32_t e = 0; e < perBlock; ++e)
                want[(r * repStride + j * bs) * perBlock + e] = src[off[r * 8 + j] / sizeof(T) + e];
    std::vector<T> got;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<T>(want.size(), 0x5a);
        Gatherb(d, ub.New(src), ub.New(off), repeats, GatherRepeatParams{blkStride, repStride});
        got = Read(d, want.size());
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << i;
}

TEST(VecGatherb, ReferenceLoopUint16AndUint32) {
    CheckGatherb<uint16_t>(1, 1, 8, 8, 1);     // the documented example's shape
    CheckGatherb<uint16_t>(3, 2, 16, 40, 2);   // spread blocks, repeats 16 blocks apart
    CheckGatherb<uint32_t>(4, 0, 8, 64, 3);    // dstBlkStride 0 counts as 1
    CheckGatherb<uint32_t>(2, 1, 4, 16, 4);    // repeats overlap: the later one wins
}

TEST(VecGatherb, DocumentedExampleReversesBlocks) {
    std::vector<uint16_t> src(128);
    for (int i = 0; i < 128; ++i) src[i] = uint16_t(i);
    std::vector<uint32_t> off = {224, 192, 160, 128, 96, 64, 32, 0};
    std::vector<uint16_t> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<uint16_t>(128, 0);
        Gatherb(d, ub.New(src), ub.New(off), 1, GatherRepeatParams{1, 8});
        out = Read(d, 128);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 128; ++i) ASSERT_EQ(out[i], (7 - i / 16) * 16 + i % 16) << i;  // block j = src block 7 - j
}

TEST(VecGatherb, OffsetOffTheBlockGridIsDiagnosed) {
    std::vector<uint32_t> src(64, 1);
    std::vector<uint32_t> off = {0, 32, 64, 96, 4, 128, 160, 192};  // 4: not a whole block
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<uint32_t>(64, 0);
        Gatherb(d, ub.New(src), ub.New(off), 1, GatherRepeatParams{1, 8});
    });
    EXPECT_TRUE(run.HasDiag("VEC_GATHER_OFFSET_MISALIGNED")) << run.Codes();
}
