// ReduceMax / ReduceMin over one axis (lib/reduce/reduce.h): the documentation's AR example, RA
// over columns of a padded half source, the temporary-space rule GetReduceMaxMaxMinTmpSize
// reports at its edge, and the unpadded source Atlas A2 does not accept.
// Built like a kernel (no sibling calls), so that the reported location is the calling line.
#pragma GCC optimize("no-optimize-sibling-calls")

#include <gtest/gtest.h>

#include <vector>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"
#include "tiling/tiling_api.h"

using namespace AscendC;
using akg::test::KernelRun;
using akg::test::RunKernel;

namespace {

// The documentation's float [2, 8] AR example: row maxima 7 and 8; its minima -1 and -9.
TEST(AdvReduceAxis, ArKeepsRowsAndGivesEachRowsExtreme) {
    const float rows[16] = {0, 4, 2, 0, -1, 2, -1, 7, 0, 1, -9, 2, 2, 2, 8, 3};
    std::vector<float> mx(2), mn(2);
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, d, e;
        pipe.InitBuffer(s, 16 * 4);
        pipe.InitBuffer(d, 32);
        pipe.InitBuffer(e, 32);
        auto src = s.Get<float>();
        for (int i = 0; i < 16; ++i) src.SetValue(i, rows[i]);
        const uint32_t shape[2] = {2, 8};
        ReduceMax<float, Pattern::Reduce::AR>(d.Get<float>(), src, shape, true);
        ReduceMin<float, Pattern::Reduce::AR, true>(e.Get<float>(), src, shape, true);
        mx = {d.Get<float>().GetValue(0), d.Get<float>().GetValue(1)};
        mn = {e.Get<float>().GetValue(0), e.Get<float>().GetValue(1)};
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(mx, (std::vector<float>{7, 8}));
    EXPECT_EQ(mn, (std::vector<float>{-1, -9}));
}

// RA over a half [3, 5] source whose rows are padded to 16 elements (the padding, 100, is not
// part of any column): element (j, c) is (5j + c) mod 7.
TEST(AdvReduceAxis, RaKeepsColumnsAndIgnoresThePadding) {
    std::vector<float> got(5);
    uint32_t maxTmp = 0, minTmp = 0;
    GetReduceMaxMaxMinTmpSize(ge::Shape({3, 5}), ge::DT_FLOAT16, ReducePattern::RA, true, false, maxTmp, minTmp);
    EXPECT_EQ(minTmp, 2u * 32u);  // the largest power of two below 3 rows, times a padded row
    EXPECT_EQ(maxTmp, minTmp);
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, d, t;
        pipe.InitBuffer(s, 3 * 16 * 2);
        pipe.InitBuffer(d, 32);
        pipe.InitBuffer(t, minTmp);
        auto src = s.Get<half>();
        for (int i = 0; i < 48; ++i) src.SetValue(i, half(100.0f));
        for (int j = 0; j < 3; ++j)
            for (int c = 0; c < 5; ++c) src.SetValue(j * 16 + c, half(float((j * 5 + c) % 7)));
        const uint32_t shape[2] = {3, 5};
        ReduceMax<half, Pattern::Reduce::RA>(d.Get<half>(), src, t.Get<uint8_t>(), shape, true);
        for (int c = 0; c < 5; ++c) got[c] = float(d.Get<half>().GetValue(c));
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(got, (std::vector<float>{5, 6, 5, 6, 4}));
}

// AR rows longer than a block and shorter than a repeat need one block per row; a buffer one
// block short is ADV_TMP_BUFFER_SMALL. An unpadded source (srcInnerPad false) is not accepted.
TEST(AdvReduceAxis, TmpSpaceRuleAndUnpaddedSource) {
    uint32_t maxTmp = 0, minTmp = 0;
    GetReduceMaxMaxMinTmpSize(ge::Shape({4, 20}), ge::DT_FLOAT, ReducePattern::AR, true, false, maxTmp, minTmp);
    EXPECT_EQ(minTmp, 4u * 32u);
    GetReduceMinMaxMinTmpSize(ge::Shape({4, 20}), ge::DT_FLOAT, ReducePattern::AR, true, true, maxTmp, minTmp);
    EXPECT_EQ(minTmp, 0u);  // the source may be overwritten: no extra space
    for (bool unpadded : {false, true}) {
        KernelRun run = RunKernel(1, [&] {
            TPipe pipe;
            TBuf<TPosition::VECCALC> s, d, t;
            pipe.InitBuffer(s, 4 * 24 * 4);
            pipe.InitBuffer(d, 32);
            pipe.InitBuffer(t, 3 * 32);
            const uint32_t shape[2] = {4, 20};
            ReduceMax<float, Pattern::Reduce::AR>(d.Get<float>(), s.Get<float>(), t.Get<uint8_t>(), shape, !unpadded);
        });
        ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
        EXPECT_EQ(run.result.diagnostics[0].code, unpadded ? "ADV_SHAPE_UNSUPPORTED" : "ADV_TMP_BUFFER_SMALL");
    }
}

}  // namespace
