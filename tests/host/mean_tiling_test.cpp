// GetMeanMaxMinTmpSize / GetMeanTmpBufferFactorSize (lib/reduce/mean_tiling.h) against numbers
// worked out by hand from CANN's rule; the kernel side checks calls against the same rule
// (tests/sim/adv_mean_test.cpp).
#include <gtest/gtest.h>

#include "tiling/tiling_api.h"

// Both CANN spellings of the header resolve.
#include "adv_api/reduce/mean_tiling.h"
#include "lib/reduce/mean_tiling.h"

namespace {

TEST(MeanTiling, FollowsTheRule) {
    uint32_t maxV = 1, minV = 1;
    // float, n = 100: 2 repeats of 64 -> one 32-byte slot.
    AscendC::GetMeanMaxMinTmpSize(100, 4, 4, false, maxV, minV);
    EXPECT_EQ(minV, 32u);
    EXPECT_EQ(maxV, 32u);
    // half, n = 5000: 40 repeats of 128 -> 64 bytes.
    AscendC::GetMeanMaxMinTmpSize(5000, 2, 2, false, maxV, minV);
    EXPECT_EQ(minV, 64u);
    // half in float, n = 301: 5 repeats of 64 -> 32 bytes, plus 304 floats of the padded row.
    AscendC::GetMeanMaxMinTmpSize(301, 2, 4, false, maxV, minV);
    EXPECT_EQ(minV, 32u + 304 * 4);
    EXPECT_EQ(maxV, minV);
    // float computed in half is not offered.
    AscendC::GetMeanMaxMinTmpSize(100, 4, 2, false, maxV, minV);
    EXPECT_EQ(minV, 0u);
    EXPECT_EQ(maxV, 0u);
    uint32_t live = 0, extra = 9;
    AscendC::GetMeanTmpBufferFactorSize(4, live, extra);
    EXPECT_EQ(live, 1u);
    EXPECT_EQ(extra, 0u);
}

}  // namespace
