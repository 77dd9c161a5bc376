// The Matmul library's quantised output, batch layouts, K split over cores, partial output,
// constant tiling and operand formats (lib/matmul_intf.h), against reference loops in double; and
// the misuses the checker reports (MATMUL_QUANT_MISMATCH, MATMUL_BATCH_INVALID).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernel_harness.h"
#include "lib/matmul_intf.h"
#include "matmul_test_util.h"

namespace {

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::GmScope;
using akg::test::HandTiling;
using akg::test::RunKernel;

// Small integers, exact in every input type.
double Value(size_t i, int salt) { return double(int((i * 7 + salt * 13) % 9) - 4); }

template <typename T>
void FillValues(GmBuffer<T>& b, int salt, double scale = 1.0) {
    for (size_t i = 0; i < b.n; ++i) b[i] = T(float(Value(i, salt) * scale));
}

template <typename T>
GlobalTensor<T> Global(GmBuffer<T>& b) {
    GlobalTensor<T> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(b.addr()), b.n);
    return g;
}

// The product of A [m, k] (row stride lda) and B [k, n] (row stride ldb) in double.
template <typename A, typename B>
std::vector<double> Product(const A* a, const B* b, int m, int n, int k, int lda, int ldb) {
    std::vector<double> c(size_t(m) * n);
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            double s = 0;
            for (int x = 0; x < k; ++x) s += double(float(a[size_t(i) * lda + x])) * double(float(b[size_t(x) * ldb + j]));
            c[size_t(i) * n + j] = s;
        }
    return c;
}

// The fixpipe's 64-bit quantisation parameter of a float scale (SetQuantScalar's documentation).
uint64_t QuantParam(float scale, bool signedOut = false) {
    uint32_t bits;
    std::memcpy(&bits, &scale, 4);
    return uint64_t(bits & 0xFFFFE000u) | (signedOut ? (uint64_t(1) << 46) : 0);
}
// The scale as the hardware keeps it: a 10-bit mantissa.
float TruncatedScale(float scale) {
    uint32_t bits;
    std::memcpy(&bits, &scale, 4);
    bits &= 0xFFFFE000u;
    float s;
    std::memcpy(&s, &bits, 4);
    return s;
}

// `rows x cols` row-major `src` in the NZ layout: 16-element column blocks, each `depth` rows deep.
void ToNz(const half* src, int rows, int cols, int depth, GmBuffer<half>& dst) {
    constexpr int c0 = 16;
    for (int i = 0; i < rows; ++i)
        for (int x = 0; x < cols; ++x) dst[size_t(x / c0) * depth * c0 + size_t(i) * c0 + x % c0] = src[size_t(i) * cols + x];
}

using I8 = MatmulType<TPosition::GM, CubeFormat::ND, int8_t>;
using Half = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using F32 = MatmulType<TPosition::GM, CubeFormat::ND, float>;
using I32 = MatmulType<TPosition::GM, CubeFormat::ND, int32_t>;

