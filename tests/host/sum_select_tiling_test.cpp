// Host helpers of Sum and of Select with a byte mask through tiling/tiling_api.h, with the sizes
// CANN reports on Atlas A2/A3: Sum keeps one T per repeat rounded up to a block; Select the mask
// as half (at most 4096 elements for the minimum) plus 512 bytes, at least 1024, and a copy of a
// longer mask when it may not be compacted in place.
#include <gtest/gtest.h>

#include "tiling/tiling_api.h"

// Every CANN spelling of the headers resolves.
#include "adv_api/reduce/sum_tiling.h"
#include "adv_api/select/selectwithbytesmask_tiling.h"

namespace {

ge::Shape Shape(std::vector<int64_t> d) { return ge::Shape(d); }

TEST(SumTiling, OneBlockPerEightOrSixteenRepeats) {
    uint32_t max = 1, min = 1;
    AscendC::GetSumMaxMinTmpSize(3, 2, false, max, min);
    EXPECT_EQ(min, 32u);
    EXPECT_EQ(max, 32u);
    AscendC::GetSumMaxMinTmpSize(64 * 9, 4, false, max, min);  // 9 repeats of 64 floats: two blocks
    EXPECT_EQ(min, 64u);
    AscendC::GetSumMaxMinTmpSize(128 * 17, 2, false, max, min);  // 17 repeats of 128 halves
    EXPECT_EQ(min, 64u);
    AscendC::GetSumMaxMinTmpSize(0, 4, false, max, min);
    EXPECT_EQ(min, 0u);
}

TEST(SelectTiling, MaskAsHalfPlusReserve) {
    const ge::Shape scalar = Shape({1});
    // [64, 128] data, mask rows of the same length: 8192 elements, capped at 4096 for the minimum.
    uint32_t max = 0, min = 0;
    AscendC::GetSelectMaxMinTmpSize(Shape({64, 128}), scalar, 2, Shape({64, 128}), 1, false, max, min);
    EXPECT_EQ(min, 4096u * 2 + 512);
    EXPECT_EQ(max, 8192u * 2 + 512);
    // Small inputs take the 1024-byte floor; the scalar may come first.
    EXPECT_EQ(AscendC::GetSelectMinTmpSize(scalar, Shape({1, 64}), 2, Shape({1, 64}), 1, true), 1024u);
    // A longer mask that must not be modified adds a copy of the data-sized mask.
    EXPECT_EQ(AscendC::GetSelectWithBytesMaskMinTmpSize(Shape({2, 16}), scalar, 2, Shape({2, 32}), 1, false),
              1024u + 32);
    EXPECT_EQ(AscendC::GetSelectWithBytesMaskMaxTmpSize(Shape({2, 16}), scalar, 2, Shape({2, 32}), 1, true), 1024u);
}

}  // namespace
