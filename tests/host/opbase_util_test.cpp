// opbase's log and shape helpers as operators of the hicann/ops-* repositories call them
// (op_common/log/log.h, op_common/op_host/util/shape_util.h): what reaches the run log, the names
// ToString gives, GE's unknown-rank / unknown-dimension encoding, and the broadcast shape
// inference (op_common/op_host/infershape_broadcast_util.h) against NumPy's rule.
#include "op_common/log/log.h"
#include "op_common/op_host/infershape_broadcast_util.h"
#include "op_common/op_host/util/shape_util.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "host/run_log.h"

namespace {

TEST(OpbaseLog, MessageOnlyCallLogsTheNode) {
    std::string log;
    {
        akg::host::RunLogCapture capture(&log);
        OP_LOGD("Tiling4IouV2: attrs have nullptr.");
        OP_LOGE("node", "value %d", 7);
    }
    EXPECT_EQ(log, "[D] Tiling4IouV2: attrs have nullptr.: \n[E] node: value 7\n");
}

TEST(OpbaseLog, InvalidParameterMacrosNameParameterValueAndExpectation) {
    std::string log;
    {
        akg::host::RunLogCapture capture(&log);
        OP_LOGE_FOR_INVALID_SHAPEDIM("UpsampleBicubic2d", "x", std::to_string(3) + "D", "4D");
        const std::string reason = "must be positive";
        OP_LOGE_FOR_INVALID_VALUES_WITH_REASON("Op", "scales_h and scales_w", "-1, 0", reason);
    }
    EXPECT_EQ(log,
              "[E] UpsampleBicubic2d: invalid shape dim of x in UpsampleBicubic2d: 3D (expected: 4D)\n"
              "[E] Op: invalid values of scales_h and scales_w in Op: -1, 0 (reason: must be positive)\n");
}

TEST(OpbaseLog, DebugLevelOfTheOperatorModuleIsEnabled) {
    EXPECT_EQ(CheckLogLevel(static_cast<int32_t>(OP), DLOG_DEBUG), 1);
    EXPECT_EQ(CheckLogLevel(OP_MODULE_ID, DLOG_ERROR), 1);
    EXPECT_EQ(CheckLogLevel(OP_MODULE_ID, 4), 0);
}

TEST(OpbaseToString, TypesFormatsAndShapes) {
    EXPECT_EQ(Ops::Base::ToString(ge::DT_FLOAT16), "DT_FLOAT16");
    EXPECT_EQ(Ops::Base::ToString(ge::FORMAT_NCHW), "NCHW");
    const gert::Shape a{2, 3, 4};
    const gert::Shape scalar;
    EXPECT_EQ(Ops::Base::ToString(a), "[2, 3, 4]");
    EXPECT_EQ(Ops::Base::ToString(scalar), "[]");
    EXPECT_EQ(Ops::Base::ToString(std::vector<const gert::Shape*>{&a, &scalar}), "[[2, 3, 4], []]");
}

TEST(OpbaseShapeUtil, UnknownRankIsTheShapeMinusTwo) {
    gert::Shape s{5, 6};
    EXPECT_FALSE(Ops::Base::IsUnknownRank(s));
    Ops::Base::SetUnknownRank(s);
    EXPECT_EQ(s.GetDimNum(), 1u);
    EXPECT_EQ(s.GetDim(0), -2);
    EXPECT_TRUE(Ops::Base::IsUnknownRank(s));
    EXPECT_FALSE(Ops::Base::IsUnknownShape(s));
}

TEST(OpbaseShapeUtil, UnknownShapeHasMinusOneDimensions) {
    gert::Shape s{7};
    EXPECT_FALSE(Ops::Base::IsUnknownShape(s));
    Ops::Base::SetUnknownShape(3, s);
    EXPECT_EQ(Ops::Base::ToString(s), "[-1, -1, -1]");
    EXPECT_TRUE(Ops::Base::IsUnknownShape(s));
    std::string log;
    {
        akg::host::RunLogCapture capture(&log);
        Ops::Base::SetUnknownShape(-1, s);
    }
    EXPECT_EQ(s.GetDimNum(), 3u);  // unchanged
    EXPECT_NE(log.find("[E] SetUnknownShape"), std::string::npos) << log;
}

TEST(OpbaseShapeUtil, AxisBoundsCountNegativeAxesFromTheEnd) {
    EXPECT_TRUE(Ops::Base::CheckAxisBounds(4, -4));
    EXPECT_TRUE(Ops::Base::CheckAxisBounds(4u, 3));
    EXPECT_FALSE(Ops::Base::CheckAxisBounds(4, 4));
    EXPECT_FALSE(Ops::Base::CheckAxisBounds(4, -5));
    EXPECT_TRUE(Ops::Base::CheckAxisBounds(0, 0));
    EXPECT_FALSE(Ops::Base::CheckAxisBounds(0, -1));
}


// Each pair against the shape NumPy's broadcasting gives (or its refusal), computed by hand.
TEST(OpbaseBroadcast, ShapesBroadcastAsNumPyDoes) {
    struct Case {
        gert::Shape a, b;
        bool ok;
        std::string out;
    };
    const std::vector<Case> cases = {
        {gert::Shape{2, 8, 8, 128}, gert::Shape{2, 8, 1, 128}, true, "[2, 8, 8, 128]"},
        {gert::Shape{3, 1}, gert::Shape{4}, true, "[3, 4]"},
        {gert::Shape{5}, gert::Shape{1, 6, 1}, true, "[1, 6, 5]"},
        {gert::Shape{-1, 4}, gert::Shape{3, 1}, true, "[3, 4]"},
        {gert::Shape{-1, 4}, gert::Shape{1, 4}, true, "[-1, 4]"},
        {gert::Shape{2, 3}, gert::Shape{4, 3}, false, ""},
    };
    for (const Case& c : cases) {
        gert::Shape out{9};
        EXPECT_EQ(Ops::Base::BroadcastShape(&c.a, &c.b, &out), c.ok) << Ops::Base::ToString(c.a);
        if (c.ok) EXPECT_EQ(Ops::Base::ToString(out), c.out);
    }
    gert::Shape unknownRank{1}, out;
    Ops::Base::SetUnknownRank(unknownRank);
    const gert::Shape three{3, 1, 5}, other{7, 1};
    EXPECT_TRUE(Ops::Base::BroadcastShape({&three, &unknownRank, &other}, &out));
    EXPECT_TRUE(Ops::Base::IsUnknownRank(out));
    EXPECT_TRUE(Ops::Base::BroadcastShape({&three, &other}, &out));
    EXPECT_EQ(Ops::Base::ToString(out), "[3, 7, 5]");
    EXPECT_FALSE(Ops::Base::BroadcastShape({&three, nullptr}, &out));
}

}  // namespace