// int8 x int8 + int32 bias, dequantised to half by one scale and by one scale per column.
TEST(MatmulQuant, Int8DequantisedToHalfByScalarAndVector) {
    GmScope scope;
    const int m = 40, n = 48, k = 70;
    GmBuffer<int8_t> a(m * k, "a"), b(k * n, "b");
    GmBuffer<int32_t> bias(n, "bias");
    GmBuffer<half> cScalar(m * n, "cScalar"), cVector(m * n, "cVector");
    GmBuffer<uint64_t> scales(n, "scales");
    FillValues(a, 1);
    FillValues(b, 2);
    FillValues(bias, 3);
    std::vector<float> colScale(n);
    for (int j = 0; j < n; ++j) {
        colScale[j] = 0.05f + 0.013f * float(j);
        scales[j] = QuantParam(colScale[j]);
    }
    const TCubeTiling tiling = HandTiling(m, n, k, 32, 32, 32, 3, true);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        matmul::Matmul<I8, I8, Half, I32> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(Global(a));
        mm.SetTensorB(Global(b));
        mm.SetBias(Global(bias));
        mm.SetQuantScalar(QuantParam(0.1f));
        mm.IterateAll(Global(cScalar));
        mm.SetQuantVector(Global(scales));
        mm.IterateAll(Global(cVector));
        mm.End();
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    const auto ref = Product(a.data, b.data, m, n, k, k, n);
    int bad = 0;
    for (int i = 0; i < m && bad < 5; ++i)
        for (int j = 0; j < n && bad < 5; ++j) {
            const double acc = ref[size_t(i) * n + j] + bias[j];
            const float wantScalar = float(half(float(acc) * TruncatedScale(0.1f)));
            const float wantVector = float(half(float(acc) * TruncatedScale(colScale[j])));
            if (float(cScalar[size_t(i) * n + j]) != wantScalar || float(cVector[size_t(i) * n + j]) != wantVector) {
                ADD_FAILURE() << "C[" << i << "," << j << "] = " << float(cScalar[size_t(i) * n + j]) << " / "
                              << float(cVector[size_t(i) * n + j]) << ", expected " << wantScalar << " / " << wantVector;
                ++bad;
            }
        }
}

// half inputs quantised to int8: round to nearest, saturate to [-128, 127].
TEST(MatmulQuant, HalfQuantisedToInt8Saturates) {
    GmScope scope;
    const int m = 16, n = 32, k = 32;
    GmBuffer<half> a(m * k, "a"), b(k * n, "b");
    GmBuffer<int8_t> c(m * n, "c");
    FillValues(a, 4);
    FillValues(b, 5);
    const TCubeTiling tiling = HandTiling(m, n, k, 16, 32, 32, 1, false);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        matmul::Matmul<Half, Half, MatmulType<TPosition::GM, CubeFormat::ND, int8_t>> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(Global(a));
        mm.SetTensorB(Global(b));
        mm.SetQuantScalar(QuantParam(2.75f, true));
        mm.IterateAll(Global(c));
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    const auto ref = Product(a.data, b.data, m, n, k, k, n);
    int saturated = 0;
    for (size_t i = 0; i < ref.size(); ++i) {
        const double want = std::max(-128.0, std::min(127.0, std::nearbyint(ref[i] * 2.75)));
        saturated += std::fabs(ref[i] * 2.75) > 127.5;
        ASSERT_EQ(int(c[i]), int(want)) << "C[" << i << "], product " << ref[i];
    }
    EXPECT_GT(saturated, 0);  // the data reaches the saturation
}

TEST(Diagnostics, MATMUL_QUANT_MISMATCH) {
    GmScope scope;
    GmBuffer<int8_t> a(256, "a");
    GmBuffer<half> ha(256, "ha");
    GmBuffer<half> c(256, "c");
    GmBuffer<float> f(256, "f");
    const TCubeTiling tiling = HandTiling(16, 16, 16, 16, 16, 32, 1, false);
    // int8 -> half with no scale: the fixpipe would have none.
    auto noScale = RunKernel(1, [&] {
        TPipe pipe;
        matmul::Matmul<I8, I8, Half> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(Global(a));
        mm.SetTensorB(Global(a));
        mm.IterateAll(Global(c));
    });
    const auto* d = akg::test::FindDiag(noScale, "MATMUL_QUANT_MISMATCH");
    ASSERT_NE(d, nullptr) << noScale.Codes();
    EXPECT_NE(d->message.find("SetQuantScalar"), std::string::npos) << d->message;
    // half -> float does not quantise.
    auto notQuantised = RunKernel(1, [&] {
        TPipe pipe;
        matmul::Matmul<Half, Half, F32> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetQuantScalar(QuantParam(2.0f));
        mm.SetTensorA(Global(ha));
        mm.SetTensorB(Global(ha));
        mm.IterateAll(Global(f));
    });
    EXPECT_TRUE(notQuantised.HasDiag("MATMUL_QUANT_MISMATCH")) << notQuantised.Codes();
}

