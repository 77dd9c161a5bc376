// The SoftMax family (lib/activation/softmax.h) against reference loops in double: SoftMax with
// and without the statistics, half data with float statistics, a padded last axis (oriSrcK <
// srcK), SimpleSoftMax from SoftMax's own statistics, SoftmaxGrad and its isFront form, the
// update forms of SoftmaxFlash and SoftmaxFlashV2 (two halves of a row give the whole row's
// result), and the misuses the checker reports: a short temporary buffer, an unaligned last
// axis, statistics tensors too small for the rows.
// Built like a kernel (no sibling calls), so that the reported location is the calling line.
#pragma GCC optimize("no-optimize-sibling-calls")

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
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

// Row r of an [m, k] input: distinct values spread over about [-6, 6].
float Input(uint32_t r, uint32_t k) { return float(std::sin(0.37 * (r * 131 + k * 17 + 1)) * 6.0); }

struct RowStats {
    double max = -INFINITY, sum = 0;
};
RowStats Reference(const std::vector<float>& row, uint32_t n) {
    RowStats s;
    for (uint32_t k = 0; k < n; ++k) s.max = std::max(s.max, double(row[k]));
    for (uint32_t k = 0; k < n; ++k) s.sum += std::exp(double(row[k]) - s.max);
    return s;
}

SoftMaxTiling TilingFor(uint32_t m, uint32_t k, uint32_t typeSize) {
    return akg::adv::SoftmaxTilingFor(akg::adv::SoftmaxApi::SoftMax, m, k, typeSize, 1u << 20);
}

// float [4, 16] whose last 6 columns are padding (1000, larger than every value): the max and
// the sum ignore them, every output is exp(x - max) / sum, max and sum fill their 8-float block.
TEST(AdvSoftmax, FloatRowsWithPadding) {
    constexpr uint32_t M = 4, K = 16, ORI = 10;
    std::vector<float> dst(M * K), sum(M * 8), max(M * 8);
    std::vector<std::vector<float>> rows(M, std::vector<float>(K, 1000.0f));
    for (uint32_t r = 0; r < M; ++r)
        for (uint32_t k = 0; k < ORI; ++k) rows[r][k] = Input(r, k);
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, d, su, mx, t;
        pipe.InitBuffer(s, M * K * 4);
        pipe.InitBuffer(d, M * K * 4);
        pipe.InitBuffer(su, M * 32);
        pipe.InitBuffer(mx, M * 32);
        pipe.InitBuffer(t, akg::adv::SoftmaxTmpSize(akg::adv::SoftmaxApi::SoftMax, M, K, 4).minValue);
        auto src = s.Get<float>();
        for (uint32_t r = 0; r < M; ++r)
            for (uint32_t k = 0; k < K; ++k) src.SetValue(r * K + k, rows[r][k]);
        auto out = d.Get<float>();
        auto sumT = su.Get<float>();
        auto maxT = mx.Get<float>();
        SoftMax<float>(out, sumT, maxT, src, t.Get<uint8_t>(), TilingFor(M, K, 4), SoftMaxShapeInfo{M, K, M, ORI});
        for (uint32_t i = 0; i < M * K; ++i) dst[i] = out.GetValue(i);
        for (uint32_t i = 0; i < M * 8; ++i) {
            sum[i] = sumT.GetValue(i);
            max[i] = maxT.GetValue(i);
        }
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t r = 0; r < M; ++r) {
        const RowStats ref = Reference(rows[r], ORI);
        for (uint32_t j = 0; j < 8; ++j) {
            EXPECT_EQ(max[r * 8 + j], float(ref.max)) << r;
            EXPECT_NEAR(sum[r * 8 + j], ref.sum, 1e-5 * ref.sum) << r;
        }
        double total = 0;
        for (uint32_t k = 0; k < ORI; ++k) {
            const double want = std::exp(double(rows[r][k]) - ref.max) / ref.sum;
            EXPECT_NEAR(dst[r * K + k], want, 1e-6 + 1e-5 * want) << r << "," << k;
            total += dst[r * K + k];
        }
        EXPECT_NEAR(total, 1.0, 1e-5);
    }
}

