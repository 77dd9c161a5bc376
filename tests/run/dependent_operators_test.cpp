// Operators a CANN 8.x repository builds together (ops-cv cmake/func.cmake): an operator whose
// tiling and tiling struct are registered by another operator's op_host (ops-cv's
// upsample_nearest_exact3d, whose tiling lives in upsample_nearest3d) declares that operator in
// its CMake files, and only with it does it run.
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

void Write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
}

// repo/image/scale_exact: OpDef and kernel only; repo/objdetect/scale_base: the tiling of both
// operators, its struct, and its own OpDef (never compiled with scale_exact).
void WriteRepository(const fs::path& repo, const std::string& declaration) {
    const fs::path exact = repo / "image" / "scale_exact", base = repo / "objdetect" / "scale_base";
    Write(exact / "CMakeLists.txt", "# add_dependent_ops(commented_out)\n" + declaration);
    Write(exact / "op_host" / "scale_exact_def.cpp", R"(#include "register/op_def_registry.h"
namespace ops {
class ScaleExact : public OpDef {
public:
    explicit ScaleExact(const char* name) : OpDef(name) {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(ScaleExact);
}  // namespace ops
)");
    Write(exact / "op_kernel" / "scale_exact.cpp", R"(#include "kernel_operator.h"
extern "C" __global__ __aicore__ void scale_exact(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
    GET_TILING_DATA(t, tiling);
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, t.total);
    yGm.SetGlobalBuffer((__gm__ float*)y, t.total);
    for (uint32_t i = 0; i < t.total; ++i) yGm.SetValue(i, xGm.GetValue(i) * t.factor);
}
)");
    Write(base / "op_host" / "scale_base_tiling.h", R"(#pragma once
#include "register/tilingdata_base.h"
namespace optiling {
BEGIN_TILING_DATA_DEF(ScaleBaseTilingData)
TILING_DATA_FIELD_DEF(uint32_t, total);
TILING_DATA_FIELD_DEF(float, factor);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(ScaleBase, ScaleBaseTilingData)
REGISTER_TILING_DATA_CLASS(ScaleExact, ScaleBaseTilingData)
}  // namespace optiling
)");
    Write(base / "op_host" / "scale_base_tiling.cpp", R"(#include "register/op_def_registry.h"
#include "scale_base_tiling.h"
namespace optiling {
static ge::graphStatus Tiling(gert::TilingContext* context) {
    ScaleBaseTilingData t;
    t.set_total(uint32_t(context->GetInputShape(0)->GetStorageShape().GetShapeSize()));
    t.set_factor(context->GetNodeType() == std::string("ScaleExact") ? 3.0f : 2.0f);
    t.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(t.GetDataSize());
    context->SetBlockDim(1);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(ScaleBase).Tiling(Tiling);
IMPL_OP_OPTILING(ScaleExact).Tiling(Tiling);
}  // namespace optiling
)");
    Write(base / "op_host" / "scale_base_def.cpp", "#error the dependent operator's OpDef is not built with scale_exact\n");
}

class DependentOperators : public ::testing::Test {
protected:
    static fs::path Cache() { return fs::temp_directory_path() / ("akg-deps-cache-" + std::to_string(getpid())); }
    static void TearDownTestSuite() { fs::remove_all(Cache()); }
    void SetUp() override {
        repo_ = fs::temp_directory_path() / ("akg-deps-" + std::to_string(getpid()));
        fs::remove_all(repo_);
        options_.build.cacheDir = Cache().string();
        std::string error;
        ASSERT_TRUE(LoadPlatform((kSourceRoot / "platforms" / "Ascend910B1.json").string(), &options_.platform, &error))
            << error;
    }
    void TearDown() override { fs::remove_all(repo_); }

    // Builds image/scale_exact and runs it on 40 floats; the report and, when it ran, y.
    RunReport BuildAndRun(std::vector<double>* y, std::string* loadError) {
        build::OpProject project;
        std::string error;
        EXPECT_TRUE(build::DiscoverProject((repo_ / "image" / "scale_exact").string(), &project, &error)) << error;
        build::BuildError buildError;
        Operator op;
        RunReport r;
        if (!op.Load(project, options_, &buildError)) {
            *loadError = buildError.message + "\n" + buildError.log;
            r.ok = false;
            return r;
        }
        OpCall call;
        Tensor x = Tensor::Zeros({40}, ge::DT_FLOAT);
        for (int64_t i = 0; i < 40; ++i) x.Set(i, double(i) - 7);
        call.inputs = {{x}};
        EXPECT_TRUE(op.PrepareOutputs(call, &error)) << error;
        r = op.Run(call);
        if (r.ok)
            for (int64_t i = 0; i < 40; ++i) y->push_back(call.outputs[0][0].At(i));
        return r;
    }

    fs::path repo_;
    RunOptions options_;
};

TEST_F(DependentOperators, EachDeclarationFormNamesTheOperator) {
    const fs::path op = repo_ / "image" / "scale_exact";
    fs::create_directories(repo_ / "image" / "linear_base" / "op_host");
    fs::create_directories(repo_ / "objdetect" / "scale_base" / "op_host");
    fs::create_directories(repo_ / "image" / "not_an_operator");  // no op_host/: not found
    Write(op / "CMakeLists.txt",
          "if(ASCEND_OP_NAME)\n  set(NEW_OP_NAMES ${ASCEND_OP_NAME} linear_base)\nendif()\n"
          "add_dependent_ops(not_an_operator)\n");
    Write(op / "op_host" / "CMakeLists.txt",
          "add_modules_sources(OPTYPE scale_exact ACLNNTYPE aclnn_exclude DEPENDENCIES scale_base linear_base)\n");
    const std::vector<std::string> deps = build::DependentOperatorsOf(op.string());
    ASSERT_EQ(deps.size(), 2u);
    // The operator's CMakeLists.txt is read before op_host's, each name once.
    EXPECT_EQ(fs::path(deps[0]).filename(), "linear_base");
    EXPECT_EQ(fs::path(deps[1]).filename(), "scale_base");
    EXPECT_EQ(fs::path(deps[1]).parent_path().filename(), "objdetect");
}

TEST_F(DependentOperators, DeclaredOperatorRegistersTheTiling) {
    WriteRepository(repo_, "if(NOT ASCEND_OP_NAME OR \"scale_exact\" IN_LIST ASCEND_OP_NAME)\n"
                           "    add_dependent_ops(scale_base)\nendif()\n");
    std::vector<double> y;
    std::string loadError;
    RunReport r = BuildAndRun(&y, &loadError);
    ASSERT_TRUE(r.ok) << loadError << r.error;
    ASSERT_EQ(y.size(), 40u);
    for (int64_t i = 0; i < 40; ++i) EXPECT_EQ(y[i], (double(i) - 7) * 3) << i;
}

TEST_F(DependentOperators, UndeclaredOperatorIsNotBuilt) {
    WriteRepository(repo_, "");
    std::vector<double> y;
    std::string loadError;
    RunReport r = BuildAndRun(&y, &loadError);
    EXPECT_FALSE(r.ok);
    EXPECT_TRUE(y.empty());
    // Without scale_base's registrations ScaleExact has no tiling function (and its kernel no
    // tiling struct for GET_TILING_DATA): the run stops at whichever the runner reaches first.
    const std::string why = loadError + r.error;
    EXPECT_TRUE(why.find("no tiling function registered for ScaleExact") != std::string::npos ||
                why.find("kernel code (op_kernel) does not compile") != std::string::npos)
        << why;
}

}  // namespace
}  // namespace akg::run
