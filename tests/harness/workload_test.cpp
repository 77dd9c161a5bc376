// A task's declared minimum workload (validation/workload.json, harness/workload.h): expressions
// over the case row, a malformed declaration makes a malformed task, and the Level-3 matmul
// tasks' declarations give the traffic and FLOPs of their cases.
#include "harness/workload.h"

#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "harness/task_set.h"

namespace akg::harness {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kTasks = fs::path(__FILE__).parent_path().parent_path().parent_path() / "tasks";

cost::Workload Eval(const json& decl, const CaseRow& row) {
    cost::Workload w;
    std::string error;
    EXPECT_TRUE(EvaluateWorkload(decl, row, &w, &error)) << error;
    return w;
}

std::string EvalError(const json& decl, const CaseRow& row) {
    cost::Workload w;
    std::string error;
    EXPECT_FALSE(EvaluateWorkload(decl, row, &w, &error));
    return error;
}

TEST(DeclaredWorkload, ExpressionsOverTheCaseRow) {
    const CaseRow row = {{"m", "3"}, {"k", "5"}, {"n", "7"}, {"dtype", "bfloat16"}, {"batch", "[2, 3]"},
                         {"shared", "true"}, {"sizes", "[4, 0, 2]"}};
    cost::Workload w = Eval({{"read_bytes", "(m * k + k * n) * bytes(dtype)"},
                             {"write_bytes", "prod(batch) * m * n"},
                             {"cube_flops", "2 * m * k * n - (n - 1) / 2"},
                             {"vector_elements", "if(shared, sum(sizes), 1) + nonzero(sizes) * len(batch) + last(batch)"}},
                            row);
    EXPECT_EQ(w.readBytes, uint64_t((15 + 35) * 2));
    EXPECT_EQ(w.writeBytes, uint64_t(6 * 21));
    EXPECT_DOUBLE_EQ(w.cubeFlops, 210.0 - 3.0);
    EXPECT_DOUBLE_EQ(w.vectorElements, 6.0 + 2 * 2 + 3);
    // Omitted fields are zero; numbers are allowed; "comment" is for readers.
    w = Eval({{"comment", "a note"}, {"write_bytes", 64}, {"read_bytes", "max(m, n) + min(m, n)"}}, row);
    EXPECT_EQ(w.writeBytes, 64u);
    EXPECT_EQ(w.readBytes, 10u);
    EXPECT_EQ(w.cubeFlops, 0.0);
}

TEST(DeclaredWorkload, MalformedExpressionsNameTheFieldAndTheProblem) {
    const CaseRow row = {{"m", "3"}, {"dtype", "float16"}, {"flag", "maybe"}, {"shape", "[1, x]"}};
    EXPECT_NE(EvalError({{"reads", "m"}}, row).find("unknown field 'reads'"), std::string::npos);
    EXPECT_NE(EvalError({{"read_bytes", "m *"}}, row).find("read_bytes:"), std::string::npos);
    EXPECT_NE(EvalError({{"read_bytes", "m * q"}}, row).find("no column 'q'"), std::string::npos);
    EXPECT_NE(EvalError({{"read_bytes", "dtype"}}, row).find("not a number"), std::string::npos);
    EXPECT_NE(EvalError({{"read_bytes", "bytes(m)"}}, row).find("not a dtype"), std::string::npos);
    EXPECT_NE(EvalError({{"read_bytes", "if(flag, 1, 2)"}}, row).find("not true or false"), std::string::npos);
    EXPECT_NE(EvalError({{"read_bytes", "prod(shape)"}}, row).find("not a number or a list"), std::string::npos);
    EXPECT_NE(EvalError({{"read_bytes", "sqrt(m)"}}, row).find("unknown function 'sqrt'"), std::string::npos);
    EXPECT_NE(EvalError({{"read_bytes", "1 - m"}}, row).find("negative"), std::string::npos);
    EXPECT_NE(EvalError({{"read_bytes", "m / (m - 3)"}}, row).find("division by zero"), std::string::npos);
    EXPECT_NE(EvalError({{"cube_flops", "m) + 1"}}, row).find("unexpected ')'"), std::string::npos);
    EXPECT_NE(EvalError({{"cube_flops", json::array()}}, row).find("expected an expression"), std::string::npos);
    EXPECT_FALSE(EvalError(json::object(), row).empty());
}

class WorkloadTaskTest : public ::testing::Test {
protected:
    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "akg-workload-XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        root = pattern;
        task = root / "level3" / "Cat" / "Op";
        fs::create_directories(task / "validation");
        fs::create_directories(task / "answer" / "0" / "op_host");
        fs::create_directories(task / "answer" / "0" / "op_kernel");
        for (const char* f : {"module.py", "pybind.cpp"}) std::ofstream(task / "validation" / f) << "\n";
        std::ofstream(task / "validation" / "test_cases.csv") << "case_id;m;dtype\n0;4;float16\n1;8;float32\n";
        std::ofstream(task / "validation" / "hidden_cases.csv") << "case_id;m;dtype\nh0;16;float16\n";
    }
    void TearDown() override { fs::remove_all(root); }
    void Declare(const std::string& text) { std::ofstream(task / kWorkloadFile) << text; }