// half data with float statistics, the framework-allocated form without statistics, and a shape
// taken from the tiling (no SoftMaxShapeInfo): each result is the float result rounded once.
TEST(AdvSoftmax, HalfComputedInFloat) {
    constexpr uint32_t M = 3, K = 32;
    std::vector<half> dstMixed(M * K), dstPlain(M * K);
    std::vector<float> sum(M * 8);
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, d, d2, su, mx;
        pipe.InitBuffer(s, M * K * 2);
        pipe.InitBuffer(d, M * K * 2);
        pipe.InitBuffer(d2, M * K * 2);
        pipe.InitBuffer(su, M * 32);
        pipe.InitBuffer(mx, M * 32);
        auto src = s.Get<half>();
        for (uint32_t r = 0; r < M; ++r)
            for (uint32_t k = 0; k < K; ++k) src.SetValue(r * K + k, half(Input(r, k)));
        auto sumT = su.Get<float>();
        SoftMax<half>(d.Get<half>(), sumT, mx.Get<float>(), src, TilingFor(M, K, 4), SoftMaxShapeInfo{M, K, M, K});
        SoftMax<half>(d2.Get<half>(), src, TilingFor(M, K, 2));
        for (uint32_t i = 0; i < M * K; ++i) {
            dstMixed[i] = d.Get<half>().GetValue(i);
            dstPlain[i] = d2.Get<half>().GetValue(i);
        }
        for (uint32_t i = 0; i < M * 8; ++i) sum[i] = sumT.GetValue(i);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t r = 0; r < M; ++r) {
        std::vector<float> row(K);
        for (uint32_t k = 0; k < K; ++k) row[k] = float(half(Input(r, k)));
        const RowStats ref = Reference(row, K);
        EXPECT_NEAR(sum[r * 8], ref.sum, 1e-5 * ref.sum);
        for (uint32_t k = 0; k < K; ++k) {
            const double want = std::exp(double(row[k]) - ref.max) / ref.sum;
            // One half rounding of a float result: within one half ulp of the exact value.
            EXPECT_NEAR(float(dstMixed[r * K + k]), want, std::ldexp(std::fabs(want), -10)) << r << "," << k;
            EXPECT_EQ(float(dstMixed[r * K + k]), float(dstPlain[r * K + k]));
        }
    }
}

// SimpleSoftMax with SoftMax's max and sum gives SoftMax's result.
TEST(AdvSoftmax, SimpleSoftMaxReusesStatistics) {
    constexpr uint32_t M = 2, K = 64;
    std::vector<float> a(M * K), b(M * K);
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, d, d2, su, mx;
        pipe.InitBuffer(s, M * K * 4);
        pipe.InitBuffer(d, M * K * 4);
        pipe.InitBuffer(d2, M * K * 4);
        pipe.InitBuffer(su, M * 32);
        pipe.InitBuffer(mx, M * 32);
        auto src = s.Get<float>();
        for (uint32_t i = 0; i < M * K; ++i) src.SetValue(i, Input(i / K, i % K));
        const SoftMaxShapeInfo shape{M, K, M, K};
        SoftMax<float>(d.Get<float>(), su.Get<float>(), mx.Get<float>(), src, TilingFor(M, K, 4), shape);
        SimpleSoftMax<float>(d2.Get<float>(), su.Get<float>(), mx.Get<float>(), src, TilingFor(M, K, 4), shape);
        for (uint32_t i = 0; i < M * K; ++i) {
            a[i] = d.Get<float>().GetValue(i);
            b[i] = d2.Get<float>().GetValue(i);
        }
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(a, b);
}

