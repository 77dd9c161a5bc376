// The tiling-template framework: TilingBaseClass's step order, REGISTER_TILING_TEMPLATE and
// TilingRegistry's choice by priority, run through RunTiling like an answer's tiling function.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "akg/host/host_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/tiling_base.h"
#include "tiling/tiling_templates_registry.h"
#include "tiling/tiling_type.h"

namespace optiling {

// Steps of the last DoTiling of every template, in call order.
static std::string g_steps;

// Records its steps; applies to inputs whose first dimension reaches `minRows`; fails in
// DoOpTiling when the second dimension is `failCols`.
template <int64_t minRows, int64_t failCols, uint64_t key>
class StepRecorder : public TilingBaseClass {
public:
    explicit StepRecorder(gert::TilingContext* context) : TilingBaseClass(context) {}

protected:
    ge::graphStatus GetShapeAttrsInfo() override {
        g_steps += "shape,";
        const gert::Shape& x = context_->GetInputShape(0)->GetStorageShape();
        rows_ = x.GetDim(0);
        cols_ = x.GetDim(1);
        return ge::GRAPH_SUCCESS;
    }
    ge::graphStatus GetPlatformInfo() override {
        g_steps += "platform,";
        ascendcPlatform_.reset(new platform_ascendc::PlatformAscendC(context_->GetPlatformInfo()));
        aicoreParams_.blockDim = ascendcPlatform_->GetCoreNumAiv();
        return ge::GRAPH_SUCCESS;
    }
    bool IsCapable() override {
        g_steps += "capable,";
        return rows_ >= minRows;
    }
    ge::graphStatus DoOpTiling() override {
        g_steps += "op,";
        return cols_ == failCols ? ge::GRAPH_FAILED : ge::GRAPH_SUCCESS;
    }
    ge::graphStatus DoLibApiTiling() override {
        g_steps += "lib,";
        return ge::GRAPH_SUCCESS;
    }
    uint64_t GetTilingKey() const override { return key; }
    ge::graphStatus GetWorkspaceSize() override {
        g_steps += "workspace,";
        workspaceSize_ = 4096;
        return ge::GRAPH_SUCCESS;
    }
    ge::graphStatus PostTiling() override {
        g_steps += "post,";
        context_->SetBlockDim(static_cast<uint32_t>(aicoreParams_.blockDim));
        context_->GetWorkspaceSizes(1)[0] = workspaceSize_;
        return ge::GRAPH_SUCCESS;
    }

private:
    int64_t rows_ = 0;
    int64_t cols_ = 0;
};

using WideRows = StepRecorder<100, -1, 100>;     // priority 0: only 100 rows and more
using SevenColsFail = StepRecorder<1, 7, 200>;   // priority 2: fails on 7 columns
using Fallback = StepRecorder<0, -1, 300>;       // priority 5: always applies
using SamePriority = StepRecorder<0, -1, 999>;   // priority 5 again: refused

REGISTER_TILING_TEMPLATE("TemplateOp", Fallback, 5);
REGISTER_TILING_TEMPLATE("TemplateOp", WideRows, 0);
REGISTER_TILING_TEMPLATE("TemplateOp", SevenColsFail, 2);
REGISTER_TILING_TEMPLATE("TemplateOp", SamePriority, 5);

static ge::graphStatus TemplateOpTiling(gert::TilingContext* context) {
    return TilingRegistry::GetInstance().DoTilingImpl(context);
}
static ge::graphStatus ChosenPrioritiesTiling(gert::TilingContext* context) {
    return TilingRegistry::GetInstance().DoTilingImpl(context, {5, 0});
}
static ge::graphStatus NoTemplatesTiling(gert::TilingContext* context) {
    return TilingRegistry::GetInstance().DoTilingImpl(context);
}

IMPL_OP_OPTILING(TemplateOp).Tiling(TemplateOpTiling);
IMPL_OP_OPTILING(NoTemplates).Tiling(NoTemplatesTiling);
IMPL_OP_OPTILING(PriorityListOp).Tiling(ChosenPrioritiesTiling);
// The registration's variable is named after the class, so another op registers other classes.
using ListWideRows = StepRecorder<100, -1, 101>;
using ListFallback = StepRecorder<0, -1, 301>;
REGISTER_TILING_TEMPLATE("PriorityListOp", ListWideRows, 0);
REGISTER_TILING_TEMPLATE("PriorityListOp", ListFallback, 5);

}  // namespace optiling

