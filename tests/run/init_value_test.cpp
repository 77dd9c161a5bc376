// Outputs with an OpDef InitValue (tests/fixtures/level1/Atomic/AccumulateInit): CANN fills such an
// output with the value before the launch (the memset it schedules for atomic-add outputs), so a
// kernel that only accumulates into it starts from that value, whatever the caller's memory held.
// The fixture's two cores each atomic-add x into y: y = InitValue + 2 x, with InitValue 1 for the
// float column and 3 for the half column. Without the fill the output keeps PrepareOutputs' 0xFF
// bytes (NaN), as ops-cv's GridSampler3DGrad dx did.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>

#include "build/project.h"
#include "run/op_runner.h"

namespace fs = std::filesystem;

namespace akg::run {
namespace {

const fs::path kSourceRoot = fs::path(__FILE__).parent_path().parent_path().parent_path();
const fs::path kAnswer =
    kSourceRoot / "tests" / "fixtures" / "level1" / "Atomic" / "AccumulateInit" / "answer" / "0";

class InitValue : public ::testing::Test {
protected:
    static fs::path Cache() { return fs::temp_directory_path() / ("akg-initvalue-cache-" + std::to_string(getpid())); }
    static void TearDownTestSuite() { fs::remove_all(Cache()); }
    void SetUp() override {
        options_.build.cacheDir = Cache().string();
        std::string error;
        ASSERT_TRUE(LoadPlatform((kSourceRoot / "platforms" / "Ascend910B1.json").string(), &options_.platform, &error))
            << error;
        build::OpProject project;
        ASSERT_TRUE(build::DiscoverProject(kAnswer.string(), &project, &error)) << error;
        build::BuildError buildError;
        ASSERT_TRUE(op_.Load(project, options_, &buildError)) << buildError.message << "\n" << buildError.log;
    }

    // Runs on x = 0, 1, ..., n - 1 of `dtype`; `callerFill` (if set) is what the caller's output
    // memory holds instead of PrepareOutputs' 0xFF bytes.
    RunReport Accumulate(ge::DataType dtype, OpCall* call, const double* callerFill = nullptr) {
        const int64_t n = 64;
        Tensor x = Tensor::Zeros({n}, dtype);
        for (int64_t i = 0; i < n; ++i) x.Set(i, double(i));
        call->inputs = {{x}};
        std::string error;
        EXPECT_TRUE(op_.PrepareOutputs(*call, &error)) << error;
        if (callerFill)
            for (int64_t i = 0; i < n; ++i) call->outputs[0][0].Set(i, *callerFill);
        return op_.Run(*call);
    }

    RunOptions options_;
    Operator op_;
};

TEST_F(InitValue, OpDefRecordsOneValuePerColumn) {
    const host::ParamInfo& y = op_.Info().outputs[0];
    ASSERT_EQ(y.initValues.size(), 2u);
    EXPECT_EQ(y.initValues[0], 1.0);
    EXPECT_EQ(y.initValues[1], 3.0);
    EXPECT_TRUE(op_.Info().inputs[0].initValues.empty());
}

TEST_F(InitValue, FloatOutputStartsFromItsColumnsValue) {
    OpCall call;
    RunReport r = Accumulate(ge::DT_FLOAT, &call);
    ASSERT_TRUE(r.ok) << r.error;
    const Tensor& y = call.outputs[0][0];
    for (int64_t i = 0; i < 64; ++i) EXPECT_EQ(y.At(i), 1.0 + 2.0 * double(i)) << i;
}

TEST_F(InitValue, HalfOutputStartsFromItsColumnsValue) {
    OpCall call;
    RunReport r = Accumulate(ge::DT_FLOAT16, &call);
    ASSERT_TRUE(r.ok) << r.error;
    const Tensor& y = call.outputs[0][0];
    for (int64_t i = 0; i < 64; ++i) EXPECT_EQ(y.At(i), 3.0 + 2.0 * double(i)) << i;
}

// The framework's fill replaces what the caller's memory held (the aclnn output's contents).
TEST_F(InitValue, FillReplacesTheCallersContents) {
    OpCall call;
    const double garbage = 100.0;
    RunReport r = Accumulate(ge::DT_FLOAT, &call, &garbage);
    ASSERT_TRUE(r.ok) << r.error;
    const Tensor& y = call.outputs[0][0];
    EXPECT_FALSE(std::isnan(y.At(0)));
    EXPECT_EQ(y.At(0), 1.0);
    EXPECT_EQ(y.At(63), 127.0);
}

}  // namespace
}  // namespace akg::run