// SoftmaxGrad: dst = (grad - sum(grad * y)) * y per row; isFront writes only the row sums.
TEST(AdvSoftmax, GradAndFront) {
    constexpr uint32_t M = 2, K = 16;
    std::vector<float> dst(M * K), front(M * 8);
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> y, g, d, f;
        pipe.InitBuffer(y, M * K * 4);
        pipe.InitBuffer(g, M * K * 4);
        pipe.InitBuffer(d, M * K * 4);
        pipe.InitBuffer(f, M * 32);
        for (uint32_t i = 0; i < M * K; ++i) {
            y.Get<float>().SetValue(i, 0.05f * float(i % 7));
            g.Get<float>().SetValue(i, Input(i / K, i % K));
        }
        const SoftMaxShapeInfo shape{M, K, M, K};
        SoftmaxGrad<float>(d.Get<float>(), g.Get<float>(), y.Get<float>(), TilingFor(M, K, 4), false, shape);
        SoftmaxGrad<float>(f.Get<float>(), g.Get<float>(), y.Get<float>(), TilingFor(M, K, 4), true, shape);
        for (uint32_t i = 0; i < M * K; ++i) dst[i] = d.Get<float>().GetValue(i);
        for (uint32_t i = 0; i < M * 8; ++i) front[i] = f.Get<float>().GetValue(i);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t r = 0; r < M; ++r) {
        double dot = 0;
        for (uint32_t k = 0; k < K; ++k) dot += double(Input(r, k)) * double(0.05f * float((r * K + k) % 7));
        for (uint32_t j = 0; j < 8; ++j) EXPECT_NEAR(front[r * 8 + j], dot, 1e-5);
        for (uint32_t k = 0; k < K; ++k) {
            const double yv = 0.05f * float((r * K + k) % 7);
            EXPECT_NEAR(dst[r * K + k], (Input(r, k) - dot) * yv, 1e-5) << r << "," << k;
        }
    }
}

// A row of 64 in two blocks of 32: SoftmaxFlashV2 without and then with the update leaves the
// whole row's max and exp-sum, and exp(x - max) of the second block; SoftmaxFlash's update gives
// the second block normalised by the whole sum and the factor that rescales the first block.
// The kernel-side tiling (CANN's own operators call the Impl form, which counts the temporary
// space in float elements) is the host helper's computation: 1000 floats hold 13 rows of a float
// [40, 128] input (a block and 64 reduce slots per row), rounded down to whole 8-row tiles.
TEST(AdvSoftmax, KernelSideFlashV2Tiling) {
    constexpr SoftMaxTiling t = SoftMaxFlashV2TilingFuncImpl(40, 128, 4, 4, 1000, true, false);
    static_assert(t.splitM == 8 && t.rangeM == 5 && t.tailM == 0 && t.reduceK == 8 && t.outMaxSize == 40 * 8);
    const SoftMaxTiling bytes = SoftMaxFlashV2TilingFunc(SoftMaxShapeInfo{40, 128, 40, 128}, 4, 4, 4000, true);
    EXPECT_EQ(std::memcmp(&t, &bytes, sizeof t), 0);
    // Half data with float statistics: a row also needs two blocks and a float copy of itself.
    const SoftMaxTiling h = SoftMaxFlashV2TilingFuncImpl(40, 128, 2, 4, 3 * (16 + 128 + 64));
    EXPECT_EQ(h.splitM, 3u);
    EXPECT_EQ(h.tailM, 1u);
    EXPECT_EQ(h.tailSplitSize, 128u);
}

