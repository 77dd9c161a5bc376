// The cost model on the cube path: a matmul whose operands stay in L0A/L0B is bound by the M pipe
// and runs at the platform's cube peak (16x16x16 fp16 MACs per cycle, int8 twice as many, fp32 a
// quarter; ascend-hardware-model.md section 2.3), and never below T_hw.
#include <gtest/gtest.h>

#include "sim/cost_kernels.h"
#include "sim/kernel_harness.h"

namespace {

using namespace AscendC;

constexpr size_t kM = 2;  // akg::cost pipe order: S, V, M, ...

// `iters` Mmads of m x n x k accumulating into one L0C tile; the operands are loaded once.
template <typename In, typename Acc>
akg::cost::KernelTime CubeLoop(uint32_t m, uint32_t n, uint32_t k, uint32_t iters) {
    bool ok = false;
    const akg::PlatformSpec platform;
    std::function<void()> body = [&] {
            constexpr uint32_t k0 = 32 / sizeof(In);
            const uint32_t aFracs = (m / 16) * (k / k0), bFracs = (k / k0) * (n / 16);
            TPipe pipe;
            TBuf<TPosition::A1> a1;
            TBuf<TPosition::A2> a2;
            TBuf<TPosition::B2> b2;
            TBuf<TPosition::CO1> c;
            pipe.InitBuffer(a1, (aFracs > bFracs ? aFracs : bFracs) * 512);
            pipe.InitBuffer(a2, aFracs * 512);
            pipe.InitBuffer(b2, bFracs * 512);
            pipe.InitBuffer(c, m * n * sizeof(Acc));
            auto l1 = a1.Get<In>();
            LoadData(a2.Get<In>(), l1, LoadData2DParams(0, aFracs, 1, 0, 0, false, 0));
            LoadData(b2.Get<In>(), l1, LoadData2DParams(0, bFracs, 1, 0, 0, false, 0));
            MmadParams p;
            p.m = m;
            p.n = n;
            p.k = k;
            for (uint32_t i = 0; i < iters; ++i) {
                p.cmatrixInitVal = i == 0;
                Mmad(c.Get<Acc>(), a2.Get<In>(), b2.Get<In>(), p);
            }
        };
    akg::cost::KernelTime t = akg::costk::Simulate(platform, 1, body, &ok, nullptr, AIC);
    EXPECT_TRUE(ok);
    return t;
}

}  // namespace

TEST(CubeCost, ResidentOperandMatmulRunsAtCubePeak) {
    akg::PlatformSpec platform;
    const uint32_t m = 128, n = 128, k = 128, iters = 200;
    akg::cost::KernelTime t = CubeLoop<half, float>(m, n, k, iters);
    ASSERT_TRUE(t.valid);
    const double macsPerCycle = 16.0 * 16 * 16;
    const double peakUs = double(m) * n * k * iters / macsPerCycle / platform.clockMHz;
    EXPECT_EQ(t.boundPipe, kM);
    EXPECT_GE(peakUs / t.slowestCoreUs, 0.95) << "core " << t.slowestCoreUs << " us, peak " << peakUs << " us";
    EXPECT_LE(peakUs / t.slowestCoreUs, 1.0);
    akg::cost::Workload w;
    w.cubeFlops = 2.0 * m * n * k * iters;
    EXPECT_GE(t.kernelUs, akg::cost::HardwareBoundUs(platform, w));
}

// Per MAC, int8 runs twice and fp32 a quarter as fast as fp16.
TEST(CubeCost, CubeRatePerDataType) {
    const uint32_t m = 64, n = 64, k = 128, iters = 100;
    const double f16 = CubeLoop<half, float>(m, n, k, iters).pipeBusyUs[kM];
    const double i8 = CubeLoop<int8_t, int32_t>(m, n, k, iters).pipeBusyUs[kM];
    const double f32 = CubeLoop<float, float>(m, n, k, iters).pipeBusyUs[kM];
    EXPECT_NEAR(i8 / f16, 0.5, 0.01);
    EXPECT_NEAR(f32 / f16, 4.0, 0.04);
}
