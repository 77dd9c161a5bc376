// The format-number helpers of graph/types.h that op_host tiling calls unqualified on a
// StorageFormat (found through ge::Format by argument-dependent lookup), e.g. ops-cv's
// UpsampleNearest choosing its NCHW or NHWC path.
#include <gtest/gtest.h>

#include "graph/types.h"

namespace optiling {
// As tiling code spells it: no ge:: qualification, a ge::Format argument.
ge::Format PrimaryOf(ge::Format stored) { return static_cast<ge::Format>(GetPrimaryFormat(stored)); }
}  // namespace optiling

namespace {

TEST(GeFormat, PrimaryAndSubFormat) {
    const int32_t fz16 = ge::GetFormatFromSub(ge::FORMAT_FRACTAL_Z, 16);
    EXPECT_EQ(ge::GetPrimaryFormat(fz16), ge::FORMAT_FRACTAL_Z);
    EXPECT_EQ(ge::GetSubFormat(fz16), 16);
    EXPECT_TRUE(ge::HasSubFormat(fz16));
    EXPECT_FALSE(ge::HasSubFormat(ge::FORMAT_NCHW));
    EXPECT_EQ(optiling::PrimaryOf(ge::FORMAT_NHWC), ge::FORMAT_NHWC);
    EXPECT_EQ(optiling::PrimaryOf(static_cast<ge::Format>(fz16)), ge::FORMAT_FRACTAL_Z);
}

}  // namespace
