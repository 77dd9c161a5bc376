// The whole-tensor operators of LocalTensor (`dst = a + b`, -, *, /, &, |): each runs its binary
// instruction over dst.GetSize() elements, so a dst view shorter than its sources leaves the rest
// of the buffer alone.
#include <gtest/gtest.h>

#include "sim/vec_test_util.h"

using namespace AscendC;
using akg::test::RunKernel;
using namespace akg::vtest;

TEST(VecTensorOperator, ArithmeticOverDstSize) {
    std::vector<float> a(64), b(64);
    for (int i = 0; i < 64; ++i) {
        a[i] = float(i) + 1.0f;
        b[i] = 0.5f * float(i % 7) + 1.0f;
    }
    std::vector<float> sum, diff, prod, quot;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto ta = ub.New(a);
        auto tb = ub.New(b);
        auto d0 = ub.Filled<float>(64, 0);
        auto d1 = ub.Filled<float>(64, 0);
        auto d2 = ub.Filled<float>(64, 0);
        auto d3 = ub.Filled<float>(64, 0);
        d0 = ta + tb;
        LocalTensor<float> tail = d1[16];  // 48 elements: Sub covers d1[16..63] with a[0..47] - b[0..47]
        tail = ta - tb;
        d2 = ta * tb;
        d3 = ta / tb;
        sum = Read(d0, 64);
        diff = Read(d1, 64);
        prod = Read(d2, 64);
        quot = Read(d3, 64);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 64; ++i) {
        EXPECT_EQ(sum[i], a[i] + b[i]) << i;
        EXPECT_EQ(prod[i], a[i] * b[i]) << i;
        EXPECT_EQ(quot[i], a[i] / b[i]) << i;
    }
    for (int i = 0; i < 16; ++i) EXPECT_EQ(Bits(diff[i]), 0u) << i;  // left as filled
    for (int i = 16; i < 64; ++i) EXPECT_EQ(diff[i], a[i - 16] - b[i - 16]) << i;
}

TEST(VecTensorOperator, BitwiseOnInt16) {
    std::vector<int16_t> a(16), b(16);
    for (int i = 0; i < 16; ++i) {
        a[i] = int16_t(0x0f0f + i);
        b[i] = int16_t(0x00ff << (i % 8));
    }
    std::vector<int16_t> andv, orv;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto ta = ub.New(a);
        auto tb = ub.New(b);
        auto d0 = ub.Filled<int16_t>(16, 0);
        auto d1 = ub.Filled<int16_t>(16, 0);
        d0 = ta & tb;
        d1 = ta | tb;
        andv = Read(d0, 16);
        orv = Read(d1, 16);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 16; ++i) {
        EXPECT_EQ(andv[i], int16_t(a[i] & b[i])) << i;
        EXPECT_EQ(orv[i], int16_t(a[i] | b[i])) << i;
    }
}
