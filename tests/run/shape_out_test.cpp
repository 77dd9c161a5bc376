// Outputs marked OutputShapeDependOnCompute (tests/fixtures/level2/Mask/CompactByMask): the runner
// passes the kernel the shape-out argument after the outputs, reads back the shape the kernel
// wrote there and keeps only that much of the output; a kernel that writes no shape, or one larger
// than the output's memory, gets SHAPE_OUT_INVALID and keeps the output as allocated.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "build/project.h"
#include "run/op_runner.h"

namespace fs = std::filesystem;

namespace akg::run {
namespace {

const fs::path kSourceRoot = fs::path(__FILE__).parent_path().parent_path().parent_path();
const fs::path kAnswer = kSourceRoot / "tests" / "fixtures" / "level2" / "Mask" / "CompactByMask" / "answer" / "0";

// One build cache for the suite: the host half is built once, each edited kernel once.
class ShapeOut : public ::testing::Test {
protected:
    static fs::path Cache() { return fs::temp_directory_path() / ("akg-shapeout-cache-" + std::to_string(getpid())); }
    static void TearDownTestSuite() { fs::remove_all(Cache()); }
    void SetUp() override {
        root_ = fs::temp_directory_path() / ("akg-shapeout-" + std::to_string(getpid()));
        fs::remove_all(root_);
        fs::create_directories(root_ / "project");
        fs::copy(kAnswer, root_ / "project", fs::copy_options::recursive);
        options_.build.cacheDir = Cache().string();
        std::string error;
        ASSERT_TRUE(LoadPlatform((kSourceRoot / "platforms" / "Ascend910B1.json").string(), &options_.platform, &error))
            << error;
    }
    void TearDown() override { fs::remove_all(root_); }

    // Replaces the two lines that write the shape with `shapeCode`.
    void EditKernel(const std::string& shapeCode) const {
        const fs::path kernel = root_ / "project" / "op_kernel" / "compact_by_mask.cpp";
        std::stringstream ss;
        ss << std::ifstream(kernel).rdbuf();
        const std::string edited =
            std::regex_replace(ss.str(), std::regex("shapeGm.SetValue\\(0, 1\\);\\s*shapeGm.SetValue\\(1, kept\\);"),
                               shapeCode);
        ASSERT_NE(edited, ss.str());
        std::ofstream(kernel) << edited;
    }

    // x = 0, 1, ..., n - 1 with every third element selected.
    RunReport RunCompact(int64_t n, OpCall* call) {
        build::OpProject project;
        std::string error;
        EXPECT_TRUE(build::DiscoverProject((root_ / "project").string(), &project, &error)) << error;
        build::BuildError buildError;
        if (!op_.Load(project, options_, &buildError)) {
            ADD_FAILURE() << buildError.message << "\n" << buildError.log;
            return {};
        }
        Tensor x = Tensor::Zeros({n}, ge::DT_FLOAT), mask = Tensor::Zeros({n}, ge::DT_BOOL);
        for (int64_t i = 0; i < n; ++i) {
            x.Set(i, double(i));
            mask.Set(i, i % 3 == 0 ? 1 : 0);
        }
        call->inputs = {{x}, {mask}};
        EXPECT_TRUE(op_.PrepareOutputs(*call, &error)) << error;
        return op_.Run(*call);
    }

    fs::path root_;
    RunOptions options_;
    Operator op_;
};

TEST_F(ShapeOut, OutputKeepsTheShapeTheKernelReports) {
    OpCall call;
    RunReport r = RunCompact(100, &call);
    ASSERT_TRUE(r.ok) << r.error;
    ASSERT_TRUE(op_.Info().outputs[0].shapeDependOnCompute);
    const Tensor& y = call.outputs[0][0];
    ASSERT_EQ(y.shape, (std::vector<int64_t>{34}));
    ASSERT_EQ(y.bytes.size(), 34u * 4);
    for (int64_t i = 0; i < 34; ++i) EXPECT_EQ(y.At(i), double(3 * i)) << i;
}

// Bit 31 of the count: the dimensions are 64-bit values (here 2 x 17 of the 34 kept).
TEST_F(ShapeOut, WideDimensionsAndSeveralDimensions) {
    EditKernel("shapeGm.SetValue(0, 0x80000000ull | 2); shapeGm.SetValue(1, 2); shapeGm.SetValue(2, kept / 2);");
    OpCall call;
    RunReport r = RunCompact(100, &call);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(call.outputs[0][0].shape, (std::vector<int64_t>{2, 17}));
    EXPECT_EQ(call.outputs[0][0].At(33), 99.0);
}

TEST_F(ShapeOut, UnwrittenShapeIsADiagnostic) {
    EditKernel("(void)kept;");
    OpCall call;
    RunReport r = RunCompact(100, &call);
    EXPECT_FALSE(r.ok);
    ASSERT_EQ(r.launch.diagnostics.size(), 1u) << r.error;
    EXPECT_EQ(r.launch.diagnostics[0].code, "SHAPE_OUT_INVALID");
    EXPECT_NE(r.launch.diagnostics[0].message.find("never written"), std::string::npos);
    EXPECT_EQ(call.outputs[0][0].shape, (std::vector<int64_t>{100}));  // as allocated
}

TEST_F(ShapeOut, ShapeLargerThanTheOutputIsADiagnostic) {
    EditKernel("shapeGm.SetValue(0, 1); shapeGm.SetValue(1, kept + 1000);");
    OpCall call;
    RunReport r = RunCompact(100, &call);
    EXPECT_FALSE(r.ok);
    ASSERT_EQ(r.launch.diagnostics.size(), 1u) << r.error;
    EXPECT_EQ(r.launch.diagnostics[0].code, "SHAPE_OUT_INVALID");
    EXPECT_NE(r.launch.diagnostics[0].message.find("more elements than the 100"), std::string::npos)
        << r.launch.diagnostics[0].message;
}

// Without the extra parameter the kernel does not fit the OpDef, and the message says why.
TEST_F(ShapeOut, KernelWithoutTheShapeOutParameterIsRejected) {
    const fs::path kernel = root_ / "project" / "op_kernel" / "compact_by_mask.cpp";
    std::stringstream ss;
    ss << std::ifstream(kernel).rdbuf();
    std::string text = std::regex_replace(ss.str(), std::regex("GM_ADDR y, GM_ADDR shape_out,"), "GM_ADDR y,");
    text = std::regex_replace(text, std::regex("shapeGm.SetGlobalBuffer\\(\\(__gm__ uint64_t\\*\\)shape_out"),
                              "shapeGm.SetGlobalBuffer((__gm__ uint64_t*)workspace");
    std::ofstream(kernel) << text;
    OpCall call;
    RunReport r = RunCompact(10, &call);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.error.find("takes 5 parameters"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("shape-out"), std::string::npos) << r.error;
}

}  // namespace
}  // namespace akg::run