// BSNGD: A [B, S, N, G, D] x B^T ([B, S2, N, G, D], transposed) into C [B, S1, N, G, S2], the
// batch sample's layout: every (n, g) of a B is one product [S1, D] x [D, S2].
TEST(MatmulBatch, BsngdLayoutsOneCallPerB) {
    GmScope scope;
    const int B = 2, S1 = 32, S2 = 48, N = 1, G = 3, D = 24;
    GmBuffer<half> a(size_t(B) * S1 * N * G * D, "a"), b(size_t(B) * S2 * N * G * D, "b");
    GmBuffer<float> c(size_t(B) * S1 * N * G * S2, "c");
    FillValues(a, 6, 0.25);
    FillValues(b, 7, 0.5);
    TCubeTiling tiling = HandTiling(S1, S2, D, 16, 32, 16, 2, false);
    tiling.ALayoutInfoB = B, tiling.ALayoutInfoS = S1, tiling.ALayoutInfoN = N, tiling.ALayoutInfoG = G;
    tiling.ALayoutInfoD = D;
    tiling.BLayoutInfoB = B, tiling.BLayoutInfoS = S2, tiling.BLayoutInfoN = N, tiling.BLayoutInfoG = G;
    tiling.BLayoutInfoD = D;
    tiling.CLayoutInfoB = B, tiling.CLayoutInfoS1 = S1, tiling.CLayoutInfoN = N, tiling.CLayoutInfoG = G;
    tiling.CLayoutInfoS2 = S2;
    tiling.BatchNum = N * G;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BSNGD>,
                       MatmulType<TPosition::GM, CubeFormat::ND, half, true, LayoutMode::BSNGD>,
                       MatmulType<TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BSNGD>>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        GlobalTensor<half> ga = Global(a), gb = Global(b);
        GlobalTensor<float> gc = Global(c);
        for (int bi = 0; bi < B; ++bi) {
            mm.SetTensorA(ga[bi * S1 * N * G * D]);
            mm.SetTensorB(gb[bi * S2 * N * G * D], true);
            mm.IterateBatch(gc[bi * S1 * N * G * S2], N * G, N * G, false);
        }
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int bi = 0; bi < B; ++bi)
        for (int h = 0; h < N * G; ++h)
            for (int s = 0; s < S1; ++s)
                for (int t = 0; t < S2; ++t) {
                    double want = 0;
                    for (int d = 0; d < D; ++d)
                        want += double(float(a[((size_t(bi) * S1 + s) * N * G + h) * D + d])) *
                                double(float(b[((size_t(bi) * S2 + t) * N * G + h) * D + d]));
                    const float got = c[((size_t(bi) * S1 + s) * N * G + h) * S2 + t];
                    ASSERT_NEAR(got, want, 1e-4) << "b " << bi << " head " << h << " [" << s << ", " << t << "]";
                }
}

// NORMAL layout with B broadcast over A's batches (batchA 4, batchB 2: A batches 0, 1 use B 0),
// C batches one after another; and the pure-cube form with SetBatchNum gives the same.
TEST(MatmulBatch, NormalLayoutBroadcastsTheSmallerBatch) {
    GmScope scope;
    const int batchA = 4, batchB = 2, m = 20, n = 24, k = 40;
    GmBuffer<half> a(size_t(batchA) * m * k, "a"), b(size_t(batchB) * k * n, "b");
    GmBuffer<float> c(size_t(batchA) * m * n, "c"), c2(size_t(batchA) * m * n, "c2");
    FillValues(a, 8, 0.5);
    FillValues(b, 9, 0.5);
    const TCubeTiling tiling = HandTiling(m, n, k, 16, 16, 16, 3, false);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>,
                       MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>,
                       MatmulType<TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NORMAL>>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(Global(a));
        mm.SetTensorB(Global(b));
        mm.IterateBatch(Global(c), batchA, batchB, false);
        mm.SetBatchNum(batchA, batchB);
        mm.IterateBatch(Global(c2), false, 0, false);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int bc = 0; bc < batchA; ++bc) {
        const auto ref = Product(a.data + size_t(bc) * m * k, b.data + size_t(bc / 2) * k * n, m, n, k, k, n);
        for (size_t i = 0; i < ref.size(); ++i) {
            ASSERT_NEAR(c[size_t(bc) * m * n + i], ref[i], 1e-4) << "batch " << bc << " element " << i;
            ASSERT_EQ(c2[size_t(bc) * m * n + i], c[size_t(bc) * m * n + i]) << "batch " << bc << " element " << i;
        }
    }
}