namespace {

akg::host::TilingRequest Request(const std::string& op, int64_t rows, int64_t cols) {
    akg::host::TensorArg x;
    x.shape = {rows, cols};
    x.dtype = ge::DT_FLOAT;
    akg::host::TilingRequest request;
    request.opType = op;
    request.inputs = {{x}};
    request.outputs = {{x}};
    request.platform.aivCores = 24;
    return request;
}

TEST(TilingTemplates, StepsRunInCannOrderAndTheKeyIsSetLast) {
    optiling::g_steps.clear();
    const akg::host::TilingResult result = akg::host::RunTiling(Request("TemplateOp", 200, 16));
    ASSERT_TRUE(result.ok) << result.error;
    EXPECT_EQ(result.tilingKey, 100u);
    EXPECT_EQ(result.blockDim, 24u);
    ASSERT_EQ(result.workspaceSizes.size(), 1u);
    EXPECT_EQ(result.workspaceSizes[0], 4096u);
    EXPECT_EQ(optiling::g_steps, "shape,platform,capable,op,lib,workspace,post,");
}

TEST(TilingTemplates, AnIncapableTemplateGivesWayToTheNextPriority) {
    optiling::g_steps.clear();
    const akg::host::TilingResult result = akg::host::RunTiling(Request("TemplateOp", 8, 16));
    ASSERT_TRUE(result.ok) << result.error;
    // Priority 0 is not capable (8 rows), 2 applies; 5 (and the refused duplicate) never run.
    EXPECT_EQ(result.tilingKey, 200u);
    EXPECT_EQ(optiling::g_steps,
              "shape,platform,capable,"
              "shape,platform,capable,op,lib,workspace,post,");
}

TEST(TilingTemplates, AFailingTemplateStopsTheSearch) {
    const akg::host::TilingResult result = akg::host::RunTiling(Request("TemplateOp", 8, 7));
    EXPECT_FALSE(result.ok);
}

TEST(TilingTemplates, AnOpWithoutTemplatesFailsWithAReason) {
    const akg::host::TilingResult result = akg::host::RunTiling(Request("NoTemplates", 8, 8));
    EXPECT_FALSE(result.ok);
    EXPECT_NE(result.log.find("no tiling template"), std::string::npos) << result.log;
}

TEST(TilingTemplates, APriorityListIsTriedInItsOwnOrder) {
    const akg::host::TilingResult result = akg::host::RunTiling(Request("PriorityListOp", 200, 8));
    ASSERT_TRUE(result.ok) << result.error;
    EXPECT_EQ(result.tilingKey, 301u);  // 5 first, although 0 would also apply
}

TEST(TilingTemplates, DuplicatePriorityKeepsTheFirstRegistration) {
    EXPECT_EQ(optiling::TilingRegistry::GetInstance().GetTilingTemplates("TemplateOp").size(), 3u);
    // No rows: priorities 0 and 2 are not capable; 5 is Fallback, not the refused SamePriority.
    const akg::host::TilingResult result = akg::host::RunTiling(Request("TemplateOp", 0, 16));
    ASSERT_TRUE(result.ok) << result.error;
    EXPECT_EQ(result.tilingKey, 300u);
}

TEST(TilingTemplates, TilingKeyDigits) {
    using namespace optiling;
    static_assert(GET_TILINGKEY(AxisEnum::S1, AxisEnum::S2, AxisEnum::N2) == TILINGKEYOFFSET + 3 + 40 + 100);
    EXPECT_EQ(TILINGKEY(S2, S1, N2, FLOAT32, BNSD, CAUSAL), TILINGKEYOFFSET + 4 + 30 + 100 + 1000 + 20000 + 300000);
}

TEST(TilingTemplates, ClearRegistrationsEmptiesTheTable) {
    EXPECT_EXIT(
        {
            akg::host::ClearRegistrations();
            std::exit(optiling::TilingRegistry::GetInstance().GetTilingTemplates("TemplateOp").empty() ? 0 : 1);
        },
        ::testing::ExitedWithCode(0), "");
}

}  // namespace
