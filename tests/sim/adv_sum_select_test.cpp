// Sum (lib/reduce/sum.h) and Select with a byte mask (lib/select/selectwithbytesmask.h) against
// reference loops: Sum's documented binary-tree order in half (which a sum rounded once would not
// give), float rows with padding, the temporary-space minimum; Select's two operand orders, a mask
// row longer than the data row (compacted in place only when isReuseMask), and the shapes and
// buffers the checker rejects.
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

// [2048, 1, 1, 1] in half: the tree adds (2048 + 1) + (1 + 1) = 2048 + 2 = 2050; a sum rounded
// once would give 2052, a running sum 2048. Row 2 spans two repeats (129 ones and a 0.5): 128 +
// (1 + 0.5) = 129.5.
TEST(AdvSum, HalfFollowsTheTreeOrder) {
    std::vector<float> got(2);
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, d, t;
        pipe.InitBuffer(s, 2 * 144 * 2);
        pipe.InitBuffer(d, 32);
        pipe.InitBuffer(t, 32);
        auto src = s.Get<half>();
        for (int i = 0; i < 2 * 144; ++i) src.SetValue(i, half(100.0f));  // padding, not summed
        const float row0[4] = {2048, 1, 1, 1};
        for (int j = 0; j < 4; ++j) src.SetValue(j, half(row0[j]));
        for (int j = 0; j < 129; ++j) src.SetValue(144 + j, half(1.0f));
        src.SetValue(144 + 129, half(0.5f));
        SumParams p{2, 144, 130};
        Sum(d.Get<half>(), src, t.Get<uint8_t>(), p);
        // Row 0 has only 4 elements: a second call with n = 4 on one row.
        SumParams p0{1, 144, 4};
        auto dst = d.Get<half>();
        got[1] = float(dst.GetValue(1));
        Sum(dst, src, t.Get<uint8_t>(), p0);
        got[0] = float(dst.GetValue(0));
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(got[0], 2050.0f);
    EXPECT_EQ(got[1], 129.5f);
}

// float rows of 100 need two repeats of partial sums, one 32-byte block; 31 bytes are too few.
TEST(AdvSum, TmpBelowMinimumIsReported) {
    for (bool bad : {false, true}) {
        int line = 0;
        float got = 0;
        KernelRun run = RunKernel(1, [&] {
            TPipe pipe;
            TBuf<TPosition::VECCALC> s, d, t;
            pipe.InitBuffer(s, 104 * 4);
            pipe.InitBuffer(d, 32);
            pipe.InitBuffer(t, 32);
            for (int i = 0; i < 104; ++i) s.Get<float>().SetValue(i, float(i));
            SumParams p{1, 104, 100};
            MARK(line); Sum(d.Get<float>(), s.Get<float>(), t.Get<uint8_t>(bad ? 31 : 32), p);
            got = d.Get<float>().GetValue(0);
        });
        EXPECT_EQ(got, 4950.0f);
        if (!bad) {
            EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
            continue;
        }
        ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
        EXPECT_EQ(run.result.diagnostics[0].code, "ADV_TMP_BUFFER_SMALL");
        EXPECT_TRUE(EndsWith(run.result.diagnostics[0].location, "adv_sum_select_test.cpp:" + std::to_string(line)));
    }
}

