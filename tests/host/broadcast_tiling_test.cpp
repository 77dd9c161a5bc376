// GetBroadCastMaxMinTmpSize (lib/pad/broadcast_tiling.h) against numbers worked out by hand from
// CANN's rule for Atlas A2/A3; the kernel side checks calls against the same rule
// (tests/sim/adv_broadcast_test.cpp).
#include <gtest/gtest.h>

#include "akg/host/host_registry.h"
#include "tiling/tiling_api.h"

// Both CANN spellings of the header resolve.
#include "adv_api/pad/broadcast_tiling.h"
#include "lib/pad/broadcast_tiling.h"

namespace {

using AscendC::GetBroadCastMaxMinTmpSize;

// The host helper, by hand from the rule: float [16, 1] -> [16, 8] (rows of whole blocks) needs
// the 8x8-element Brcb block at least and 16 rows of one block at most; [10, 1] -> [10, 5]
// adds a padded copy (8 rows of 8 at least, 10 rows at most); a row along axis 0 needs one
// block; int8_t adds the half cast buffers; equal shapes need nothing.
TEST(BroadcastTiling, FollowsTheRule) {
    akg::host::SetPlatform(akg::PlatformSpec{});
    platform_ascendc::PlatformAscendC* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
    ASSERT_NE(platform, nullptr);
    uint32_t maxV = 0, minV = 0;
    GetBroadCastMaxMinTmpSize(*platform, ge::Shape({16, 1}), ge::Shape({16, 8}), 4, false, maxV, minV);
    EXPECT_EQ(minV, 8u * 8 * 4);
    EXPECT_EQ(maxV, 16u * 8 * 4);
    GetBroadCastMaxMinTmpSize(*platform, ge::Shape({10, 1}), ge::Shape({10, 5}), 4, false, maxV, minV);
    EXPECT_EQ(minV, 8u * 8 * 4 + 8 * 8 * 4);
    EXPECT_EQ(maxV, 16u * 8 * 4 + 10 * 8 * 4);
    GetBroadCastMaxMinTmpSize(*platform, ge::Shape({1, 64}), ge::Shape({7, 64}), 2, false, maxV, minV);
    EXPECT_EQ(minV, 32u);
    EXPECT_EQ(maxV, 32u);
    // int8_t [1, 32] -> [2, 32]: (32 + 64) halves of cast buffer plus one block.
    GetBroadCastMaxMinTmpSize(*platform, ge::Shape({1, 32}), ge::Shape({2, 32}), 1, false, maxV, minV);
    EXPECT_EQ(minV, (32u + 64) * 2 + 32);
    GetBroadCastMaxMinTmpSize(*platform, ge::Shape({3, 4}), ge::Shape({3, 4}), 4, false, maxV, minV);
    EXPECT_EQ(minV, 0u);
    EXPECT_EQ(maxV, 0u);
    // Shapes that do not broadcast report nothing.
    GetBroadCastMaxMinTmpSize(*platform, ge::Shape({2, 3}), ge::Shape({4, 6}), 4, false, maxV, minV);
    EXPECT_EQ(minV, 0u);
    EXPECT_EQ(maxV, 0u);
}

// Atlas inference AI Core keeps the whole [16, 8] float result plus one block at most, and one
// block plus 8 elements per started group of 8 columns at least.
TEST(BroadcastTiling, InferenceCoreRule) {
    akg::PlatformSpec p310;
    p310.socVersion = "Ascend310P3";
    p310.shortSocVersion = "Ascend310P";
    akg::host::SetPlatform(p310);
    platform_ascendc::PlatformAscendC* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
    ASSERT_NE(platform, nullptr);
    uint32_t maxV = 0, minV = 0;
    GetBroadCastMaxMinTmpSize(*platform, ge::Shape({16, 1}), ge::Shape({16, 8}), 4, false, maxV, minV);
    EXPECT_EQ(minV, 32u + 8 * 1 * 4);
    EXPECT_EQ(maxV, 32u + 16 * 8 * 4);
    akg::host::SetPlatform(akg::PlatformSpec{});
}

}  // namespace