// IterateNBatch: two loops of batchA 2 x batchB 1 into the workspace give IterateBatch's four
// products (B batch 0 for A 0-1, B batch 1 for A 2-3); GetBatchTensorC then hands out the groups.
// Without isNBatch in the MatmulConfig it is MATMUL_BATCH_INVALID.
constexpr MatmulConfig kNBatchCfg = GetNormalConfig(false, true);  // batchLoop: isNBatch
TEST(MatmulBatch, IterateNBatchWritesItsGroupsToTheWorkspace) {
    GmScope scope;
    const int loops = 2, batchA = 2, batchB = 1, m = 20, n = 24, k = 40;
    GmBuffer<half> a(size_t(loops * batchA) * m * k, "a"), b(size_t(loops * batchB) * k * n, "b");
    GmBuffer<float> whole(size_t(loops * batchA) * m * n, "whole"), work(size_t(loops * batchA) * m * n, "work");
    FillValues(a, 3, 0.5);
    FillValues(b, 4, 0.5);
    const TCubeTiling tiling = HandTiling(m, n, k, 16, 16, 16, 3, false);
    using A = MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>;
    using C = MatmulType<TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NORMAL>;
    uint64_t secondGroup = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        matmul::Matmul<A, A, C, C, kNBatchCfg> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(Global(a));
        mm.SetTensorB(Global(b));
        mm.IterateBatch(Global(whole), loops * batchA, loops * batchB, false);
        GlobalTensor<float> w = Global(work);
        mm.SetWorkspace(w);
        mm.template IterateNBatch<false>(loops, batchA, batchB, false);
        mm.template GetBatchTensorC<false>(batchA, batchB);
        secondGroup = uint64_t(mm.template GetBatchTensorC<false>(batchA, batchB).GetPhyAddr(0) - work.data);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(secondGroup, uint64_t(batchA) * m * n);
    for (size_t i = 0; i < whole.n; ++i) ASSERT_EQ(work[i], whole[i]) << "element " << i;
    const auto ref = Product(a.data + size_t(3) * m * k, b.data + size_t(1) * k * n, m, n, k, k, n);
    for (size_t i = 0; i < ref.size(); ++i) ASSERT_NEAR(work[size_t(3) * m * n + i], ref[i], 1e-4) << i;

    auto plain = RunKernel(1, [&] {
        TPipe pipe;
        matmul::Matmul<A, A, C> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(Global(a));
        mm.SetTensorB(Global(b));
        GlobalTensor<float> w = Global(work);
        mm.SetWorkspace(w);
        mm.IterateNBatch(loops, batchA, batchB, false);
    });
    const auto* d = akg::test::FindDiag(plain, "MATMUL_BATCH_INVALID");
    ASSERT_NE(d, nullptr) << plain.Codes();
    EXPECT_NE(d->message.find("isNBatch"), std::string::npos) << d->message;
}