    fs::path root, task;
};

TEST_F(WorkloadTaskTest, AbsentDeclarationKeepsTheGenericRule) {
    EXPECT_EQ(MalformedReason(task.string()), "");
    bool declared = true;
    cost::Workload w;
    std::string error;
    EXPECT_TRUE(DeclaredWorkload(task.string(), "0", &declared, &w, &error)) << error;
    EXPECT_FALSE(declared);
}

TEST_F(WorkloadTaskTest, DeclarationEvaluatesForPublicAndHiddenCases) {
    Declare(R"J({"read_bytes": "m * bytes(dtype)", "write_bytes": "m"})J");
    EXPECT_EQ(MalformedReason(task.string()), "");
    bool declared = false;
    cost::Workload w;
    std::string error;
    ASSERT_TRUE(DeclaredWorkload(task.string(), "1", &declared, &w, &error)) << error;
    EXPECT_TRUE(declared);
    EXPECT_EQ(w.readBytes, 32u);
    ASSERT_TRUE(DeclaredWorkload(task.string(), "h0", &declared, &w, &error)) << error;
    EXPECT_EQ(w.readBytes, 32u);
    EXPECT_EQ(w.writeBytes, 16u);
    EXPECT_FALSE(DeclaredWorkload(task.string(), "9", &declared, &w, &error));
}

TEST_F(WorkloadTaskTest, MalformedDeclarationIsAMalformedTask) {
    Declare("{ not json");
    EXPECT_NE(MalformedReason(task.string()).find("validation/workload.json does not parse"), std::string::npos);
    // Well-formed JSON that fails on one case (a hidden one) names the case.
    Declare(R"J({"read_bytes": "m * bytes(dtype) / (16 - m)"})J");
    const std::string reason = MalformedReason(task.string());
    EXPECT_NE(reason.find("does not evaluate for case h0"), std::string::npos) << reason;
    EXPECT_NE(reason.find("division by zero"), std::string::npos) << reason;
    // A malformed task is skipped by discovery, with its reason.
    TaskSelection sel = DiscoverTasks(root.string(), {});
    EXPECT_TRUE(sel.tasks.empty());
    ASSERT_EQ(sel.skipped.size(), 1u);
    EXPECT_EQ(sel.skipped[0].reason, reason);
}

// Our Level-3 matmul tasks declare their workload; every case of each evaluates (the tasks are
// well formed), and case 0 of Matmul is the 128 x 256 x 128 float16 product.
TEST(DeclaredWorkload, Level3MatmulTasksDeclareTheirWorkload) {
    for (const char* op : {"Matmul", "BatchedMatmul", "GroupedMatmul", "MatmulBias", "QuantMatmul", "Gemv"}) {
        const fs::path task = kTasks / "level3" / "Matmul" / op;
        SCOPED_TRACE(op);
        EXPECT_TRUE(fs::exists(task / kWorkloadFile));
        EXPECT_EQ(MalformedReason(task.string()), "");
    }
    bool declared = false;
    cost::Workload w;
    std::string error;
    ASSERT_TRUE(DeclaredWorkload((kTasks / "level3/Matmul/Matmul").string(), "0", &declared, &w, &error)) << error;
    EXPECT_TRUE(declared);
    EXPECT_EQ(w.readBytes, uint64_t((128 * 256 + 256 * 128) * 2));
    EXPECT_EQ(w.writeBytes, uint64_t(128 * 128 * 2));
    EXPECT_DOUBLE_EQ(w.cubeFlops, 2.0 * 128 * 256 * 128);
    // A shared B is read once for the whole batch (BatchedMatmul case 5: 16 x [1 x 1024] @ [1024 x 512]).
    ASSERT_TRUE(DeclaredWorkload((kTasks / "level3/Matmul/BatchedMatmul").string(), "5", &declared, &w, &error));
    EXPECT_EQ(w.readBytes, uint64_t((16 * 1 * 1024 + 1024 * 512) * 2));
    // An empty group's weight is not counted (GroupedMatmul case 3: groups [100, 0, 28, 1]).
    ASSERT_TRUE(DeclaredWorkload((kTasks / "level3/Matmul/GroupedMatmul").string(), "3", &declared, &w, &error));
    EXPECT_EQ(w.readBytes, uint64_t((129 * 64 + 3 * 64 * 96) * 2));
}

}  // namespace
}  // namespace akg::harness
