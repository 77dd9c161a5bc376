// The cube path on an AIC core: DataCopy GM -> L1 with ND -> NZ, LoadData / LoadDataWithTranspose
// into L0A/L0B, Mmad, the L1 -> bias-table copy and Fixpipe out of L0C, each against a reference
// loop written here from the documented layouts, plus the misuses the checker must report.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::RunKernel;

namespace {

akg::test::KernelRun RunCube(std::function<void()> body) { return RunKernel(1, std::move(body), 0, true, AIC); }

uint32_t CeilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

template <typename T>
void FillRandom(GmBuffer<T>& g, uint32_t seed, int lo = -8, int hi = 8) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> d(lo, hi);
    for (size_t i = 0; i < g.n; ++i) {
        if constexpr (std::is_integral_v<T>)
            g[i] = T(d(rng));
        else
            g[i] = T(float(d(rng)) * 0.25f);
    }
}

// Bytes of a local tensor copied out to the host (raw, outside the simulator's checks).
template <typename T>
std::vector<T> Snapshot(const LocalTensor<T>& t, size_t n) {
    std::vector<T> v(n);
    std::memcpy(static_cast<void*>(v.data()), t.Data(), n * sizeof(T));
    return v;
}

}  // namespace

// ND (20 x 28 of a 32-wide half matrix) -> NZ in L1: 16-column fractal rows, rows padded by
// dstNzC0Stride, columns past dValue zero-filled; and two ND matrices with matrix strides.
TEST(CubeNd2Nz, RowsColumnsPaddingAndMatrixStrides) {
    akg::test::GmScope scope;
    GmBuffer<half> src(32 * 40, "src");
    for (size_t i = 0; i < src.n; ++i) src[i] = half(float(i % 2048));
    std::vector<half> one, two;
    auto run = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::A1> buf;
        pipe.InitBuffer(buf, 64 * 1024);
        GlobalTensor<half> g;
        g.SetGlobalBuffer((__gm__ half*)src.addr(), src.n);
        LocalTensor<half> l1 = buf.Get<half>();
        Nd2NzParams p;
        p.ndNum = 1;
        p.nValue = 20;
        p.dValue = 28;
        p.srcDValue = 32;
        p.dstNzC0Stride = 32;  // rows of one column block, 20 rounded up past 16
        p.dstNzNStride = 1;
        DataCopy(l1, g, p);
        one = Snapshot(l1, 2 * 32 * 16);
        Nd2NzParams q(2, 8, 23, 384, 32, 37, 2, 320);  // the reference page's non-contiguous example
        DataCopy(l1, g, q);
        two = Snapshot(l1, 2 * 320 + 37 * 16 * 2);
    });
    ASSERT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t r = 0; r < 20; ++r)
        for (uint32_t c = 0; c < 32; ++c) {
            const float want = c < 28 ? float(src[r * 32 + c]) : 0.0f;
            EXPECT_EQ(float(one[(c / 16) * 32 * 16 + r * 16 + c % 16]), want) << r << "," << c;
        }
    for (uint32_t m = 0; m < 2; ++m)
        for (uint32_t r = 0; r < 8; ++r)
            for (uint32_t c = 0; c < 32; ++c) {
                const float want = c < 23 ? float(src[m * 384 + r * 32 + c]) : 0.0f;
                EXPECT_EQ(float(two[m * 320 + (c / 16) * 37 * 16 + r * 2 * 16 + c % 16]), want) << m << r << c;
            }
}

// LoadData 2D: startIndex, srcStride and dstGap in fractals, the b16 transpose, and addrMode 1 from GM.
TEST(CubeLoadData, FractalStridesGapsAndTranspose) {
    akg::test::GmScope scope;
    GmBuffer<half> src(8 * 256, "src");
    for (size_t i = 0; i < src.n; ++i) src[i] = half(float(i % 2000));
    std::vector<half> plain, trans, down;
    auto run = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::A1> a1;
        TBuf<TPosition::A2> a2;
        pipe.InitBuffer(a1, 8 * 512);
        pipe.InitBuffer(a2, 16 * 512);
        GlobalTensor<half> g;
        g.SetGlobalBuffer((__gm__ half*)src.addr(), src.n);
        LocalTensor<half> l1 = a1.Get<half>(), l0 = a2.Get<half>();
        DataCopy(l1, g, 8 * 256);
        LoadData(l0, l1, LoadData2DParams(1, 3, 2, 0, 1, false, 0));  // fractals 1, 3, 5 -> slots 0, 2, 4
        plain = Snapshot(l0, 5 * 256);
        LoadData2DParams t;
        t.startIndex = 2;
        t.repeatTimes = 2;
        t.srcStride = 1;
        t.ifTranspose = true;
        LoadData(l0, l1, t);  // fractals 2, 3 transposed
        trans = Snapshot(l0, 2 * 256);
        LoadData(l0, g, LoadData2DParams(6, 4, 2, 0, 0, false, 1));  // GM fractals 6, 4, 2, 0
        down = Snapshot(l0, 4 * 256);
    });
    ASSERT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t r = 0; r < 3; ++r)
        for (uint32_t e = 0; e < 256; ++e)
            EXPECT_EQ(float(plain[r * 2 * 256 + e]), float(src[(1 + 2 * r) * 256 + e])) << r << "," << e;
    for (uint32_t r = 0; r < 2; ++r)
        for (uint32_t i = 0; i < 16; ++i)
            for (uint32_t j = 0; j < 16; ++j)
                EXPECT_EQ(float(trans[r * 256 + i * 16 + j]), float(src[(2 + r) * 256 + j * 16 + i]));
    for (uint32_t r = 0; r < 4; ++r)
        EXPECT_EQ(float(down[r * 256 + 5]), float(src[(6 - 2 * r) * 256 + 5])) << r;
}

