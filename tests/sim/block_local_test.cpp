// __BLOCK_LOCAL__ variables (akg/lang/block_local.h, src/sim/block_local.cpp): each core has its
// own copy, starting from the variable's initial value, however the scheduler interleaves cores.
#include <gtest/gtest.h>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::RunKernel;

namespace {

__BLOCK_LOCAL__ int32_t g_coreCounter = 100;
__BLOCK_LOCAL__ __inline__ void* g_corePointer;

}  // namespace

// Every core writes its own index into the variables, waits at SyncAll for every other core to
// have done the same, then reads them back: with one shared copy every core would read the last
// writer's values.
TEST(BlockLocal, EachCoreKeepsItsOwnCopyAcrossSyncAll) {
    akg::test::GmScope scope;
    constexpr uint32_t cores = 4;
    GmBuffer<int32_t> out(cores * 8 * 2, "out");
    auto run = RunKernel(cores, [&] {
        const int32_t idx = GetBlockIdx();
        const int32_t initial = g_coreCounter;
        g_coreCounter += idx;
        g_corePointer = &out[idx];
        SyncAll();
        out[idx * 16] = initial;
        out[idx * 16 + 1] = g_coreCounter;
        out[idx * 16 + 2] = g_corePointer == &out[idx] ? 1 : 0;
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    for (uint32_t c = 0; c < cores; ++c) {
        EXPECT_EQ(out[c * 16], 100) << "core " << c << " started from another core's value";
        EXPECT_EQ(out[c * 16 + 1], 100 + int32_t(c)) << "core " << c;
        EXPECT_EQ(out[c * 16 + 2], 1) << "core " << c << " sees another core's pointer";
    }
    // The next launch starts every core from the initial value again.
    auto again = RunKernel(2, [&] { out[GetBlockIdx() * 16] = g_coreCounter++; });
    ASSERT_TRUE(again.result.completed) << again.Codes();
    EXPECT_EQ(out[0], 100);
    EXPECT_EQ(out[16], 100);
}
