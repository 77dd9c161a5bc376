// DataCopy from L0C (CO1) with DataCopyCO12DstParams, the register form of Fixpipe: NZ2ND with
// the matrix count and strides of SetFixpipeNz2ndFlag, the scalar scale of
// SetFixpipePreQuantFlag, the per-column scales of SetFixPipeConfig (in the fixpipe buffer),
// NZ output to L1, against reference loops; and the misuses the checker reports.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::RunKernel;

namespace {

akg::test::KernelRun RunCube(std::function<void()> body) { return RunKernel(1, std::move(body), 0, true, AIC); }

// An int32_t or float L0C tile of m1 x n1 fractals holding value(i, j) at its Nz place
// (SetValue, so the checker sees L0C written).
template <typename T>
void FillL0c(const LocalTensor<T>& c, uint32_t m1, uint32_t n1, T (*value)(uint32_t, uint32_t)) {
    for (uint32_t i = 0; i < m1 * 16; ++i)
        for (uint32_t j = 0; j < n1 * 16; ++j) c.SetValue((j / 16) * m1 * 256 + (i / 16) * 256 + (i % 16) * 16 + j % 16, value(i, j));
}
float FloatAt(uint32_t i, uint32_t j) { return float(i) * 10.0f - float(j) * 0.5f + 0.25f; }
int32_t IntAt(uint32_t i, uint32_t j) { return int32_t(i * 48 + j) - 700; }

// The device's scale: bits 31..13 of the parameter read as a float.
float Scale(uint64_t v) {
    uint32_t bits = uint32_t(v) & ~0x1FFFu;
    float s;
    std::memcpy(&s, &bits, 4);
    return s;
}
uint64_t ScaleBits(float s) {
    uint32_t bits;
    std::memcpy(&bits, &s, 4);
    return bits;
}

}  // namespace

// NZ2ND (nz2ndEn) of two 20 x 40 float matrices 2 fractals (2048 bytes) apart in L0C into rows
// 40 elements apart, matrices 900 elements apart, cast to half, with ReLU.
TEST(CubeCopyFromL0C, Nz2NdWithRegistersCastAndRelu) {
    akg::test::GmScope scope;
    GmBuffer<half> nd(2 * 900, "nd");
    for (size_t i = 0; i < nd.n; ++i) nd[i] = half(9.0f);
    auto run = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::CO1> buf;
        pipe.InitBuffer(buf, 4 * 3 * 1024);
        auto c = buf.Get<float>();
        FillL0c(c, 4, 3, FloatAt);  // 64 x 48
        GlobalTensor<half> g;
        g.SetGlobalBuffer((__gm__ half*)nd.addr(), nd.n);
        SetFixpipeNz2ndFlag(2, 2, 900);
        DataCopyCO12DstParams p(40, 20, 40, 64, QuantMode_t::F322F16, 1, false, true);
        DataCopy(g, c, p);
    });
    ASSERT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t m = 0; m < 2; ++m)
        for (uint32_t i = 0; i < 20; ++i)
            for (uint32_t j = 0; j < 40; ++j) {
                const float v = FloatAt(m * 32 + i, j);
                EXPECT_EQ(float(nd[m * 900 + i * 40 + j]), float(half(v < 0 ? 0.0f : v))) << m << "," << i << "," << j;
            }
    EXPECT_EQ(float(nd[40]), float(half(FloatAt(1, 0))));
    EXPECT_EQ(float(nd[899]), 9.0f);  // between the matrices: untouched
}

