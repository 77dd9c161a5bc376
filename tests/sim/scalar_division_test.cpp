// Integer division by zero in kernel code continues as on the AI core's scalar unit (no trap),
// with RISC-V's results; outside a launch it still traps.
#include <gtest/gtest.h>

#include <climits>
#include <csignal>
#include <cstdint>

#include "sim/kernel_harness.h"

namespace {

volatile uint32_t g_zero32 = 0;
volatile uint64_t g_zero64 = 0;
volatile int32_t g_minusOne = -1;
volatile uint16_t g_zero16 = 0;
volatile uint8_t g_zero8 = 0;

TEST(ScalarDivision, ByZeroInAKernelGivesAllOnesAndTheDividend) {
    uint32_t q32 = 0, r32 = 0;
    uint64_t q64 = 0, r64 = 0;
    int32_t sq = 0, sr = 0, oq = 0, orem = 1;
    uint16_t q16 = 0;
    uint8_t q8 = 0, r8 = 0;
    auto run = akg::test::RunKernel(1, [&] {
        volatile uint32_t x32 = 1234567;
        volatile uint64_t x64 = 0x123456789abcull;
        volatile int32_t sx = -77, smin = INT32_MIN;
        volatile uint16_t x16 = 999;
        volatile uint8_t x8 = 200;
        q32 = x32 / g_zero32;
        r32 = x32 % g_zero32;
        q64 = x64 / g_zero64;
        r64 = x64 % g_zero64;
        sq = sx / int32_t(g_zero32);
        sr = sx % int32_t(g_zero32);
        oq = smin / g_minusOne;
        orem = smin % g_minusOne;
        q16 = uint16_t(x16 / g_zero16);
        q8 = uint8_t(x8 / g_zero8);
        r8 = uint8_t(x8 % g_zero8);
    });
    EXPECT_TRUE(run.result.completed) << run.Codes();
    EXPECT_EQ(q32, UINT32_MAX);
    EXPECT_EQ(r32, 1234567u);
    EXPECT_EQ(q64, UINT64_MAX);
    EXPECT_EQ(r64, 0x123456789abcull);
    EXPECT_EQ(sq, -1);
    EXPECT_EQ(sr, -77);
    EXPECT_EQ(oq, INT32_MIN);
    EXPECT_EQ(orem, 0);
    // uint16_t and uint8_t operands are promoted to int: 32-bit divisions.
    EXPECT_EQ(q16, uint16_t(-1));
    EXPECT_EQ(q8, uint8_t(-1));
    EXPECT_EQ(r8, 200);
}

TEST(ScalarDivisionDeathTest, OutsideAKernelStillTraps) {
    akg::test::RunKernel(1, [] {});  // a launch before must leave no handler behind
    EXPECT_EXIT({ volatile uint32_t x = 5; x = x / g_zero32; }, testing::KilledBySignal(SIGFPE), "");
}

}  // namespace
