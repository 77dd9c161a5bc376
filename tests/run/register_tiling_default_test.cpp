// A kernel that names its plain tiling struct with REGISTER_TILING_DEFAULT reads it with
// GET_TILING_DATA (CANN's REGISTER_TILING_DEFAULT page; ops-cv's Col2im), also when the host
// registers no BEGIN_TILING_DATA_DEF struct; without either, GET_TILING_DATA is a compile error
// that says what is missing.
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

void WriteProject(const fs::path& root, const std::string& registration) {
    fs::create_directories(root / "op_host");
    fs::create_directories(root / "op_kernel");
    std::ofstream(root / "op_kernel" / "offset_tiling_data.h") << R"(#pragma once
#include <cstdint>
struct OffsetTilingData {
    uint32_t total = 0;
    float offset = 0;
};
)";
    std::ofstream(root / "op_host" / "offset.cpp") << R"(#include "register/op_def_registry.h"
#include "../op_kernel/offset_tiling_data.h"
namespace optiling {
static ge::graphStatus Tiling(gert::TilingContext* context) {
    OffsetTilingData* t = context->GetTilingData<OffsetTilingData>();
    t->total = uint32_t(context->GetInputShape(0)->GetStorageShape().GetShapeSize());
    t->offset = 2.5f;
    context->SetBlockDim(1);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(Offset).Tiling(Tiling);
}  // namespace optiling
namespace ops {
class Offset : public OpDef {
public:
    explicit Offset(const char* name) : OpDef(name) {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(Offset);
}  // namespace ops
)";
    std::ofstream(root / "op_kernel" / "offset.cpp") << R"(#include "kernel_operator.h"
#include "offset_tiling_data.h"
extern "C" __global__ __aicore__ void offset(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
    )" << registration << R"(
    GET_TILING_DATA(t, tiling);
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, t.total);
    yGm.SetGlobalBuffer((__gm__ float*)y, t.total);
    for (uint32_t i = 0; i < t.total; ++i) yGm.SetValue(i, xGm.GetValue(i) + t.offset);
}
)";
}

class RegisterTilingDefault : public ::testing::Test {
protected:
    static fs::path Cache() { return fs::temp_directory_path() / ("akg-rtd-cache-" + std::to_string(getpid())); }
    static void TearDownTestSuite() { fs::remove_all(Cache()); }
    void SetUp() override {
        root_ = fs::temp_directory_path() / ("akg-rtd-" + std::to_string(getpid()));
        fs::remove_all(root_);
        options_.build.cacheDir = Cache().string();
        std::string error;
        ASSERT_TRUE(LoadPlatform((kSourceRoot / "platforms" / "Ascend910B1.json").string(), &options_.platform, &error))
            << error;
    }
    void TearDown() override { fs::remove_all(root_); }
    RunReport Run(OpCall* call, Operator* op) {
        build::OpProject project;
        std::string error;
        EXPECT_TRUE(build::DiscoverProject(root_.string(), &project, &error)) << error;
        build::BuildError buildError;
        EXPECT_TRUE(op->Load(project, options_, &buildError)) << buildError.message;
        Tensor x = Tensor::Zeros({24}, ge::DT_FLOAT);
        for (int64_t i = 0; i < 24; ++i) x.Set(i, double(i));
        call->inputs = {{x}};
        EXPECT_TRUE(op->PrepareOutputs(*call, &error)) << error;
        return op->Run(*call);
    }

    fs::path root_;
    RunOptions options_;
};

TEST_F(RegisterTilingDefault, GetTilingDataReadsTheRegisteredStruct) {
    WriteProject(root_, "REGISTER_TILING_DEFAULT(OffsetTilingData);");
    OpCall call;
    Operator op;
    RunReport r = Run(&call, &op);
    ASSERT_TRUE(r.ok) << r.error << "\n" << r.buildError.log;
    for (int64_t i = 0; i < 24; ++i) EXPECT_EQ(call.outputs[0][0].At(i), double(i) + 2.5) << i;
}

TEST_F(RegisterTilingDefault, WithoutAnyStructTheCompilerSaysWhatIsMissing) {
    WriteProject(root_, "");
    OpCall call;
    Operator op;
    RunReport r = Run(&call, &op);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.buildError.log.find("GET_TILING_DATA needs a tiling struct"), std::string::npos) << r.buildError.log;
}

}  // namespace
}  // namespace akg::run