// half [2, 16] data with a bool mask of rows of 32: mask 0 keeps the tensor (tensor first) or the
// scalar (scalar first). With isReuseMask the mask is compacted to rows of 16; without it, it is
// left alone (and the buffer must hold a copy of it).
TEST(AdvSelect, BothOrdersAndMaskCompaction) {
    constexpr uint32_t M = 2, K = 16, MK = 32;
    auto maskAt = [](uint32_t r, uint32_t k) { return ((r * 7 + k * 3) % 5) < 2; };
    for (bool reuse : {true, false}) {
        SCOPED_TRACE(reuse);
        std::vector<float> tensorFirst(M * K), scalarFirst(M * K);
        std::vector<uint8_t> maskAfter(M * MK);
        KernelRun run = RunKernel(1, [&] {
            TPipe pipe;
            TBuf<TPosition::VECCALC> s, d0, d1, mk, t;
            pipe.InitBuffer(s, M * K * 2);
            pipe.InitBuffer(d0, M * K * 2);
            pipe.InitBuffer(d1, M * K * 2);
            pipe.InitBuffer(mk, M * MK);
            pipe.InitBuffer(t, 1024 + 64);
            auto src = s.Get<half>();
            auto mask = mk.Get<bool>();
            for (uint32_t i = 0; i < M * K; ++i) src.SetValue(i, half(float(i) - 10.0f));
            for (uint32_t r = 0; r < M; ++r)
                for (uint32_t k = 0; k < MK; ++k) mask.SetValue(r * MK + k, k < K ? maskAt(r, k) : true);
            SelectWithBytesMaskShapeInfo info;
            info.firstAxis = M;
            info.srcLastAxis = K;
            info.maskLastAxis = MK;
            const half scalar(35.5f);
            if (reuse) {
                Select<half, bool, false>(d1.Get<half>(), scalar, src, mask, t.Get<uint8_t>(), info);
                SelectWithBytesMask(d0.Get<half>(), src, scalar, mask, t.Get<uint8_t>(), info);
            } else {
                SelectWithBytesMask<half, bool, false>(d0.Get<half>(), src, scalar, mask, t.Get<uint8_t>(), info);
                Select<half, bool, false>(d1.Get<half>(), scalar, src, mask, t.Get<uint8_t>(), info);
            }
            for (uint32_t i = 0; i < M * K; ++i) {
                tensorFirst[i] = float(d0.Get<half>().GetValue(i));
                scalarFirst[i] = float(d1.Get<half>().GetValue(i));
            }
            for (uint32_t i = 0; i < M * MK; ++i) maskAfter[i] = mk.Get<uint8_t>().GetValue(i);
        });
        ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        for (uint32_t r = 0; r < M; ++r)
            for (uint32_t k = 0; k < K; ++k) {
                const float v = float(r * K + k) - 10.0f;
                EXPECT_EQ(tensorFirst[r * K + k], maskAt(r, k) ? 35.5f : v) << r << "," << k;
                EXPECT_EQ(scalarFirst[r * K + k], maskAt(r, k) ? v : 35.5f) << r << "," << k;
            }
        // Row 1's mask moved to the start of the second row of 16 only when reuse was allowed.
        for (uint32_t k = 0; k < K; ++k) EXPECT_EQ(maskAfter[K + k], reuse ? maskAt(1, k) : 1) << k;
    }
}

// The minimum is 1024 bytes (the mask as half plus 512); a mask row shorter than the data row, or
// not a multiple of 16 elements, is rejected.
TEST(AdvSelect, MisusesAreReported) {
    struct Case {
        const char* code;
        uint32_t tmp, maskLast;
    };
    for (Case cs : {Case{"ADV_TMP_BUFFER_SMALL", 1023, 32}, Case{"ADV_SHAPE_UNSUPPORTED", 1024, 8},
                    Case{"ADV_SHAPE_UNSUPPORTED", 1024, 40}}) {
        SCOPED_TRACE(std::string(cs.code) + " " + std::to_string(cs.maskLast));
        int line = 0;
        KernelRun run = RunKernel(1, [&] {
            TPipe pipe;
            TBuf<TPosition::VECCALC> s, d, mk, t;
            pipe.InitBuffer(s, 64);
            pipe.InitBuffer(d, 64);
            pipe.InitBuffer(mk, 64);
            pipe.InitBuffer(t, 1024);
            SelectWithBytesMaskShapeInfo info;
            info.firstAxis = 1;
            info.srcLastAxis = 16;
            info.maskLastAxis = cs.maskLast;
            MARK(line); Select(d.Get<float>(), s.Get<float>(), 1.0f, mk.Get<uint8_t>(), t.Get<uint8_t>(cs.tmp), info);
        });
        ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
        EXPECT_EQ(run.result.diagnostics[0].code, cs.code);
        EXPECT_TRUE(EndsWith(run.result.diagnostics[0].location, "adv_sum_select_test.cpp:" + std::to_string(line)));
    }
}

}  // namespace