TEST(Diagnostics, MATMUL_BATCH_INVALID) {
    GmScope scope;
    GmBuffer<half> a(6 * 256, "a");
    GmBuffer<float> c(6 * 256, "c");
    const TCubeTiling tiling = HandTiling(16, 16, 16, 16, 16, 16, 1, false);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>,
                       MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>,
                       MatmulType<TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NORMAL>>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(Global(a));
        mm.SetTensorB(Global(a));
        mm.IterateBatch(Global(c), 3, 2, false);
    });
    const auto* d = akg::test::FindDiag(run, "MATMUL_BATCH_INVALID");
    ASSERT_NE(d, nullptr) << run.Codes();
    EXPECT_NE(d->message.find("batchA 3 and batchB 2"), std::string::npos) << d->message;
}

// K split over 4 cores: each zeroes nothing itself; core 0 clears C, all meet at SyncAll, then
// each adds its K quarter with atomic add.
TEST(MatmulSplitK, FourCoresAddTheirKSlices) {
    GmScope scope;
    const int m = 16, n = 32, k = 256, cores = 4, sliceK = k / cores;
    GmBuffer<half> a(m * k, "a"), b(k * n, "b");
    GmBuffer<float> c(m * n, "c");
    FillValues(a, 10, 0.5);
    FillValues(b, 11, 0.5);
    for (size_t i = 0; i < c.n; ++i) c[i] = 12345.0f;  // stale data the clear must remove
    TCubeTiling tiling = HandTiling(m, n, sliceK, 16, 32, 32, 2, false);
    tiling.Ka = tiling.Kb = k;
    tiling.usedCoreNum = cores;
    auto run = RunKernel(cores, [&] {
        TPipe pipe;
        GlobalTensor<float> gc = Global(c);
        if (GetBlockIdx() == 0) Fill(gc, uint64_t(m * n), 0.0f);
        SyncAll();
        matmul::Matmul<Half, Half, F32> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(Global(a)[GetBlockIdx() * sliceK]);
        mm.SetTensorB(Global(b)[GetBlockIdx() * sliceK * n]);
        mm.IterateAll(gc, 1);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    const auto ref = Product(a.data, b.data, m, n, k, k, n);
    for (size_t i = 0; i < ref.size(); ++i) ASSERT_NEAR(c[i], ref[i], 1e-3) << "C[" << i << "]";
}

constexpr MatmulConfig PartialOutputConfig() {
    MatmulConfig cfg = CFG_MDL;
    cfg.isPartialOutput = true;
    return cfg;
}
constexpr MatmulConfig kPartialOutput = PartialOutputConfig();

// isPartialOutput: each Iterate is one base K block of a C block, K innermost; the partials of a
// block add up to the product.
TEST(MatmulPartialOutput, EachIterateIsOneKBlock) {
    GmScope scope;
    const int m = 32, n = 32, k = 96, baseM = 16, baseN = 32, baseK = 32;
    const int kIter = k / baseK, blocks = (m / baseM) * (n / baseN);
    GmBuffer<half> a(m * k, "a"), b(k * n, "b");
    GmBuffer<float> parts(size_t(blocks) * kIter * baseM * baseN, "parts");
    FillValues(a, 12, 0.5);
    FillValues(b, 13, 0.5);
    const TCubeTiling tiling = HandTiling(m, n, k, baseM, baseN, baseK, 3, false);
    int iterations = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        matmul::Matmul<Half, Half, F32, F32, kPartialOutput> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(Global(a));
        mm.SetTensorB(Global(b));
        GlobalTensor<float> out = Global(parts);
        while (mm.Iterate()) {
            mm.GetTensorC(out[iterations * baseM * baseN], 0, true);
            ++iterations;
        }
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    ASSERT_EQ(iterations, blocks * kIter);
    for (int blk = 0; blk < blocks; ++blk)  // iterateOrder 0: M first; one N block here
        for (int kb = 0; kb < kIter; ++kb) {
            const auto ref = Product(a.data + size_t(blk) * baseM * k + kb * baseK, b.data + size_t(kb) * baseK * n,
                                     baseM, baseN, baseK, k, n);
            for (size_t i = 0; i < ref.size(); ++i)
                ASSERT_NEAR(parts[(size_t(blk) * kIter + kb) * baseM * baseN + i], ref[i], 1e-4)
                    << "block " << blk << " K block " << kb << " element " << i;
        }
}

// A in UB whose K (31 halves) is not whole 32-byte blocks: its rows are padded to 32 elements, as
// DataCopyPad leaves them.
TEST(MatmulOperands, UbARowsArePaddedTo32Bytes) {
    GmScope scope;
    const int m = 31, n = 31, k = 31, padK = 32;
    GmBuffer<half> a(m * k, "a"), b(k * n, "b");
    GmBuffer<float> c(m * n, "c");
    FillValues(a, 14, 0.5);
    FillValues(b, 15, 0.5);
    const TCubeTiling tiling = HandTiling(m, n, k, 32, 32, 32, 1, false);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECOUT> ub;
        pipe.InitBuffer(ub, m * padK * sizeof(half));
        LocalTensor<half> aUb = ub.Get<half>();
        for (int i = 0; i < m; ++i)
            for (int x = 0; x < padK; ++x) aUb.SetValue(i * padK + x, x < k ? a[size_t(i) * k + x] : half(99.0f));
        matmul::Matmul<MatmulType<TPosition::VECOUT, CubeFormat::ND, half>, Half, F32> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(aUb);
        mm.SetTensorB(Global(b));
        mm.IterateAll(Global(c));
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    const auto ref = Product(a.data, b.data, m, n, k, k, n);
    for (size_t i = 0; i < ref.size(); ++i) ASSERT_NEAR(c[i], ref[i], 1e-4) << "C[" << i << "]";
}

// NZ A and B: 32-byte column blocks, each all rows (rounded up to 16) deep; a VECTOR A is one row.
TEST(MatmulOperands, NzAndVectorFormats) {
    GmScope scope;
    const int m = 20, n = 40, k = 48;
    const int mAl = 32, kAl = 48, nAl = 48;  // rows rounded up to 16, columns to whole blocks
    GmBuffer<half> a(m * k, "a"), b(k * n, "b");
    GmBuffer<half> aNz(size_t(mAl) * k, "aNz"), bNz(size_t(kAl) * nAl, "bNz");
    GmBuffer<float> c(m * n, "c"), cv(n, "cv");
    FillValues(a, 16, 0.5);
    FillValues(b, 17, 0.5);
    ToNz(a.data, m, k, mAl, aNz);
    ToNz(b.data, k, n, kAl, bNz);
    const TCubeTiling tiling = HandTiling(m, n, k, 16, 32, 16, 3, false);
    const TCubeTiling vectorTiling = HandTiling(1, n, k, 16, 32, 16, 3, false);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        using Nz = MatmulType<TPosition::GM, CubeFormat::NZ, half>;
        matmul::Matmul<Nz, Nz, F32> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(Global(aNz));
        mm.SetTensorB(Global(bNz));
        mm.IterateAll(Global(c));
        matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::VECTOR, half>, Half, F32> gemv;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), gemv, &vectorTiling);
        gemv.SetTensorA(Global(a));  // row 0 of A
        gemv.SetTensorB(Global(b));
        gemv.IterateAll(Global(cv));
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    const auto ref = Product(a.data, b.data, m, n, k, k, n);
    for (size_t i = 0; i < ref.size(); ++i) ASSERT_NEAR(c[i], ref[i], 1e-4) << "NZ C[" << i << "]";
    for (int j = 0; j < n; ++j) ASSERT_NEAR(cv[j], ref[j], 1e-4) << "VECTOR C[" << j << "]";
}

