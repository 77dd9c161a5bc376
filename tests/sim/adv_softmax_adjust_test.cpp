// AdjustSoftMaxRes (lib/activation/softmax.h) against its documented reference: rows whose max
// (element 0 of the row's 32-byte block, or with stepSizeMode one element per row) has the bit
// pattern `from` are set to `to`; the return value says whether any row matched. And the misuse
// the checker reports: a last axis that is not whole 32-byte blocks.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"

using namespace AscendC;
using akg::test::KernelRun;
using akg::test::RunKernel;

namespace {

uint32_t Bits(float v) {
    uint32_t b;
    std::memcpy(&b, &v, 4);
    return b;
}

// float [6, 16] with float max blocks (8 per row): rows 1 and 4 hold the lowest float as their
// max and become 0; the others keep their values.
TEST(AdvSoftmaxAdjust, FloatRowsWithTheValueAreReplaced) {
    constexpr uint32_t M = 6, K = 16;
    const float lowest = -3.40282347e38f;  // 0xFF7FFFFF
    std::vector<float> res(M * K);
    bool found = false, notFound = true;
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> r, mx;
        pipe.InitBuffer(r, M * K * 4);
        pipe.InitBuffer(mx, M * 8 * 4);
        LocalTensor<float> rl = r.Get<float>(), ml = mx.Get<float>();
        for (uint32_t i = 0; i < M * K; ++i) rl.SetValue(i, 0.5f + float(i));
        for (uint32_t row = 0; row < M; ++row)
            for (uint32_t j = 0; j < 8; ++j) ml.SetValue(row * 8 + j, row == 1 || row == 4 ? lowest : float(row));
        SoftMaxShapeInfo shape = {M, K, M, K};
        found = AdjustSoftMaxRes<float, float>(rl, ml, Bits(lowest), 0.0f, shape);
        notFound = AdjustSoftMaxRes<float, float>(rl, ml, Bits(123.0f), 7.0f, shape);
        for (uint32_t i = 0; i < M * K; ++i) res[i] = rl.GetValue(i);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_TRUE(found);
    EXPECT_FALSE(notFound);
    for (uint32_t row = 0; row < M; ++row)
        for (uint32_t k = 0; k < K; ++k) {
            const float want = row == 1 || row == 4 ? 0.0f : 0.5f + float(row * K + k);
            ASSERT_EQ(res[row * K + k], want) << "row " << row << " column " << k;
        }
}

// half results with a half max of one element per row (stepSizeMode 1): `from` is the half's
// 16-bit pattern.
TEST(AdvSoftmaxAdjust, HalfMaxOneElementPerRow) {
    constexpr uint32_t M = 4, K = 32;
    std::vector<float> res(M * K);
    bool found = false;
    const half marker(2.5f);
    uint16_t markerBits;
    std::memcpy(&markerBits, &marker, 2);
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> r, mx;
        pipe.InitBuffer(r, M * K * 2);
        pipe.InitBuffer(mx, 32);
        LocalTensor<half> rl = r.Get<half>(), ml = mx.Get<half>();
        for (uint32_t i = 0; i < M * K; ++i) rl.SetValue(i, half(float(i % 7)));
        // Rows 0 and 2 have the marker; with 32-byte steps row 2 would read element 32.
        for (uint32_t i = 0; i < 16; ++i) ml.SetValue(i, half(i == 0 || i == 2 ? 2.5f : 1.0f));
        found = AdjustSoftMaxRes<half, half, false, 1>(rl, ml, markerBits, half(-1.0f), SoftMaxShapeInfo{M, K, M, K});
        for (uint32_t i = 0; i < M * K; ++i) res[i] = float(rl.GetValue(i));
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_TRUE(found);
    for (uint32_t row = 0; row < M; ++row)
        for (uint32_t k = 0; k < K; ++k)
            ASSERT_EQ(res[row * K + k], row == 0 || row == 2 ? -1.0f : float((row * K + k) % 7)) << row << "," << k;
}

TEST(AdvSoftmaxAdjust, UnalignedLastAxisIsReported) {
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> r, mx;
        pipe.InitBuffer(r, 1024);
        pipe.InitBuffer(mx, 256);
        LocalTensor<float> rl = r.Get<float>(), ml = mx.Get<float>();
        AdjustSoftMaxRes<float, float>(rl, ml, 0u, 0.0f, SoftMaxShapeInfo{4, 10, 4, 10});  // 40 bytes a row
    });
    EXPECT_TRUE(run.HasDiag("ADV_SHAPE_UNSUPPORTED")) << run.Codes();
}

}  // namespace