// LoadDataWithTranspose for 8-, 16- and 32-bit data: squares of 32x32, 16x16 and 16x16 (two
// side-by-side 16x8 fractals) transposed and split with dstGap / dstFracGap.
TEST(CubeLoadDataWithTranspose, SquaresPerDataWidth) {
    akg::test::GmScope scope;
    GmBuffer<int8_t> s8(3072, "s8");
    GmBuffer<half> s16(512, "s16");
    GmBuffer<float> s32(512, "s32");
    for (size_t i = 0; i < s8.n; ++i) s8[i] = int8_t(i * 7);
    for (size_t i = 0; i < s16.n; ++i) s16[i] = half(float(i));
    for (size_t i = 0; i < s32.n; ++i) s32[i] = float(i) + 0.5f;
    std::vector<int8_t> o8;
    std::vector<half> o16;
    std::vector<float> o32;
    auto run = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::B1> b1;
        TBuf<TPosition::B2> b2;
        pipe.InitBuffer(b1, 4096);
        pipe.InitBuffer(b2, 8 * 512);
        GlobalTensor<int8_t> g8;
        GlobalTensor<half> g16;
        GlobalTensor<float> g32;
        g8.SetGlobalBuffer((__gm__ int8_t*)s8.addr(), s8.n);
        g16.SetGlobalBuffer((__gm__ half*)s16.addr(), s16.n);
        g32.SetGlobalBuffer((__gm__ float*)s32.addr(), s32.n);
        auto l1_8 = b1.Get<int8_t>();
        auto l0_8 = b2.Get<int8_t>();
        DataCopy(l1_8, g8, 3072);
        LoadDataWithTranspose(l0_8, l1_8, LoadData2dTransposeParams(1, 2, 1, 0, 2));  // squares 1, 2
        o8 = Snapshot(l0_8, 8 * 512);
        auto l1_16 = b1.Get<half>();
        auto l0_16 = b2.Get<half>();
        DataCopy(l1_16, g16, 512);
        LoadDataWithTranspose(l0_16, l1_16, LoadData2dTransposeParams(0, 2, 1, 1, 0));
        o16 = Snapshot(l0_16, 4 * 256);
        auto l1_32 = b1.Get<float>();
        auto l0_32 = b2.Get<float>();
        DataCopy(l1_32, g32, 512);
        LoadDataWithTranspose(l0_32, l1_32, LoadData2dTransposeParams(0, 2, 1, 0, 1));
        o32 = Snapshot(l0_32, 8 * 128);
    });
    ASSERT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    // b8: repeat r reads the 32x32 square 1 + r; its transpose's rows 0..15 land at slot r,
    // rows 16..31 three fractals later (dstFracGap 2).
    for (uint32_t r = 0; r < 2; ++r)
        for (uint32_t i = 0; i < 32; ++i)
            for (uint32_t j = 0; j < 32; ++j) {
                const int8_t want = s8[(1 + r) * 1024 + j * 32 + i];
                const size_t at = r * 512 + (i / 16) * 3 * 512 + (i % 16) * 32 + j;
                EXPECT_EQ(o8[at], want) << r << "," << i << "," << j;
            }
    // b16: one fractal per repeat, dstGap 1 leaves a fractal between results.
    for (uint32_t r = 0; r < 2; ++r)
        for (uint32_t i = 0; i < 16; ++i)
            for (uint32_t j = 0; j < 16; ++j)
                EXPECT_EQ(float(o16[r * 2 * 256 + i * 16 + j]), float(s16[r * 256 + j * 16 + i]));
    // b32: fractals 2r and 2r+1 are columns 0..7 and 8..15 of a 16x16 square; the transpose is
    // split by columns again, the second half one fractal further (dstFracGap 1).
    for (uint32_t r = 0; r < 2; ++r)
        for (uint32_t i = 0; i < 16; ++i)
            for (uint32_t j = 0; j < 16; ++j) {
                const float want = s32[r * 256 + (i / 8) * 128 + j * 8 + i % 8];
                const size_t at = r * 128 + (j / 8) * 2 * 128 + i * 8 + j % 8;
                EXPECT_EQ(o32[at], want) << r << "," << i << "," << j;
            }
}