// ND_ALIGN C: rows of N = 37 floats are 40 apart; columns 37..39 are written as zeros.
TEST(MatmulOperands, NdAlignCPadsRowsWithZeros) {
    GmScope scope;
    const int m = 20, n = 37, k = 32, ldc = 40;
    GmBuffer<half> a(m * k, "a"), b(k * n, "b");
    GmBuffer<float> c(m * ldc, "c");
    FillValues(a, 20, 0.5);
    FillValues(b, 21, 0.5);
    for (size_t i = 0; i < c.n; ++i) c[i] = 7.0f;
    const TCubeTiling tiling = HandTiling(m, n, k, 16, 32, 32, 1, false);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        matmul::Matmul<Half, Half, MatmulType<TPosition::GM, CubeFormat::ND_ALIGN, float>> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(Global(a));
        mm.SetTensorB(Global(b));
        mm.IterateAll(Global(c));
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    const auto ref = Product(a.data, b.data, m, n, k, k, n);
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < ldc; ++j)
            ASSERT_NEAR(c[size_t(i) * ldc + j], j < n ? ref[size_t(i) * n + j] : 0.0, 1e-4) << i << "," << j;
}

TEST(MatmulOperands, VectorAWithSeveralRowsIsUnsupported) {
    GmScope scope;
    GmBuffer<half> a(256, "a");
    GmBuffer<float> c(256, "c");
    const TCubeTiling tiling = HandTiling(16, 16, 16, 16, 16, 16, 1, false);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::VECTOR, half>, Half, F32> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(Global(a));
        mm.SetTensorB(Global(a));
        mm.IterateAll(Global(c));
    });
    EXPECT_TRUE(run.HasDiag("MATMUL_UNSUPPORTED")) << run.Codes();
}

