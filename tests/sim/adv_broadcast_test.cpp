// Broadcast / BroadCast (lib/pad/broadcast.h): values against hand-written expectations for both
// axes and 1-D, in place along axis 0, int8_t through the cast path; the temporary-space rule
// the host helper and the kernel check share; and the two diagnostics the API raises.
// Built like a kernel (no sibling calls), so that the reported location is the calling line.
#pragma GCC optimize("no-optimize-sibling-calls")

#include <gtest/gtest.h>

#include <vector>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"
#include "sim/runtime.h"

using namespace AscendC;
using akg::test::KernelRun;
using akg::test::RunKernel;

#define MARK(var) var = __LINE__

namespace {

bool EndsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

void ExpectClean(const KernelRun& run) {
    EXPECT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
}

void ExpectOnly(const KernelRun& run, const std::string& code, int line) {
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    EXPECT_EQ(run.result.diagnostics[0].code, code);
    EXPECT_TRUE(EndsWith(run.result.diagnostics[0].location, "adv_broadcast_test.cpp:" + std::to_string(line)))
        << run.result.diagnostics[0].location << ", want line " << line;
    EXPECT_TRUE(run.result.completed);
}

// [3, 1] -> [3, 8] along axis 1: every row repeats its element.
TEST(AdvBroadcast, ColumnAlongAxis1) {
    std::vector<float> got(24);
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, d, t;
        pipe.InitBuffer(s, 32);
        pipe.InitBuffer(d, 24 * 4);
        pipe.InitBuffer(t, 1024);
        auto src = s.Get<float>();
        for (int i = 0; i < 3; ++i) src.SetValue(i, float(i + 1) * 1.5f);
        auto dst = d.Get<float>();
        const uint32_t srcShape[2] = {3, 1}, dstShape[2] = {3, 8};
        LocalTensor<uint8_t> tmp = t.Get<uint8_t>();
        BroadCast<float, 2, 1>(dst, src, dstShape, srcShape, tmp);
        for (int i = 0; i < 24; ++i) got[i] = dst.GetValue(i);
    });
    ExpectClean(run);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 8; ++j) EXPECT_EQ(got[i * 8 + j], float(i + 1) * 1.5f) << i << "," << j;
}

// [1, 16] -> [4, 16] along axis 0 in half, written over the source itself (AddRmsNorm does
// this with gamma): every row is the original row.
TEST(AdvBroadcast, RowAlongAxis0InPlace) {
    std::vector<half> got(64);
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b, t;
        pipe.InitBuffer(b, 64 * 2);
        pipe.InitBuffer(t, 32);
        auto x = b.Get<half>();
        for (int j = 0; j < 16; ++j) x.SetValue(j, half(float(j) - 4.0f));
        const uint32_t srcShape[2] = {1, 16}, dstShape[2] = {4, 16};
        LocalTensor<uint8_t> tmp = t.Get<uint8_t>();
        BroadCast<half, 2, 0>(x, x, dstShape, srcShape, tmp);
        for (int i = 0; i < 64; ++i) got[i] = x.GetValue(i);
    });
    ExpectClean(run);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 16; ++j) EXPECT_EQ(float(got[i * 16 + j]), float(j) - 4.0f) << i << "," << j;
}