namespace {

// C = A x B through the whole cube path with the layouts CATLASS-style kernels use: A (m x k,
// ND) and B (k x n, ND) in GM -> ND2NZ into L1 -> LoadData into L0A (Nz -> Zz, one call per row
// block) and L0B (b16: B is k x n, each fractal transposed by LoadData; b8/b32: B is given as
// n x k, whose NZ fractals already are Zn) -> Mmad -> Fixpipe NZ2ND to GM.
template <typename In, typename Acc, typename Out>
struct MatmulCase {
    uint32_t m, n, k;
    QuantMode_t quant = NoQuant;
    uint64_t deqScalar = 0;
    bool relu = false;
    bool accumulateTwice = false;
    bool bias = false;

    void Run(GmBuffer<In>& a, GmBuffer<In>& b, GmBuffer<Out>& c, GmBuffer<Acc>* biasGm, akg::test::KernelRun& run) {
        run = RunCube([&] {
            constexpr uint32_t k0 = 32 / sizeof(In);
            const uint32_t m1 = CeilDiv(m, 16), n1 = CeilDiv(n, 16), k1 = CeilDiv(k, k0);
            TPipe pipe;
            TQue<TPosition::A1, 1> qa1;
            TQue<TPosition::B1, 1> qb1;
            TQue<TPosition::A2, 1> qa2;
            TQue<TPosition::B2, 1> qb2;
            TQue<TPosition::CO1, 1> qc;
            TBuf<TPosition::C1> biasL1;
            TBuf<TPosition::C2> biasBt;
            pipe.InitBuffer(qa1, 1, m1 * 16 * k1 * k0 * sizeof(In));
            pipe.InitBuffer(qb1, 1, k1 * k0 * n1 * 16 * sizeof(In) + 1024);
            pipe.InitBuffer(qa2, 1, m1 * k1 * 512);
            pipe.InitBuffer(qb2, 1, k1 * n1 * 512);
            pipe.InitBuffer(qc, 1, m1 * n1 * 256 * sizeof(Acc));
            pipe.InitBuffer(biasL1, n1 * 16 * sizeof(Acc));
            pipe.InitBuffer(biasBt, n1 * 16 * sizeof(Acc));
            GlobalTensor<In> ga, gb;
            GlobalTensor<Out> gc;
            ga.SetGlobalBuffer((__gm__ In*)a.addr(), a.n);
            gb.SetGlobalBuffer((__gm__ In*)b.addr(), b.n);
            gc.SetGlobalBuffer((__gm__ Out*)c.addr(), c.n);

            auto la1 = qa1.AllocTensor<In>();
            // GEMV (m = 1) reads A as one contiguous row: column blocks 32 bytes apart.
            DataCopy(la1, ga, Nd2NzParams(1, m, k, 0, k, m == 1 ? 1 : m1 * 16, 1, 0));
            qa1.EnQue(la1);
            auto lb1 = qb1.AllocTensor<In>();
            if constexpr (sizeof(In) != 2)
                DataCopy(lb1, gb, Nd2NzParams(1, n, k, 0, k, n1 * 16, 1, 0));  // B^T (n x k): Zn already
            else
                DataCopy(lb1, gb, Nd2NzParams(1, k, n, 0, n, k1 * 16, 1, 0));
            qb1.EnQue(lb1);

            la1 = qa1.DeQue<In>();
            auto la2 = qa2.AllocTensor<In>();
            if (m == 1) {
                LoadData(la2, la1, LoadData2DParams(0, CeilDiv(k * sizeof(In), 512), 1, 0, 0, false, 0));
            } else {
                for (uint32_t i = 0; i < m1; ++i)
                    LoadData(la2[i * k1 * 512 / sizeof(In)], la1, LoadData2DParams(i, k1, m1, 0, 0, false, 0));
            }
            qa2.EnQue(la2);
            qa1.FreeTensor(la1);
            lb1 = qb1.DeQue<In>();
            auto lb2 = qb2.AllocTensor<In>();
            if constexpr (sizeof(In) != 2) {
                LoadData(lb2, lb1, LoadData2DParams(0, k1 * n1, 1, 0, 0, false, 0));
            } else {
                for (uint32_t kb = 0; kb < k1; ++kb)
                    LoadData(lb2[kb * n1 * 256], lb1, LoadData2DParams(kb, n1, k1, 0, 0, true, 0));
            }
            qb2.EnQue(lb2);
            qb1.FreeTensor(lb1);

            la2 = qa2.DeQue<In>();
            lb2 = qb2.DeQue<In>();
            auto lc = qc.AllocTensor<Acc>();
            MmadParams mp;
            mp.m = m;
            mp.n = n;
            mp.k = k;
            if (bias) {
                GlobalTensor<Acc> gbias;
                gbias.SetGlobalBuffer((__gm__ Acc*)biasGm->addr(), biasGm->n);
                auto l1b = biasL1.Get<Acc>();
                DataCopy(l1b, gbias, n1 * 16);
                auto bt = biasBt.Get<Acc>();
                DataCopy(bt, l1b, DataCopyParams(1, n1 * 16 * sizeof(Acc) / 64, 0, 0));
                Mmad(lc, la2, lb2, bt, mp);
            } else {
                Mmad(lc, la2, lb2, mp);
            }
            if (accumulateTwice) {
                mp.cmatrixInitVal = false;
                Mmad(lc, la2, lb2, mp);
            }
            qc.EnQue(lc);
            qa2.FreeTensor(la2);
            qb2.FreeTensor(lb2);

            lc = qc.DeQue<Acc>();
            FixpipeParamsV220 fp;
            fp.nSize = n;
            fp.mSize = m;
            fp.srcStride = m1 * 16;
            fp.dstStride = n;
            fp.quantPre = quant;
            fp.deqScalar = deqScalar;
            fp.reluEn = relu;
            Fixpipe(gc, lc, fp);
            qc.FreeTensor(lc);
        });
    }
};

}  // namespace