// Constant tiling: GetMMConfig with MatmulShapeParams, GetMatmulApiTiling, then a Matmul that
// needs no TCubeTiling (REGIST_MATMUL_OBJ with a null one) and takes its shape from SetOrgShape /
// SetTail.
constexpr MatmulShapeParams kShape = {64, 96, 64, 32, 64, 32};
constexpr MatmulApiStaticTiling StaticTiling() {
    MatmulConfig cfg = GetMMConfig<MatmulConfigMode::CONFIG_MDL>(kShape);
    return GetMatmulApiTiling<Half, Half, F32, F32>(cfg);
}
constexpr MatmulApiStaticTiling kStatic = StaticTiling();
static_assert(kStatic.baseM == 32 && kStatic.baseN == 64 && kStatic.baseK == 32);
static_assert(kStatic.singleCoreM == 64 && kStatic.singleCoreN == 96 && kStatic.singleCoreK == 64);
static_assert(kStatic.stepKa == 2 && kStatic.depthA1 == 4 && kStatic.cfg.doMultiDataLoad);
static_assert(GetMMConfig<MatmulConfigMode::CONFIG_NORM>(MatmulFuncParams{false, true}).enVecND2NZ);

TEST(MatmulConstantTiling, NullTilingWithAConstantOne) {
    GmScope scope;
    const int m = 40, n = 80, k = 64;
    GmBuffer<half> a(m * k, "a"), b(k * n, "b");
    GmBuffer<float> c(m * n, "c");
    FillValues(a, 18, 0.5);
    FillValues(b, 19, 0.5);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        matmul::Matmul<Half, Half, F32, F32, kStatic> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, (TCubeTiling*)nullptr);
        mm.SetOrgShape(m, n, k);
        mm.SetTail(m, n, k);
        mm.SetTensorA(Global(a));
        mm.SetTensorB(Global(b));
        mm.IterateAll(Global(c));
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    const auto ref = Product(a.data, b.data, m, n, k, k, n);
    for (size_t i = 0; i < ref.size(); ++i) ASSERT_NEAR(c[i], ref[i], 1e-4) << "C[" << i << "]";
}


