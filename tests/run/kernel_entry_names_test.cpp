// Kernel code CANN's device compiler accepts and g++ alone would not: entries named after C library
// or AscendC functions (sqrt, exp, abs, div, max: the device compile has no libc and resolves the
// entry by its symbol), with or without `using namespace AscendC`, and calls `f<T>(args)` of a
// function template only argument-dependent lookup finds (the compiler is clang-based and takes
// them in C++17), and code g++ crashes on (a function template's local static trait as a template
// argument). Each one here is built and run and its output checked.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "build/project.h"
#include "run/op_runner.h"

namespace fs = std::filesystem;

namespace akg::run {
namespace {

const fs::path kSourceRoot = fs::path(__FILE__).parent_path().parent_path().parent_path();

struct EntryCase {
    std::string op;       // operator type
    std::string entry;    // kernel entry name (the op type in snake case)
    bool binary;          // two inputs
    std::string compute;  // the vector call, on xLocal (and zLocal) into yLocal
    double (*expect)(double, double);
    std::string prologue = "";  // namespace-scope code before the entry
    std::string config = "ascend910b";  // the OpDef's AddConfig
};

// One element-wise operator project: y = f(x[, z]) on float32, one core, one tile.
void WriteProject(const fs::path& root, const EntryCase& c, bool usingDirective) {
    fs::create_directories(root / "op_host");
    fs::create_directories(root / "op_kernel");
    std::ofstream(root / "op_host" / "op.cpp") << R"(#include "register/op_def_registry.h"
#include "register/tilingdata_base.h"
namespace optiling {
BEGIN_TILING_DATA_DEF(NamedTilingData)
TILING_DATA_FIELD_DEF(uint32_t, total);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS()" << c.op << R"(, NamedTilingData)
static ge::graphStatus Tiling(gert::TilingContext* context) {
    NamedTilingData t;
    t.set_total(uint32_t(context->GetInputShape(0)->GetStorageShape().GetShapeSize()));
    context->SetBlockDim(1);
    t.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(t.GetDataSize());
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling
namespace ops {
class )" << c.op << R"( : public OpDef {
public:
    explicit )" << c.op << R"((const char* name) : OpDef(name) {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
)" << (c.binary ? "        this->Input(\"z\").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});\n" : "")
                                          << R"(        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->AICore().SetTiling(optiling::Tiling);
        this->AICore().AddConfig(")" << c.config << R"(");
    }
};
OP_ADD()" << c.op << R"();
}  // namespace ops
)";
    std::ofstream(root / "op_kernel" / "op.cpp")
        << "#include \"kernel_operator.h\"\n"
        << (usingDirective ? "using namespace AscendC;\n" : "") << c.prologue << "extern \"C\" __global__ __aicore__ void " << c.entry
        << "(GM_ADDR x, " << (c.binary ? "GM_ADDR z, " : "") << R"(GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
    GET_TILING_DATA(t, tiling);
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 3 * 1024 * sizeof(float));
    AscendC::LocalTensor<float> xLocal = buf.Get<float>();
    AscendC::LocalTensor<float> zLocal = xLocal[1024];
    AscendC::LocalTensor<float> yLocal = xLocal[2048];
    AscendC::GlobalTensor<float> xGm, zGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, t.total);
    yGm.SetGlobalBuffer((__gm__ float*)y, t.total);
    AscendC::DataCopy(xLocal, xGm, t.total);
)" << (c.binary ? "    zGm.SetGlobalBuffer((__gm__ float*)z, t.total);\n    AscendC::DataCopy(zLocal, zGm, t.total);\n" : "")
        << R"(    AscendC::PipeBarrier<PIPE_ALL>();
    )" << c.compute << R"(;
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, yLocal, t.total);
}
)";
}

// Loads the operator project at `root` for `soc` (a platform file's name), its kernels cached
// under `cache`.
void LoadOn(const fs::path& root, const fs::path& cache, Operator* op, const std::string& soc = "Ascend910B1") {
    RunOptions options;
    options.build.cacheDir = cache.string();
    std::string error;
    ASSERT_TRUE(LoadPlatform((kSourceRoot / "platforms" / (soc + ".json")).string(), &options.platform, &error))
        << error;
    build::OpProject project;
    ASSERT_TRUE(build::DiscoverProject(root.string(), &project, &error)) << error;
    build::BuildError buildError;
    ASSERT_TRUE(op->Load(project, options, &buildError)) << buildError.message << "\n" << buildError.log;
}