TEST(AdvSoftmax, FlashUpdateCombinesBlocks) {
    constexpr uint32_t K = 32;
    std::vector<float> row(2 * K);
    for (uint32_t k = 0; k < 2 * K; ++k) row[k] = Input(0, k) + (k >= K ? 1.5f : 0.0f);
    const RowStats whole = Reference(row, 2 * K);
    std::vector<float> first(K);
    for (uint32_t k = 0; k < K; ++k) first[k] = row[k];
    const RowStats head = Reference(first, K);
    float v2Sum = 0, v2Max = 0, v2ExpMax = 0, v1ExpMax = 0, v1Sum = 0;
    std::vector<float> v2Dst(K), v1Dst(K);
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b, d, su, mx, em, su1, mx1, em1, d1;
        for (auto* buf : {&a, &b, &d, &d1}) pipe.InitBuffer(*buf, K * 4);
        for (auto* buf : {&su, &mx, &em, &su1, &mx1, &em1}) pipe.InitBuffer(*buf, 32);
        for (uint32_t k = 0; k < K; ++k) {
            a.Get<float>().SetValue(k, row[k]);
            b.Get<float>().SetValue(k, row[K + k]);
        }
        const SoftMaxShapeInfo shape{1, K, 1, K};
        const SoftMaxTiling tiling = SoftMaxFlashV2TilingFunc(shape, 4, 4, 1024);
        auto sum = su.Get<float>(), max = mx.Get<float>(), expMax = em.Get<float>();
        SoftmaxFlashV2<float, false>(d.Get<float>(), sum, max, a.Get<float>(), expMax, sum, max, tiling, shape);
        SoftmaxFlashV2<float, true>(d.Get<float>(), sum, max, b.Get<float>(), expMax, sum, max, tiling, shape);
        v2Sum = sum.GetValue(0);
        v2Max = max.GetValue(7);
        v2ExpMax = expMax.GetValue(3);
        for (uint32_t k = 0; k < K; ++k) v2Dst[k] = d.Get<float>().GetValue(k);

        auto sum1 = su1.Get<float>(), max1 = mx1.Get<float>(), expMax1 = em1.Get<float>();
        SoftmaxFlash<float>(d1.Get<float>(), sum1, max1, a.Get<float>(), expMax1, sum1, max1, tiling, false, shape);
        SoftmaxFlash<float>(d1.Get<float>(), sum1, max1, b.Get<float>(), expMax1, sum1, max1, tiling, true, shape);
        v1Sum = sum1.GetValue(0);
        v1ExpMax = expMax1.GetValue(0);
        for (uint32_t k = 0; k < K; ++k) v1Dst[k] = d1.Get<float>().GetValue(k);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(v2Max, float(whole.max));
    EXPECT_NEAR(v2Sum, whole.sum, 1e-5 * whole.sum);
    EXPECT_NEAR(v2ExpMax, std::exp(head.max - whole.max), 1e-6);
    EXPECT_NEAR(v1Sum, whole.sum, 1e-5 * whole.sum);
    EXPECT_NEAR(v1ExpMax, std::exp(head.max - whole.max) * head.sum / whole.sum, 1e-6);
    for (uint32_t k = 0; k < K; ++k) {
        const double e = std::exp(double(row[K + k]) - whole.max);
        EXPECT_NEAR(v2Dst[k], e, 1e-6 + 1e-5 * e);
        EXPECT_NEAR(v1Dst[k], e / whole.sum, 1e-7 + 1e-5 * e / whole.sum);
    }
}

// The misuses: a sharedTmpBuffer one byte below GetSoftMaxMinTmpSize, a last axis of 10 floats
// (not whole 32-byte blocks), a sum tensor of one block for two rows.
TEST(AdvSoftmax, MisusesAreReported) {
    constexpr uint32_t K = 16;
    // One row: an 8-float block, the row and 64 reduce slots (GetSoftMaxMinTmpSize).
    const uint32_t minTmp = akg::adv::SoftmaxTmpSize(akg::adv::SoftmaxApi::SoftMax, 2, K, 4).minValue;
    ASSERT_EQ(minTmp, (8 + K + 64) * 4);
    struct Case {
        const char* code;
        uint32_t tmpBytes, k, sumBytes;
    };
    for (Case cs : {Case{"ADV_TMP_BUFFER_SMALL", minTmp - 1, K, 64}, Case{"ADV_SHAPE_UNSUPPORTED", minTmp, 10, 64},
                    Case{"LOCAL_BUFFER_OVERRUN", minTmp, K, 32}}) {
        SCOPED_TRACE(cs.code);
        int line = 0;
        KernelRun run = RunKernel(1, [&] {
            TPipe pipe;
            TBuf<TPosition::VECCALC> s, d, su, mx, t;
            pipe.InitBuffer(s, 2 * K * 4);
            pipe.InitBuffer(d, 2 * K * 4);
            pipe.InitBuffer(su, cs.sumBytes);
            pipe.InitBuffer(mx, 64);
            pipe.InitBuffer(t, minTmp);
            const SoftMaxShapeInfo shape{2, cs.k, 2, cs.k};
            MARK(line); SoftMax<float>(d.Get<float>(), su.Get<float>(), mx.Get<float>(), s.Get<float>(),
                                       t.Get<uint8_t>(cs.tmpBytes), TilingFor(2, K, 4), shape);
        });
        ASSERT_TRUE(run.HasDiag(cs.code)) << run.Codes();
        for (auto& d : run.result.diagnostics)
            if (d.code == cs.code) EXPECT_TRUE(EndsWith(d.location, "adv_softmax_test.cpp:" + std::to_string(line)));
    }
}

}  // namespace
