#include <gtest/gtest.h>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"

using namespace AscendC;
using akg::test::GmBuffer;

TEST(Smoke, AddHalfMultiCore) {
    akg::test::GmScope scope;
    constexpr int kCores = 4, kPerCore = 2048, kTile = 512;
    GmBuffer<half> x(kCores * kPerCore, "x"), y(kCores * kPerCore, "y"), z(kCores * kPerCore, "z");
    for (int i = 0; i < kCores * kPerCore; ++i) {
        x[i] = half(i % 97 * 0.25f);
        y[i] = half(i % 13 * 0.5f);
    }
    auto run = akg::test::RunKernel(kCores, [&] {
        TPipe pipe;
        TQue<QuePosition::VECIN, 2> qx, qy;
        TQue<QuePosition::VECOUT, 2> qz;
        pipe.InitBuffer(qx, 2, kTile * sizeof(half));
        pipe.InitBuffer(qy, 2, kTile * sizeof(half));
        pipe.InitBuffer(qz, 2, kTile * sizeof(half));
        GlobalTensor<half> gx, gy, gz;
        int64_t off = GetBlockIdx() * kPerCore;
        gx.SetGlobalBuffer((__gm__ half*)x.addr() + off, kPerCore);
        gy.SetGlobalBuffer((__gm__ half*)y.addr() + off, kPerCore);
        gz.SetGlobalBuffer((__gm__ half*)z.addr() + off, kPerCore);
        for (int t = 0; t < kPerCore / kTile; ++t) {
            auto lx = qx.AllocTensor<half>();
            auto ly = qy.AllocTensor<half>();
            DataCopy(lx, gx[t * kTile], kTile);
            DataCopy(ly, gy[t * kTile], kTile);
            qx.EnQue(lx);
            qy.EnQue(ly);
            lx = qx.DeQue<half>();
            ly = qy.DeQue<half>();
            auto lz = qz.AllocTensor<half>();
            Add(lz, lx, ly, kTile);
            qz.EnQue(lz);
            qx.FreeTensor(lx);
            qy.FreeTensor(ly);
            lz = qz.DeQue<half>();
            DataCopy(gz[t * kTile], lz, kTile);
            qz.FreeTensor(lz);
        }
    });
    EXPECT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < kCores * kPerCore; ++i) ASSERT_EQ(float(z[i]), float(half(float(x[i]) + float(y[i])))) << i;
}