// Builds the one-input project `c` for `soc` in a fresh directory and cache, runs it on 64
// elements x[i] = input(i) and checks y against c.expect.
void BuildRunAndCheck(const EntryCase& c, const std::string& soc, double (*input)(int64_t)) {
    const std::string tag = c.entry + "-" + std::to_string(getpid());
    const fs::path root = fs::temp_directory_path() / ("akg-" + tag);
    const fs::path cache = fs::temp_directory_path() / ("akg-cache-" + tag);
    fs::remove_all(root);
    WriteProject(root, c, true);
    Operator op;
    LoadOn(root, cache, &op, soc);
    if (::testing::Test::HasFatalFailure()) return;
    std::string error;
    Tensor x = Tensor::Zeros({64}, ge::DT_FLOAT);
    for (int64_t i = 0; i < 64; ++i) x.Set(i, input(i));
    OpCall call;
    call.inputs = {{x}};
    ASSERT_TRUE(op.PrepareOutputs(call, &error)) << error;
    RunReport r = op.Run(call);
    ASSERT_TRUE(r.ok) << r.error << "\n" << r.buildError.log;
    for (int64_t i = 0; i < 64; ++i)
        EXPECT_FLOAT_EQ(float(call.outputs[0][0].At(i)), float(c.expect(x.At(i), 0))) << c.entry << " at " << i;
    fs::remove_all(root);
    fs::remove_all(cache);
}

class KernelEntryNames : public ::testing::TestWithParam<std::tuple<int, bool>> {
protected:
    static fs::path Cache() { return fs::temp_directory_path() / ("akg-entrynames-cache-" + std::to_string(getpid())); }
    static void TearDownTestSuite() { fs::remove_all(Cache()); }
};

const std::vector<EntryCase>& Cases() {
    static const std::vector<EntryCase> cases = {
        {"Sqrt", "sqrt", false, "AscendC::Sqrt(yLocal, xLocal, t.total)", [](double x, double) { return std::sqrt(x); }},
        {"Exp", "exp", false, "AscendC::Exp(yLocal, xLocal, t.total)", [](double x, double) { return std::exp(x); }},
        {"Abs", "abs", false, "AscendC::Abs(yLocal, xLocal, t.total)", [](double x, double) { return std::fabs(x); }},
        {"Div", "div", true, "AscendC::Div(yLocal, xLocal, zLocal, t.total)", [](double x, double z) { return x / z; }},
        {"Max", "max", true, "AscendC::Max(yLocal, xLocal, zLocal, t.total)",
         [](double x, double z) { return std::max(x, z); }},
    };
    return cases;
}

TEST_P(KernelEntryNames, BuildsAndComputes) {
    const EntryCase& c = Cases()[size_t(std::get<0>(GetParam()))];
    const bool usingDirective = std::get<1>(GetParam());
    const fs::path root = fs::temp_directory_path() / ("akg-entryname-" + std::to_string(getpid()) + "-" + c.entry +
                                                       (usingDirective ? "-using" : ""));
    fs::remove_all(root);
    WriteProject(root, c, usingDirective);

    Operator op;
    LoadOn(root, Cache(), &op);
    if (HasFatalFailure()) return;
    std::string error;

    const int64_t n = 256;
    Tensor x = Tensor::Zeros({n}, ge::DT_FLOAT), z = Tensor::Zeros({n}, ge::DT_FLOAT);
    for (int64_t i = 0; i < n; ++i) {
        x.Set(i, 0.25 * double(i) - (c.entry == "sqrt" ? 0.0 : 20.0));
        z.Set(i, 1.0 + 0.5 * double(i % 7));
    }
    OpCall call;
    call.inputs = {{x}};
    if (c.binary) call.inputs.push_back({z});
    ASSERT_TRUE(op.PrepareOutputs(call, &error)) << error;
    RunReport r = op.Run(call);
    ASSERT_TRUE(r.ok) << r.error;
    const Tensor& y = call.outputs[0][0];
    for (int64_t i = 0; i < n; ++i) {
        const double want = c.expect(x.At(i), z.At(i));
        EXPECT_NEAR(y.At(i), want, 1e-5 * std::max(1.0, std::fabs(want))) << c.entry << " at " << i;
    }
    fs::remove_all(root);
}