// A and B already in L1 (a TSCM queue out of GM, a B1 buffer; NZ) and C in CO1: Iterate(enPartialSum, l0c) leaves each block
// in the kernel's own L0C tensor in the NZ layout an Mmad produces (16-column blocks, each the
// block's rows rounded up to 16 deep); the next round with enPartialSum adds to it.
TEST(MatmulOperands, L1OperandsAndCInTheKernelsL0c) {
    GmScope scope;
    const int m = 20, n = 32, k = 64, c0 = 16, mAl = 32;
    GmBuffer<half> a(m * k, "a"), b(k * n, "b"), aNz(size_t(mAl) * k, "aNz"), bNz(size_t(k) * n, "bNz");
    FillValues(a, 22, 0.5);
    FillValues(b, 23, 0.5);
    ToNz(a.data, m, k, mAl, aNz);
    ToNz(b.data, k, n, k, bNz);
    const TCubeTiling tiling = HandTiling(m, n, k, 32, 32, 64, 1, false);
    std::vector<float> once(size_t(mAl) * n), twice(size_t(mAl) * n);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TSCM<TPosition::GM> aL1;  // a queue out of GM keeps its buffer in L1
        TBuf<TPosition::B1> bL1;
        TBuf<TPosition::CO1> cL0;
        pipe.InitBuffer(aL1, 1, mAl * k * sizeof(half));
        pipe.InitBuffer(bL1, k * n * sizeof(half));
        pipe.InitBuffer(cL0, mAl * n * sizeof(float));
        LocalTensor<half> aIn = aL1.AllocTensor<half>();
        ASSERT_EQ(aIn.GetPosition(), int32_t(TPosition::TSCM));
        DataCopy(aIn, Global(aNz), uint32_t(mAl * k));
        aL1.EnQue(aIn);
        LocalTensor<half> a1 = aL1.DeQue<half>();
        DataCopy(bL1.Get<half>(), Global(bNz), uint32_t(k * n));
        SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
        matmul::Matmul<MatmulType<TPosition::TSCM, CubeFormat::NZ, half>, MatmulType<TPosition::B1, CubeFormat::NZ, half>,
                       MatmulType<TPosition::CO1, CubeFormat::NZ, float>>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(a1);
        mm.SetTensorB(bL1.Get<half>());
        LocalTensor<float> l0c = cL0.Get<float>();
        ASSERT_TRUE(mm.Iterate(false, l0c));
        std::memcpy(once.data(), l0c.Data(), once.size() * sizeof(float));
        ASSERT_FALSE(mm.Iterate(false, l0c));  // one block: the round is over
        ASSERT_TRUE(mm.Iterate(true, l0c));    // the next round adds to L0C
        std::memcpy(twice.data(), l0c.Data(), twice.size() * sizeof(float));
        aL1.FreeTensor(a1);
    }, 0, true, AIC);
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    const auto ref = Product(a.data, b.data, m, n, k, k, n);
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            const size_t nz = (size_t(j / c0) * mAl + i) * c0 + j % c0;
            ASSERT_NEAR(once[nz], ref[size_t(i) * n + j], 1e-4) << i << "," << j;
            ASSERT_NEAR(twice[nz], 2 * ref[size_t(i) * n + j], 1e-4) << i << "," << j;
        }
}

void IgnoredCopyA1(const LocalTensor<int8_t>&, const __gm__ void*, int, int, int, int, const uint64_t, const uint64_t) {}

// A copy callback would replace how A reaches L1, which the simulator does not run: the object
// stops at its first block instead of computing from the operands directly.
TEST(MatmulOperands, CopyCallbacksAreUnsupported) {
    GmScope scope;
    GmBuffer<half> a(256, "a");
    GmBuffer<float> c(256, "c");
    const TCubeTiling tiling = HandTiling(16, 16, 16, 16, 16, 16, 1, false);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        matmul::Matmul<Half, Half, F32, F32, CFG_NORM, MatmulCallBackFunc<nullptr, IgnoredCopyA1, nullptr>> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(Global(a));
        mm.SetTensorB(Global(a));
        mm.IterateAll(Global(c));
    });
    EXPECT_TRUE(run.HasDiag("MATMUL_UNSUPPORTED")) << run.Codes();
}

}  // namespace