// 1-D [1] -> [40] in int8_t with the framework-allocated form, and a no-op broadcast (equal
// shapes) that copies.
TEST(AdvBroadcast, OneDimensionalInt8AndEqualShapes) {
    std::vector<int8_t> one(40);
    std::vector<float> same(8);
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, d, fs, fd;
        pipe.InitBuffer(s, 32);
        pipe.InitBuffer(d, 64);
        pipe.InitBuffer(fs, 32);
        pipe.InitBuffer(fd, 32);
        auto src = s.Get<int8_t>();
        src.SetValue(0, int8_t(-7));
        auto dst = d.Get<int8_t>();
        const uint32_t srcShape[1] = {1}, dstShape[1] = {40};
        Broadcast<int8_t, 1, 0>(dst, src, dstShape, srcShape);
        for (int i = 0; i < 40; ++i) one[i] = dst.GetValue(i);
        auto fsrc = fs.Get<float>();
        for (int i = 0; i < 8; ++i) fsrc.SetValue(i, float(i * i));
        auto fdst = fd.Get<float>();
        const uint32_t shape[2] = {2, 4};
        Broadcast<float, 2, 1>(fdst, fsrc, shape, shape);
        for (int i = 0; i < 8; ++i) same[i] = fdst.GetValue(i);
    });
    ExpectClean(run);
    for (int i = 0; i < 40; ++i) EXPECT_EQ(one[i], -7) << i;
    for (int i = 0; i < 8; ++i) EXPECT_EQ(same[i], float(i * i)) << i;
}

// A sharedTmpBuffer one block short of the minimum the host helper gives is reported at the call.
TEST(AdvBroadcast, TmpBelowMinimumIsReported) {
    for (bool bad : {false, true}) {
        int line = 0;
        KernelRun run = RunKernel(1, [&] {
            TPipe pipe;
            TBuf<TPosition::VECCALC> s, d, t;
            pipe.InitBuffer(s, 64);
            pipe.InitBuffer(d, 16 * 8 * 4);
            pipe.InitBuffer(t, 256);
            const uint32_t srcShape[2] = {16, 1}, dstShape[2] = {16, 8};
            LocalTensor<uint8_t> tmp = t.Get<uint8_t>(bad ? 224 : 256);
            MARK(line); BroadCast<float, 2, 1>(d.Get<float>(), s.Get<float>(), dstShape, srcShape, tmp);
        });
        if (bad) ExpectOnly(run, "ADV_TMP_BUFFER_SMALL", line);
        else ExpectClean(run);
    }
}

TEST(Diagnostics, ADV_SHAPE_UNSUPPORTED) {
    // Axis 0 with a 10-float row (not whole 32-byte blocks).
    for (bool bad : {false, true}) {
        int line = 0;
        KernelRun run = RunKernel(1, [&] {
            TPipe pipe;
            TBuf<TPosition::VECCALC> s, d, t;
            pipe.InitBuffer(s, 64);
            pipe.InitBuffer(d, 4 * 16 * 4);
            pipe.InitBuffer(t, 32);
            const uint32_t cols = bad ? 10 : 16;
            const uint32_t srcShape[2] = {1, cols}, dstShape[2] = {4, cols};
            LocalTensor<uint8_t> tmp = t.Get<uint8_t>();
            MARK(line); Broadcast<float, 2, 0>(d.Get<float>(), s.Get<float>(), dstShape, srcShape, tmp);
        });
        if (bad) ExpectOnly(run, "ADV_SHAPE_UNSUPPORTED", line);
        else ExpectClean(run);
    }
}

// A broadcast along the dimension the template axis does not name is rejected and not computed.
TEST(AdvBroadcast, WrongAxisIsReportedAndNotComputed) {
    int line = 0;
    float first = 0;
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, d, t;
        pipe.InitBuffer(s, 64);
        pipe.InitBuffer(d, 4 * 8 * 4);
        pipe.InitBuffer(t, 1024);
        auto dst = d.Get<float>();
        Duplicate(dst, 3.0f, 32);
        auto src = s.Get<float>();
        Duplicate(src, 9.0f, 16);
        const uint32_t srcShape[2] = {4, 1}, dstShape[2] = {4, 8};
        LocalTensor<uint8_t> tmp = t.Get<uint8_t>();
        MARK(line); BroadCast<float, 2, 0>(dst, src, dstShape, srcShape, tmp);
        first = dst.GetValue(0);
    });
    ExpectOnly(run, "ADV_SHAPE_UNSUPPORTED", line);
    EXPECT_EQ(first, 3.0f);
}

}  // namespace