// half x half -> float, float output: every element equals the k-ordered float sum exactly.
TEST(CubeMatmul, HalfToFloatMatchesReferenceLoop) {
    for (auto [m, n, k] : {std::tuple{32u, 48u, 64u}, std::tuple{30u, 40u, 70u}, std::tuple{1u, 64u, 256u}}) {
        akg::test::GmScope scope;
        GmBuffer<half> a(m * k, "a"), b(k * n, "b");
        GmBuffer<float> c(m * n, "c");
        FillRandom(a, 1 + m);
        FillRandom(b, 2 + n);
        MatmulCase<half, float, float> mc{m, n, k};
        akg::test::KernelRun run;
        mc.Run(a, b, c, nullptr, run);
        ASSERT_TRUE(run.result.completed) << run.Codes();
        EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        for (uint32_t i = 0; i < m; ++i)
            for (uint32_t j = 0; j < n; ++j) {
                float want = 0;
                for (uint32_t kk = 0; kk < k; ++kk) want += float(a[i * k + kk]) * float(b[kk * n + j]);
                ASSERT_EQ(c[i * n + j], want) << m << "x" << n << "x" << k << " at " << i << "," << j;
            }
    }
}

// bfloat16_t inputs, half output (F322F16, round to nearest even) after accumulating twice
// (cmatrixInitVal false), with ReLU.
TEST(CubeMatmul, Bf16AccumulateCastToHalfWithRelu) {
    akg::test::GmScope scope;
    const uint32_t m = 20, n = 32, k = 48;
    GmBuffer<bfloat16_t> a(m * k, "a"), b(k * n, "b");
    GmBuffer<half> c(m * n, "c");
    FillRandom(a, 5);
    FillRandom(b, 6);
    MatmulCase<bfloat16_t, float, half> mc{m, n, k, F322F16};
    mc.relu = true;
    mc.accumulateTwice = true;
    akg::test::KernelRun run;
    mc.Run(a, b, c, nullptr, run);
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    int negatives = 0;
    for (uint32_t i = 0; i < m; ++i)
        for (uint32_t j = 0; j < n; ++j) {
            float once = 0;
            for (uint32_t kk = 0; kk < k; ++kk) once += float(a[i * k + kk]) * float(b[kk * n + j]);
            float twice = once;
            for (uint32_t kk = 0; kk < k; ++kk) twice += float(a[i * k + kk]) * float(b[kk * n + j]);
            negatives += twice < 0;
            ASSERT_EQ(float(c[i * n + j]), float(half(std::max(twice, 0.0f)))) << i << "," << j;
        }
    EXPECT_GT(negatives, 0);  // ReLU was exercised
}

// float inputs (B given as n x k) with a bias copied L1 -> bias table: C = bias + A x B.
TEST(CubeMatmul, FloatWithBiasFromBiasTable) {
    akg::test::GmScope scope;
    const uint32_t m = 16, n = 32, k = 20;
    GmBuffer<float> a(m * k, "a"), bt(n * k, "bt"), c(m * n, "c"), bias(32, "bias");
    FillRandom(a, 7);
    FillRandom(bt, 8);
    FillRandom(bias, 9);
    MatmulCase<float, float, float> mc{m, n, k};
    mc.bias = true;
    akg::test::KernelRun run;
    mc.Run(a, bt, c, &bias, run);
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t i = 0; i < m; ++i)
        for (uint32_t j = 0; j < n; ++j) {
            float want = bias[j];
            for (uint32_t kk = 0; kk < k; ++kk) want += a[i * k + kk] * bt[j * k + kk];
            ASSERT_FLOAT_EQ(c[i * n + j], want) << i << "," << j;
        }
}