// Scalar (DEQF16, SetFixpipePreQuantFlag) and per-column (VDEQF16, SetFixPipeConfig with the
// scales copied L1 -> fixpipe buffer) dequantisation of int32_t to half, NZ output to GM.
TEST(CubeCopyFromL0C, ScalarAndPerColumnDequantNzOutput) {
    akg::test::GmScope scope;
    GmBuffer<half> scalarOut(2 * 32 * 16, "scalarOut"), columnOut(2 * 32 * 16, "columnOut");
    GmBuffer<uint64_t> scales(32, "scales");
    for (uint32_t j = 0; j < 32; ++j) scales[j] = ScaleBits(0.25f + float(j) / 16);
    const uint64_t scalar = ScaleBits(0.125f);
    auto run = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::CO1> buf;
        TBuf<TPosition::C1> l1;
        TBuf<TPosition::C2PIPE2GM> fb;
        pipe.InitBuffer(buf, 2 * 2 * 1024);
        pipe.InitBuffer(l1, 32 * 8);
        pipe.InitBuffer(fb, 32 * 8);
        auto c = buf.Get<int32_t>();
        FillL0c(c, 2, 2, IntAt);  // 32 x 32
        GlobalTensor<half> gs, gc;
        gs.SetGlobalBuffer((__gm__ half*)scalarOut.addr(), scalarOut.n);
        gc.SetGlobalBuffer((__gm__ half*)columnOut.addr(), columnOut.n);
        SetFixpipePreQuantFlag(scalar);
        // NZ output: 16-column blocks 32 rows (32 x 32 bytes) apart.
        DataCopy(gs, c, DataCopyCO12DstParams(32, 32, 32, 32, QuantMode_t::DEQF16, 0, false, false));
        GlobalTensor<uint64_t> gsc;
        gsc.SetGlobalBuffer((__gm__ uint64_t*)scales.addr(), 32);
        auto ls = l1.Get<uint64_t>();
        DataCopy(ls, gsc, 32);
        auto fs = fb.Get<uint64_t>();
        DataCopy(fs, ls, DataCopyParams(1, 2, 0, 0));  // 2 x 128 bytes
        SetFixPipeConfig(fs);
        DataCopy(gc, c, DataCopyCO12DstParams(32, 32, 32, 32, QuantMode_t::VDEQF16, 0, false, false));
    });
    ASSERT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t i = 0; i < 32; ++i)
        for (uint32_t j = 0; j < 32; ++j) {
            const size_t at = (j / 16) * 32 * 16 + i * 16 + j % 16;
            const double v = IntAt(i, j);
            EXPECT_EQ(float(scalarOut[at]), float(half(float(v * Scale(scalar))))) << i << "," << j;
            EXPECT_EQ(float(columnOut[at]), float(half(float(v * Scale(scales[j]))))) << i << "," << j;
        }
}

TEST(CubeCopyFromL0CDiagnostics, MissingScaleTensorAndUnalignedNzSize) {
    akg::test::GmScope scope;
    GmBuffer<half> out(32 * 32, "out");
    GmBuffer<int32_t> out32(32 * 32, "out32");
    // VDEQF16 without SetFixPipeConfig: no scale tensor, the call is not executed.
    auto missing = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::CO1> buf;
        pipe.InitBuffer(buf, 1024);
        auto c = buf.Get<int32_t>();
        FillL0c(c, 1, 1, IntAt);
        GlobalTensor<half> g;
        g.SetGlobalBuffer((__gm__ half*)out.addr(), out.n);
        DataCopy(g, c, DataCopyCO12DstParams(16, 16, 16, 16, QuantMode_t::VDEQF16, 0, false, false));
    });
    EXPECT_TRUE(missing.HasDiag("FIXPIPE_QUANT_MODE")) << missing.Codes();
    // NZ output of 8 columns: nSize must be a multiple of 16 without nz2ndEn.
    auto unaligned = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::CO1> buf;
        pipe.InitBuffer(buf, 1024);
        auto c = buf.Get<int32_t>();
        FillL0c(c, 1, 1, IntAt);
        GlobalTensor<int32_t> g;
        g.SetGlobalBuffer((__gm__ int32_t*)out32.addr(), out32.n);
        DataCopy(g, c, DataCopyCO12DstParams(8, 16, 32, 16, QuantMode_t::NoQuant, 0, false, false));
    });
    EXPECT_TRUE(unaligned.HasDiag("CUBE_PARAM_RANGE")) << unaligned.Codes();
    // A scale tensor outside the fixpipe buffer.
    auto badPos = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::C1> l1;
        pipe.InitBuffer(l1, 256);
        SetFixPipeConfig(l1.Get<uint64_t>());
    });
    EXPECT_TRUE(badPos.HasDiag("CUBE_BAD_POSITION")) << badPos.Codes();
}
