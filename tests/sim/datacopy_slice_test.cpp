// DataCopy with SliceInfo (GM <-> UB): the documented two-dimensional example, the constants
// kernels size their buffers with, and the parameter rules as DMA_PARAM_RANGE.
#include <gtest/gtest.h>

#include <vector>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::RunKernel;

static_assert(TOTAL_VEC_LOCAL_SIZE == 184 * 1024, "Atlas A2/A3 kernels may use 184 KiB of UB");
static_assert(TOTAL_UB_SIZE == 192 * 1024 && TMP_UB_OFFSET == TOTAL_VEC_LOCAL_SIZE, "UB layout");
static_assert(DEFAULT_C0_SIZE == 32 && DEFAULT_C0_SIZE / sizeof(half) == 16, "C0 is one 32-byte row");

namespace {
// The rows of a row-major [rows, cols] float source: element (r, c) = 1000 r + c.
void FillRows(GmBuffer<float>& g, int rows, int cols) {
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) g[r * cols + c] = 1000.0f * r + c;
}
}  // namespace

// A [3, 87] float source; along a row, slices of 3 blocks (24 floats) from element 16 to 70 with
// 7 elements between them, i.e. [16, 40) and [47, 71); rows 0 and 2 (start 0, end 2, stride 1).
// They land densely in a [2, 48] destination, then go back out to GM the same way.
TEST(DataCopySlice, TwoDimensionalRoundTrip) {
    akg::test::GmScope scope;
    GmBuffer<float> in(3 * 87, "in"), out(2 * 48, "out");
    FillRows(in, 3, 87);
    for (size_t i = 0; i < out.n; ++i) out[i] = -1.0f;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
        pipe.InitBuffer(q, 1, 2 * 48 * sizeof(float));
        GlobalTensor<float> gi, go;
        gi.SetGlobalBuffer((__gm__ float*)in.addr(), 3 * 87);
        go.SetGlobalBuffer((__gm__ float*)out.addr(), 2 * 48);
        SliceInfo src[] = {{16, 70, 7, 3, 87}, {0, 2, 1, 1, 3}};
        SliceInfo dst[] = {{0, 47, 0, 3, 48}, {0, 1, 0, 1, 2}};
        auto t = q.AllocTensor<float>();
        DataCopy(t, gi, dst, src, 2);
        q.EnQue(t);
        t = q.DeQue<float>();
        DataCopy(go, t, dst, dst, 2);
        q.FreeTensor(t);
    });
    ASSERT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<float> want;
    for (int r : {0, 2})
        for (int start : {16, 47})
            for (int c = start; c < start + 24; ++c) want.push_back(1000.0f * r + c);
    for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(out[i], want[i]) << i;
}

// One dimension: every other 16-half slice of a row moves into a dense UB tensor.
TEST(DataCopySlice, OneDimensionalGather) {
    akg::test::GmScope scope;
    GmBuffer<half> in(128, "in"), out(64, "out");
    for (int i = 0; i < 128; ++i) in[i] = half(float(i));
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
        pipe.InitBuffer(q, 1, 64 * sizeof(half));
        GlobalTensor<half> gi, go;
        gi.SetGlobalBuffer((__gm__ half*)in.addr(), 128);
        go.SetGlobalBuffer((__gm__ half*)out.addr(), 64);
        SliceInfo src[] = {{0, 111, 16, 1, 128}};  // 4 slices of 16 at 0, 32, 64, 96
        SliceInfo dst[] = {{0, 63, 0, 1, 64}};
        auto t = q.AllocTensor<half>();
        DataCopy(t, gi, dst, src);
        q.EnQue(t);
        t = q.DeQue<half>();
        DataCopy(go, t, 64);
        q.FreeTensor(t);
    });
    ASSERT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 64; ++i) EXPECT_EQ(float(out[i]), float(i / 16 * 32 + i % 16)) << i;
}

// Parameters the API rejects: a slice length that does not tile [start, end], different slice
// counts on the two sides, burstLen above dimension 0, more than 8 dimensions.
TEST(DataCopySlice, InconsistentSlicesAreDmaParamRange) {
    akg::test::GmScope scope;
    GmBuffer<float> in(256, "in");
    for (const auto& bad : std::vector<std::vector<SliceInfo>>{
             {{0, 20, 0, 1, 64}},                       // 21 elements are not N slices of 8
             {{0, 23, 0, 1, 64}},                       // 3 slices against the 4 of dst
             {{0, 31, 0, 1, 32}, {0, 1, 0, 2, 2}}}) {   // burstLen 2 in dimension 1
        auto run = RunKernel(1, [&] {
            TPipe pipe;
            TBuf<TPosition::VECCALC> b;
            pipe.InitBuffer(b, 1024);
            GlobalTensor<float> gi;
            gi.SetGlobalBuffer((__gm__ float*)in.addr(), 256);
            SliceInfo dst[] = {{0, 31, 0, 1, 32}, {0, 1, 0, 1, 2}};
            auto t = b.Get<float>();
            DataCopy(t, gi, dst, bad.data(), uint32_t(bad.size()));
        });
        ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
        EXPECT_EQ(run.result.diagnostics[0].code, "DMA_PARAM_RANGE") << run.Codes();
    }
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 1024);
        GlobalTensor<float> gi;
        gi.SetGlobalBuffer((__gm__ float*)in.addr(), 256);
        SliceInfo many[9];
        auto t = b.Get<float>();
        DataCopy(t, gi, many, many, 9);
    });
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    EXPECT_EQ(run.result.diagnostics[0].code, "DMA_PARAM_RANGE") << run.Codes();
}