// int8 x int8 -> int32 (exact, wrapping adds), int32 output and DEQF16 (one scale) to half.
TEST(CubeMatmul, Int8ToInt32AndDequantToHalf) {
    akg::test::GmScope scope;
    const uint32_t m = 17, n = 48, k = 96;
    GmBuffer<int8_t> a(m * k, "a"), bt(n * k, "bt");
    GmBuffer<int32_t> c(m * n, "c");
    GmBuffer<half> h(m * n, "h");
    FillRandom(a, 10, -128, 127);
    FillRandom(bt, 11, -128, 127);
    MatmulCase<int8_t, int32_t, int32_t> mc{m, n, k};
    akg::test::KernelRun run;
    mc.Run(a, bt, c, nullptr, run);
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    float scale = 0.0123f;
    uint32_t scaleBits;
    std::memcpy(&scaleBits, &scale, 4);
    MatmulCase<int8_t, int32_t, half> mh{m, n, k, DEQF16, scaleBits};
    mh.Run(a, bt, h, nullptr, run);
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    uint32_t hwBits = scaleBits & ~0x1FFFu;  // 10-bit mantissa
    float hwScale;
    std::memcpy(&hwScale, &hwBits, 4);
    for (uint32_t i = 0; i < m; ++i)
        for (uint32_t j = 0; j < n; ++j) {
            int32_t want = 0;
            for (uint32_t kk = 0; kk < k; ++kk) want += int32_t(a[i * k + kk]) * int32_t(bt[j * k + kk]);
            ASSERT_EQ(c[i * n + j], want) << i << "," << j;
            ASSERT_EQ(float(h[i * n + j]), float(half(float(double(float(want)) * hwScale)))) << i << "," << j;
        }
}

namespace {

// A float L0C tile of m1 x n1 fractals holding value(i, j) at its Nz place (SetValue, so the
// checker sees L0C written).
void FillL0c(const LocalTensor<float>& c, uint32_t m1, uint32_t n1, float (*value)(uint32_t, uint32_t)) {
    for (uint32_t i = 0; i < m1 * 16; ++i)
        for (uint32_t j = 0; j < n1 * 16; ++j) c.SetValue((j / 16) * m1 * 256 + (i % 16) * 16 + (i / 16) * 256 + j % 16, value(i, j));
}
float FillPattern(uint32_t i, uint32_t j) { return float(i) * 100.0f + float(j) - 50.0f; }

}  // namespace

// NZ2ND with ndNum 2 (srcNdStride in 1024-byte fractals, dstNdStride in elements), and NZ output
// with dstStride in 32-byte units, half and float.
TEST(CubeFixpipe, NdNumAndNzOutput) {
    akg::test::GmScope scope;
    GmBuffer<float> nd(2 * 20 * 40, "nd");
    GmBuffer<half> nz(2 * 40 * 16, "nz");
    auto run = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::CO1> buf;
        pipe.InitBuffer(buf, 4 * 3 * 1024);
        auto c = buf.Get<float>();
        FillL0c(c, 4, 3, FillPattern);  // 64 x 48
        GlobalTensor<float> gnd;
        GlobalTensor<half> gnz;
        gnd.SetGlobalBuffer((__gm__ float*)nd.addr(), nd.n);
        gnz.SetGlobalBuffer((__gm__ half*)nz.addr(), nz.n);
        // Two 20 x 40 matrices: rows 0..19 and (32 rows = 2 fractals later) rows 32..51.
        FixpipeParamsV220 p(40, 20, 64, 40, false, NoQuant, 0, 2, 2, 800, 0);
        Fixpipe(gnd, c, p);
        FixpipeParamsV220 q;
        q.nSize = 32;
        q.mSize = 24;
        q.srcStride = 64;
        q.dstStride = 40;  // column blocks 40 x 32 bytes apart
        q.quantPre = F322F16;
        Fixpipe<half, float, CFG_NZ>(gnz, c, q);
    });
    ASSERT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t m = 0; m < 2; ++m)
        for (uint32_t i = 0; i < 20; ++i)
            for (uint32_t j = 0; j < 40; ++j) EXPECT_EQ(nd[m * 800 + i * 40 + j], FillPattern(m * 32 + i, j)) << m << i << j;
    for (uint32_t i = 0; i < 24; ++i)
        for (uint32_t j = 0; j < 32; ++j)
            EXPECT_EQ(float(nz[(j / 16) * 40 * 16 + i * 16 + j % 16]), float(half(FillPattern(i, j)))) << i << "," << j;
}