// `Scaled<3>(tag, ...)` names a template of namespace `helpers` that only ADL (through the tag)
// finds: g++ -std=c++17 parses `Scaled < 3`, so the builder rebuilds the kernel with clang++.
TEST(KernelTemplateCalls, FoundByArgumentDependentLookupBuildAsUnderCann) {
    const EntryCase c{"ScaleByAdl", "scale_by_adl", false, "Scaled<3>(helpers::Tag{}, yLocal, xLocal, t.total)",
                      [](double x, double) { return 3 * x; },
                      "namespace helpers {\nstruct Tag {};\ntemplate <int N>\n__aicore__ inline void Scaled(Tag, const "
                      "AscendC::LocalTensor<float>& y, const AscendC::LocalTensor<float>& x, uint32_t n) {\n"
                      "    AscendC::Muls(y, x, float(N), n);\n}\n}  // namespace helpers\n"};
    BuildRunAndCheck(c, "Ascend910B1", [](int64_t i) { return 0.5 * double(i) - 7.0; });
}

// ops-cv's Ascend 950 kernels declare their cast modes as `constexpr static CastTrait` locals of
// a function template and pass them to Reg::Cast as its reference template argument: g++ 12 stops
// with an internal compiler error on that (the builder then uses clang++), and clang++ 16 crashed
// too while Cast read the trait through the reference.
TEST(KernelTemplateCalls, LocalStaticTraitOfAFunctionTemplateBuildsAsUnderCann) {
    const EntryCase c{"FloorByCast", "floor_by_cast", false, "helpers::Floored(yLocal, xLocal, t.total)",
                      [](double x, double) { return std::floor(x); },
                      R"(namespace helpers {
template <typename T>
__aicore__ inline void Floored(const AscendC::LocalTensor<T>& y, const AscendC::LocalTensor<T>& x, uint32_t n) {
    constexpr static AscendC::Reg::CastTrait toInt = {AscendC::Reg::RegLayout::UNKNOWN, AscendC::Reg::SatMode::NO_SAT,
                                                      AscendC::Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::CAST_FLOOR};
    constexpr static AscendC::Reg::CastTrait toFloat = {AscendC::Reg::RegLayout::UNKNOWN, AscendC::Reg::SatMode::UNKNOWN,
                                                        AscendC::Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::CAST_RINT};
    __ubuf__ T* src = (__ubuf__ T*)x.GetPhyAddr();
    __ubuf__ T* dst = (__ubuf__ T*)y.GetPhyAddr();
    __VEC_SCOPE__ {
        uint32_t remaining = n;
        AscendC::Reg::MaskReg mask = AscendC::Reg::UpdateMask<float>(remaining);
        AscendC::Reg::RegTensor<float> f;
        AscendC::Reg::RegTensor<int32_t> i;
        AscendC::Reg::LoadAlign(f, src);
        AscendC::Reg::Cast<int32_t, float, toInt>(i, f, mask);
        AscendC::Reg::Cast<float, int32_t, toFloat>(f, i, mask);
        AscendC::Reg::StoreAlign(dst, f, mask);
    }
}
}  // namespace helpers
)",
                      "ascend950"};
    BuildRunAndCheck(c, "Ascend950PR", [](int64_t i) { return 0.75 * double(i) - 20.3; });
}

INSTANTIATE_TEST_SUITE_P(LibcAndAscendCNames, KernelEntryNames,
                         ::testing::Combine(::testing::Range(0, 5), ::testing::Bool()),
                         [](const ::testing::TestParamInfo<std::tuple<int, bool>>& info) {
                             return Cases()[size_t(std::get<0>(info.param))].entry +
                                    (std::get<1>(info.param) ? "_usingAscendC" : "_qualified");
                         });

}  // namespace
}  // namespace akg::run
