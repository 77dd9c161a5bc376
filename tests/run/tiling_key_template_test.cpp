// A CANN 8.x-style operator end to end: the kernel is a template whose arguments the tiling key
// carries (ASCENDC_TPL_ARGS_DECL / ASCENDC_TPL_SEL in op_kernel/, GET_TPL_TILING_KEY on the host,
// which includes it as ../op_kernel/), the tiling a plain struct (GetTilingData<T>,
// GET_TILING_DATA_WITH_STRUCT). Each selected key runs its own instance; a declared but unselected
// key stops with TILING_KEY_UNSELECTED.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "build/project.h"
#include "run/op_runner.h"

namespace fs = std::filesystem;

namespace akg::run {
namespace {

const fs::path kSourceRoot = fs::path(__FILE__).parent_path().parent_path().parent_path();

void WriteProject(const fs::path& root) {
    fs::create_directories(root / "op_host");
    fs::create_directories(root / "op_kernel");
    std::ofstream(root / "op_kernel" / "scale_mode_tiling_data.h") << R"(#pragma once
#include <cstdint>
struct ScaleModeTilingData {
    uint32_t total = 0;
};
)";
    // MODE in {1, 4, 9} (2 bits, stored as its index), NEG a bool; (9, true) is not selected.
    std::ofstream(root / "op_kernel" / "scale_mode_tiling_key.h") << R"(#pragma once
#include "ascendc/host_api/tiling/template_argument.h"
ASCENDC_TPL_ARGS_DECL(ScaleMode, ASCENDC_TPL_UINT_DECL(MODE, ASCENDC_TPL_2_BW, ASCENDC_TPL_UI_LIST, 1, 4, 9),
                      ASCENDC_TPL_BOOL_DECL(NEG, 0, 1));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(MODE, ASCENDC_TPL_UI_LIST, 1, 4), ASCENDC_TPL_BOOL_SEL(NEG, 0, 1)),
                ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(MODE, ASCENDC_TPL_UI_LIST, 9), ASCENDC_TPL_BOOL_SEL(NEG, 0)));
)";
    std::ofstream(root / "op_host" / "scale_mode.cpp") << R"(#include "log/log.h"
#include "register/op_def_registry.h"
#include "../op_kernel/scale_mode_tiling_data.h"
#include "../op_kernel/scale_mode_tiling_key.h"
namespace optiling {
struct ScaleModeCompileInfo {};
static ge::graphStatus Tiling(gert::TilingContext* context) {
    ScaleModeTilingData* t = context->GetTilingData<ScaleModeTilingData>();
    OP_CHECK_NULL_WITH_CONTEXT(context, t);
    t->total = uint32_t(context->GetInputShape(0)->GetStorageShape().GetShapeSize());
    const int64_t mode = *context->GetAttrs()->GetAttrPointer<int64_t>(0);
    const bool neg = *context->GetAttrs()->GetAttrPointer<bool>(1);
    context->SetTilingKey(GET_TPL_TILING_KEY(static_cast<uint64_t>(mode), neg));
    context->SetBlockDim(1);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
static ge::graphStatus TilingParse(gert::TilingParseContext*) { return ge::GRAPH_SUCCESS; }
IMPL_OP_OPTILING(ScaleMode).Tiling(Tiling).TilingParse<ScaleModeCompileInfo>(TilingParse);
}  // namespace optiling
namespace ops {
class ScaleMode : public OpDef {
public:
    explicit ScaleMode(const char* name) : OpDef(name) {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("mode").AttrType(OPTIONAL).Int(1);
        this->Attr("neg").AttrType(OPTIONAL).Bool(false);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(ScaleMode);
}  // namespace ops
)";
    std::ofstream(root / "op_kernel" / "scale_mode.cpp") << R"(#include "kernel_operator.h"
#include "scale_mode_tiling_data.h"
#include "scale_mode_tiling_key.h"
template <uint32_t MODE, bool NEG>
__global__ __aicore__ void scale_mode(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(ScaleModeTilingData);
    GET_TILING_DATA_WITH_STRUCT(ScaleModeTilingData, t, tiling);
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, t.total);
    yGm.SetGlobalBuffer((__gm__ float*)y, t.total);
    for (uint32_t i = 0; i < t.total; ++i) yGm.SetValue(i, xGm.GetValue(i) * float(MODE) * (NEG ? -1.0f : 1.0f));
}
)";
}

class TilingKeyTemplate : public ::testing::Test {
protected:
    static fs::path Cache() { return fs::temp_directory_path() / ("akg-tpl-cache-" + std::to_string(getpid())); }
    static void TearDownTestSuite() { fs::remove_all(Cache()); }
    void SetUp() override {
        root_ = fs::temp_directory_path() / ("akg-tpl-" + std::to_string(getpid()));
        fs::remove_all(root_);
        WriteProject(root_);
        options_.build.cacheDir = Cache().string();
        std::string error;
        ASSERT_TRUE(LoadPlatform((kSourceRoot / "platforms" / "Ascend910B1.json").string(), &options_.platform, &error))
            << error;
        build::OpProject project;
        ASSERT_TRUE(build::DiscoverProject(root_.string(), &project, &error)) << error;
        build::BuildError buildError;
        ASSERT_TRUE(op_.Load(project, options_, &buildError)) << buildError.message << "\n" << buildError.log;
    }
    void TearDown() override { fs::remove_all(root_); }

    RunReport Run(int64_t mode, bool neg, OpCall* call) {
        Tensor x = Tensor::Zeros({64}, ge::DT_FLOAT);
        for (int64_t i = 0; i < 64; ++i) x.Set(i, double(i) - 10);
        call->inputs = {{x}};
        host::AttrValue m, n;
        m.kind = host::AttrKind::Int;
        m.i = mode;
        n.kind = host::AttrKind::Bool;
        n.b = neg;
        call->attrs = {m, n};
        std::string error;
        EXPECT_TRUE(op_.PrepareOutputs(*call, &error)) << error;
        return op_.Run(*call);
    }

    fs::path root_;
    RunOptions options_;
    Operator op_;
};

TEST_F(TilingKeyTemplate, EachSelectedKeyRunsItsInstance) {
    // key = index(MODE) | NEG << 2
    const struct {
        int64_t mode;
        bool neg;
        uint64_t key;
        double factor;
    } cases[] = {{1, false, 0, 1}, {4, true, 1 | 4, -4}, {9, false, 2, 9}};
    for (const auto& c : cases) {
        OpCall call;
        RunReport r = Run(c.mode, c.neg, &call);
        ASSERT_TRUE(r.ok) << r.error;
        EXPECT_EQ(r.tiling.tilingKey, c.key);
        EXPECT_EQ(r.tiling.tilingData.size(), 4u);  // sizeof(ScaleModeTilingData)
        for (int64_t i = 0; i < 64; ++i) ASSERT_EQ(call.outputs[0][0].At(i), (double(i) - 10) * c.factor) << c.mode;
    }
}

TEST_F(TilingKeyTemplate, DeclaredButUnselectedKeyStops) {
    OpCall call;
    RunReport r = Run(9, true, &call);
    EXPECT_FALSE(r.ok);
    ASSERT_EQ(r.launch.diagnostics.size(), 1u) << r.error;
    EXPECT_EQ(r.launch.diagnostics[0].code, "TILING_KEY_UNSELECTED");
    EXPECT_NE(r.launch.diagnostics[0].message.find("tiling key 6"), std::string::npos) << r.launch.diagnostics[0].message;
}

}  // namespace
}  // namespace akg::run