// VDEQF16: one scale per column read from an L1 tensor; ReLU zeroes negative inputs.
TEST(CubeFixpipe, PerColumnDequantWithRelu) {
    akg::test::GmScope scope;
    GmBuffer<half> out(16 * 32, "out");
    GmBuffer<uint64_t> scales(32, "scales");
    for (uint32_t j = 0; j < 32; ++j) {
        const float s = 0.5f + float(j) / 8;
        uint32_t bits;
        std::memcpy(&bits, &s, 4);
        scales[j] = bits;
    }
    auto run = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::CO1> buf;
        TBuf<TPosition::C1> l1;
        pipe.InitBuffer(buf, 2 * 1024);
        pipe.InitBuffer(l1, 32 * 8);
        auto l0c = buf.Get<int32_t>();
        for (uint32_t i = 0; i < 16; ++i)
            for (uint32_t j = 0; j < 32; ++j) l0c.SetValue((j / 16) * 256 + i * 16 + j % 16, int32_t(i * 32 + j) - 200);
        GlobalTensor<uint64_t> gs;
        gs.SetGlobalBuffer((__gm__ uint64_t*)scales.addr(), 32);
        auto ls = l1.Get<uint64_t>();
        DataCopy(ls, gs, 32);
        GlobalTensor<half> go;
        go.SetGlobalBuffer((__gm__ half*)out.addr(), out.n);
        FixpipeParamsV220 f(32, 16, 16, 32, true);
        f.quantPre = VDEQF16;
        Fixpipe(go, buf.Get<int32_t>(), ls, f);
    });
    ASSERT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t i = 0; i < 16; ++i)
        for (uint32_t j = 0; j < 32; ++j) {
            const int32_t v = int32_t(i * 32 + j) - 200;
            uint32_t bits = uint32_t(scales[j]) & ~0x1FFFu;
            float s;
            std::memcpy(&s, &bits, 4);
            const float want = v < 0 ? 0.0f : float(half(float(double(v) * s)));
            EXPECT_EQ(float(out[i * 32 + j]), want) << i << "," << j;
        }
}

// InitConstValue: repeatTimes runs of blockNum blocks, dstGap blocks apart; a block is 32 bytes
// in L1 and one 512-byte fractal in L0A/L0B. The gaps keep their old contents.
TEST(CubeInitConstValue, BlocksAndGapsInL1AndL0) {
    akg::test::GmScope scope;
    std::vector<half> l1, l0;
    std::vector<float> l1f;
    auto run = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::A1> a1;
        TBuf<TPosition::B2> b2;
        TBuf<TPosition::B1> b1;
        pipe.InitBuffer(a1, 8 * 32);
        pipe.InitBuffer(b2, 4 * 512);
        pipe.InitBuffer(b1, 4 * 32);
        LocalTensor<half> la = a1.Get<half>(), lb = b2.Get<half>();
        LocalTensor<float> lf = b1.Get<float>();
        InitConstValue(la, InitConstValueParams<half>(1, 8, 0, half(0.0f)));
        InitConstValue(la, InitConstValueParams<half>(3, 2, 1, half(1.5f)));  // blocks 0-1, 3-4, 6-7
        InitConstValue(lb, InitConstValueParams<half>(1, 4, 0, half(0.0f)));
        InitConstValue(lb, InitConstValueParams<half>(2, 1, 1, half(-2.0f)));  // fractals 0 and 2
        InitConstValue(lf, InitConstValueParams<float>(1, 4, 0, 3.25f));
        l1 = Snapshot(la, 8 * 16);
        l0 = Snapshot(lb, 4 * 256);
        l1f = Snapshot(lf, 4 * 8);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 8 * 16; ++i) {
        const int block = i / 16;
        EXPECT_EQ(float(l1[i]), block % 3 == 2 ? 0.0f : 1.5f) << "L1 element " << i;
    }
    for (int i = 0; i < 4 * 256; ++i) EXPECT_EQ(float(l0[i]), (i / 256) % 2 == 0 ? -2.0f : 0.0f) << "L0B " << i;
    for (float v : l1f) EXPECT_EQ(v, 3.25f);
}

TEST(CubeInitConstValue, IntoUnifiedBufferIsABadPosition) {
    akg::test::GmScope scope;
    auto run = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> ub;
        pipe.InitBuffer(ub, 256);
        InitConstValue(ub.Get<half>(), InitConstValueParams<half>(1, 1, 0, half(1.0f)));
    });
    EXPECT_TRUE(run.HasDiag("CUBE_BAD_POSITION")) << run.Codes();
}

// ---- misuse the checker reports ----

TEST(CubeDiagnostics, LoadIntoMisalignedL0AAddress) {
    akg::test::GmScope scope;
    auto run = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::A1> a1;
        TBuf<TPosition::A2> a2;
        pipe.InitBuffer(a1, 2048);
        pipe.InitBuffer(a2, 2048);
        LoadData(a2.Get<half>()[16], a1.Get<half>(), LoadData2DParams(0, 1, 1, 0, 0, false, 0));  // 32 bytes in
    });
    EXPECT_TRUE(run.HasDiag("LOCAL_ADDR_MISALIGNED")) << run.Codes();
}

