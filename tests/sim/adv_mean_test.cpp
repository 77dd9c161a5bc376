// Mean (lib/reduce/mean.h): row means against hand-computed values for float and for half with
// accType float, the temporary-space rule at its edge, and MeanParams the API rejects.
// Built like a kernel (no sibling calls), so that the reported location is the calling line.
#pragma GCC optimize("no-optimize-sibling-calls")

#include <gtest/gtest.h>

#include <vector>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"

using namespace AscendC;
using akg::test::KernelRun;
using akg::test::RunKernel;

#define MARK(var) var = __LINE__

namespace {

bool EndsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The documentation's example: rows [1 2 3 | padding] and [4 5 6 | padding] of a float [2, 8]
// tensor average to 2 and 5; the padding (set to 100 here) is not part of the mean.
TEST(AdvMean, FloatRowsIgnoreThePadding) {
    std::vector<float> got(2);
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, d, t;
        pipe.InitBuffer(s, 16 * 4);
        pipe.InitBuffer(d, 32);
        pipe.InitBuffer(t, 32);
        auto src = s.Get<float>();
        for (int i = 0; i < 16; ++i) src.SetValue(i, 100.0f);
        for (int j = 0; j < 3; ++j) {
            src.SetValue(j, float(j + 1));
            src.SetValue(8 + j, float(j + 4));
        }
        auto dst = d.Get<float>();
        MeanParams p;
        p.outter = 2;
        p.inner = 8;
        p.n = 3;
        Mean(dst, src, t.Get<uint8_t>(), p);
        got = {dst.GetValue(0), dst.GetValue(1)};
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(got[0], 2.0f);
    EXPECT_EQ(got[1], 5.0f);
}

// half computed in float: 300 values of 0.5 and one of 2048 average to (150 + 2048) / 301,
// rounded once to half (a running half sum would lose the 0.5 steps above 2048).
TEST(AdvMean, HalfWithFloatAccumulation) {
    half got = half(0.0f);
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, d;
        pipe.InitBuffer(s, 304 * 2);
        pipe.InitBuffer(d, 32);
        auto src = s.Get<half>();
        for (int i = 0; i < 300; ++i) src.SetValue(i, half(0.5f));
        src.SetValue(300, half(2048.0f));
        MeanParams p;
        p.inner = 304;
        p.n = 301;
        auto dst = d.Get<half>();
        Mean<half, float>(dst, src, p);
        got = dst.GetValue(0);
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(float(got), float(half((150.0 + 2048.0) / 301.0)));
}

// float rows of 100: 2 repeats of partial sums, one 32-byte slot; 31 bytes are too few.
TEST(AdvMean, TmpBelowMinimumIsReported) {
    for (bool bad : {false, true}) {
        int line = 0;
        KernelRun run = RunKernel(1, [&] {
            TPipe pipe;
            TBuf<TPosition::VECCALC> s, d, t;
            pipe.InitBuffer(s, 104 * 4);
            pipe.InitBuffer(d, 32);
            pipe.InitBuffer(t, 32);
            MeanParams p;
            p.inner = 104;
            p.n = 100;
            MARK(line); Mean(d.Get<float>(), s.Get<float>(), t.Get<uint8_t>(bad ? 31 : 32), p);
        });
        if (!bad) {
            EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
            continue;
        }
        ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
        EXPECT_EQ(run.result.diagnostics[0].code, "ADV_TMP_BUFFER_SMALL");
        EXPECT_TRUE(EndsWith(run.result.diagnostics[0].location, "adv_mean_test.cpp:" + std::to_string(line)));
    }
}

// inner of 10 floats is not whole 32-byte blocks; n larger than inner reads past the row.
TEST(AdvMean, UnsupportedParamsAreReportedAndNotComputed) {
    for (MeanParams p : {MeanParams{1, 10, 10}, MeanParams{1, 8, 9}}) {
        int line = 0;
        float first = 0;
        KernelRun run = RunKernel(1, [&] {
            TPipe pipe;
            TBuf<TPosition::VECCALC> s, d, t;
            pipe.InitBuffer(s, 64);
            pipe.InitBuffer(d, 32);
            pipe.InitBuffer(t, 64);
            auto dst = d.Get<float>();
            dst.SetValue(0, -3.0f);
            MARK(line); Mean(dst, s.Get<float>(), t.Get<uint8_t>(), p);
            first = dst.GetValue(0);
        });
        ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
        EXPECT_EQ(run.result.diagnostics[0].code, "ADV_SHAPE_UNSUPPORTED");
        EXPECT_TRUE(EndsWith(run.result.diagnostics[0].location, "adv_mean_test.cpp:" + std::to_string(line)));
        EXPECT_EQ(first, -3.0f);
    }
}

}  // namespace