TEST(CubeDiagnostics, L0ABuffersBeyondCapacity) {
    akg::test::GmScope scope;
    auto run = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::A1> a1;
        TBuf<TPosition::A2> x, y;
        pipe.InitBuffer(a1, 1024);
        pipe.InitBuffer(x, 48 * 1024);
        pipe.InitBuffer(y, 32 * 1024);  // L0A holds 64 KiB: y ends at 80 KiB
        LoadData(y.Get<half>()[12 * 1024], a1.Get<half>(), LoadData2DParams(0, 2, 1, 0, 0, false, 0));
    });
    EXPECT_FALSE(run.result.completed);
    EXPECT_TRUE(run.HasDiag("LOCAL_CAPACITY")) << run.Codes();
}

TEST(Diagnostics, CUBE_BAD_POSITION) {
    akg::test::GmScope scope;
    for (bool bad : {true, false}) {
        auto run = RunCube([&] {
            TPipe pipe;
            TBuf<TPosition::A2> a2;
            TBuf<TPosition::B2> b2;
            TBuf<TPosition::CO1> c;
            pipe.InitBuffer(a2, 512);
            pipe.InitBuffer(b2, 512);
            pipe.InitBuffer(c, 1024);
            Mmad(c.Get<float>(), bad ? b2.Get<half>() : a2.Get<half>(), b2.Get<half>(), MmadParams(16, 16, 16, 0, false, true));
        });
        EXPECT_EQ(run.HasDiag("CUBE_BAD_POSITION"), bad) << run.Codes();
        EXPECT_EQ(run.result.diagnostics.size(), bad ? 1u : 0u) << run.Codes();
    }
}

TEST(Diagnostics, CUBE_PARAM_RANGE) {
    akg::test::GmScope scope;
    for (bool bad : {true, false}) {
        auto run = RunCube([&] {
            TPipe pipe;
            TBuf<TPosition::B1> b1;
            TBuf<TPosition::B2> b2;
            pipe.InitBuffer(b1, 512);
            pipe.InitBuffer(b2, 512);
            LoadData(b2.Get<float>(), b1.Get<float>(), LoadData2DParams(0, 1, 1, 0, 0, bad, 0));  // fp32 cannot transpose
        });
        EXPECT_EQ(run.HasDiag("CUBE_PARAM_RANGE"), bad) << run.Codes();
        EXPECT_EQ(run.result.diagnostics.size(), bad ? 1u : 0u) << run.Codes();
    }
}

TEST(Diagnostics, CUBE_UNSUPPORTED) {
    akg::test::GmScope scope;
    auto run = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::A2> a2;
        TBuf<TPosition::B2> b2;
        TBuf<TPosition::CO1> c;
        pipe.InitBuffer(a2, 512);
        pipe.InitBuffer(b2, 512);
        pipe.InitBuffer(c, 1024);
        Mmad(c.Get<float>(), a2.Get<half>(), b2.Get<half>(), MmadParams(16, 16, 16, 0, true, false));
    });
    EXPECT_TRUE(run.HasDiag("CUBE_UNSUPPORTED")) << run.Codes();
}

TEST(Diagnostics, FIXPIPE_QUANT_MODE) {
    akg::test::GmScope scope;
    GmBuffer<half> out(256, "out");
    for (int i = 0; i < 256; ++i) out[i] = half(7.0f);
    auto run = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::CO1> c;
        pipe.InitBuffer(c, 1024);
        GlobalTensor<half> g;
        g.SetGlobalBuffer((__gm__ half*)out.addr(), 256);
        Fixpipe(g, c.Get<float>(), FixpipeParamsV220(16, 16, 16, 16, false));  // float -> half needs F322F16
    });
    EXPECT_TRUE(run.HasDiag("FIXPIPE_QUANT_MODE")) << run.Codes();
    EXPECT_EQ(float(out[0]), 7.0f);  // not executed
}

TEST(Diagnostics, L0C_READ_UNWRITTEN) {
    akg::test::GmScope scope;
    GmBuffer<float> out(16 * 16, "out");
    for (bool bad : {true, false}) {
        auto run = RunCube([&] {
            TPipe pipe;
            TBuf<TPosition::A2> a2;
            TBuf<TPosition::B2> b2;
            TBuf<TPosition::CO1> c;
            pipe.InitBuffer(a2, 512);
            pipe.InitBuffer(b2, 512);
            pipe.InitBuffer(c, 2048);
            a2.Get<half>().SetValue(0, half(1.0f));
            MmadParams p(16, 16, 16, 0, false, !bad);  // the first step accumulates onto garbage when bad
            Mmad(c.Get<float>(), a2.Get<half>(), b2.Get<half>(), p);
            GlobalTensor<float> g;
            g.SetGlobalBuffer((__gm__ float*)out.addr(), out.n);
            Fixpipe(g, c.Get<float>(), FixpipeParamsV220(16, 16, 16, 16, false));
        });
        EXPECT_EQ(run.HasDiag("L0C_READ_UNWRITTEN"), bad) << run.Codes();
        EXPECT_EQ(run.result.diagnostics.size(), bad ? 1u : 0u) << run.Codes();
    }
}

TEST(Diagnostics, CORE_TYPE_MISMATCH) {
    akg::test::GmScope scope;
    GmBuffer<float> in(64, "in");
    auto onAic = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> ub;
        pipe.InitBuffer(ub, 256);
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)in.addr(), 64);
        DataCopy(ub.Get<float>(), g, 64);
    });
    EXPECT_TRUE(onAic.HasDiag("CORE_TYPE_MISMATCH")) << onAic.Codes();
    auto onAiv = RunKernel(1, [&] {
        KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
        TPipe pipe;
        TBuf<TPosition::A1> a1;
        TBuf<TPosition::A2> a2;
        pipe.InitBuffer(a1, 512);
        pipe.InitBuffer(a2, 512);
        LoadData(a2.Get<half>(), a1.Get<half>(), LoadData2DParams(0, 1, 1, 0, 0, false, 0));
    });
    EXPECT_TRUE(onAiv.HasDiag("CORE_TYPE_MISMATCH")) << onAiv.Codes();
    // The same load on a cube core is clean.
    auto clean = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::A1> a1;
        TBuf<TPosition::A2> a2;
        pipe.InitBuffer(a1, 512);
        pipe.InitBuffer(a2, 512);
        LoadData(a2.Get<half>(), a1.Get<half>(), LoadData2DParams(0, 1, 1, 0, 0, false, 0));
    });
    EXPECT_TRUE(clean.result.diagnostics.empty()) << clean.Codes();
}

// The basic-API matmul written the way the official introduction sample writes it: static
// tensors at fixed L1/L0 addresses, brace-initialised parameter structs, explicit SetFlag /
// WaitFlag between the pipes, two cores splitting M. C (256 x 256, half) = A (256 x 64) x B (64 x 256).
TEST(CubeMatmul, StaticTensorsBraceInitialisedParams) {
    akg::test::GmScope scope;
    constexpr uint32_t M = 256, K = 64, N = 256, baseM = 128, baseK = 64, baseN = 256, block = 16;
    GmBuffer<half> a(M * K, "a"), b(K * N, "b"), c(M * N, "c");
    FillRandom(a, 21);
    FillRandom(b, 22);
    auto run = RunKernel(
        2,
        [&] {
            GlobalTensor<half> aGm, bGm, cGm;
            const uint32_t row = uint32_t(GetBlockIdx()) * baseM;
            aGm.SetGlobalBuffer((__gm__ half*)a.addr() + row * K);
            bGm.SetGlobalBuffer((__gm__ half*)b.addr());
            cGm.SetGlobalBuffer((__gm__ half*)c.addr() + row * N);
            LocalTensor<half> a1(TPosition::A1, 0, baseM * baseK), b1(TPosition::B1, baseM * baseK * 2, baseK * baseN);
            LocalTensor<half> a2(TPosition::A2, 0, baseM * baseK), b2(TPosition::B2, 0, baseK * baseN);
            LocalTensor<float> c1(TPosition::CO1, 0, baseM * baseN);
            DataCopy(a1, aGm, Nd2NzParams{1, baseM, baseK, 0, K, baseM, 1, 0});
            DataCopy(b1, bGm, Nd2NzParams{1, baseK, baseN, 0, N, baseK, 1, 0});
            SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
            WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
            for (uint32_t i = 0; i < baseM / block; ++i)
                LoadData(a2[i * baseK * block], a1[i * 512 / sizeof(half)],
                         LoadData2DParams{0, baseK / block, baseM / block, 0, 0, false, 0});
            for (uint32_t i = 0; i < baseK / block; ++i)
                LoadData(b2[i * baseN * block], b1[i * 512 / sizeof(half)],
                         LoadData2DParams{0, baseN / block, baseK / block, 0, 0, true, 0});
            SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
            WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
            Mmad(c1, a2, b2, MmadParams{baseM, baseN, baseK, 0, false, true});
            SetFlag<HardEvent::M_FIX>(EVENT_ID0);
            WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
            Fixpipe(cGm, c1, FixpipeParamsV220{baseN, baseM, baseM, N, false, QuantMode_t::F322F16, 0, 1, 0, 0, 0});
        },
        0, true, AIC);
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t i = 0; i < M; ++i)
        for (uint32_t j = 0; j < N; ++j) {
            float want = 0;
            for (uint32_t kk = 0; kk < K; ++kk) want += float(a[i * K + kk]) * float(b[kk * N + j]);
            ASSERT_EQ(float(c[i * N + j]), float(half(want))) << i << "," << j;
        }
}
