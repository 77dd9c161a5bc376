// What solve tells the model: compiler errors with source lines, the compiler's candidates and
// our API reference's signatures; simulator diagnostics with source lines; wrong-value summaries.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "gen/feedback.h"

namespace akg::gen {
namespace {

namespace fs = std::filesystem;

class TempTree {
public:
    TempTree() : root_(fs::temp_directory_path() / ("akg-feedback-" + std::to_string(getpid()) + "-" + std::to_string(n_++))) {
        fs::create_directories(root_ / "src" / "op_kernel");
        fs::create_directories(root_ / "task" / "validation");
    }
    ~TempTree() { fs::remove_all(root_); }
    fs::path Src() const { return root_ / "src"; }
    fs::path Task() const { return root_ / "task"; }

private:
    static inline int n_ = 0;
    fs::path root_;
};

harness::RecordIdentity Identity() {
    harness::RecordIdentity id;
    id.task = "level2/Reduction/RowSum";
    id.level = 2;
    id.category = "Reduction";
    id.op = "RowSum";
    return id;
}

TEST(ApiDocLines, FindsTheDocumentedSignature) {
    auto lines = ApiDocLines("no matching function for call to 'WholeReduceSum(AscendC::LocalTensor<float>&, int)'",
                             DefaultApiDocsDir());
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines[0].rfind("docs/api/vector-reduce.md: ", 0), 0u) << lines[0];
    EXPECT_NE(lines[0].find("WholeReduceSum/Max/Min(dst, src, mask, repeat"), std::string::npos);
    EXPECT_TRUE(ApiDocLines("'foo' was not declared in this scope", DefaultApiDocsDir()).empty());
}

TEST(ApiDocLines, FallsBackToTheGeneratedSignaturePages) {
    // No hand-written page covers DataCopyPad or Adds; docs/api/signatures/ has every overload.
    auto pad = ApiDocLines("no matching function for call to 'DataCopyPad(AscendC::GlobalTensor<float>&, "
                           "AscendC::LocalTensor<float>&, int)'",
                           DefaultApiDocsDir());
    ASSERT_EQ(pad.size(), 4u);
    for (auto& l : pad) {
        EXPECT_EQ(l.rfind("docs/api/signatures/kernel_operator_data_copy_intf.md: - `template <typename T", 0), 0u) << l;
        EXPECT_NE(l.find("> void DataCopyPad("), std::string::npos) << l;
    }
    EXPECT_NE(std::find(pad.begin(), pad.end(),
                        "docs/api/signatures/kernel_operator_data_copy_intf.md: - `template <typename T, PaddingMode mode = "
                        "PaddingMode::Normal> void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& p)`"),
              pad.end());

    auto adds = ApiDocLines("error: 'Adds' was not declared in this scope; did you mean 'AscendC::Adds'?",
                            DefaultApiDocsDir(), 2);
    ASSERT_EQ(adds.size(), 2u);
    EXPECT_EQ(adds[0],
              "docs/api/signatures/kernel_operator_vec_binary_scalar_intf.md: - `template <typename T, bool isSetMask "
              "= true> void Adds(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const "
              "int32_t& count)`");
}

TEST(ApiDocLines, HandWrittenPagesComeBeforeGeneratedOnes) {
    // WholeReduceSum is on the hand-written vector-reduce.md and on the generated page of its header.
    auto lines = ApiDocLines("no matching function for call to 'WholeReduceSum(AscendC::LocalTensor<float>&, int)'",
                             DefaultApiDocsDir(), 50);
    auto firstGenerated = std::find_if(lines.begin(), lines.end(),
                                       [](const std::string& l) { return l.rfind("docs/api/signatures/", 0) == 0; });
    ASSERT_NE(firstGenerated, lines.end());
    ASSERT_NE(firstGenerated, lines.begin());
    for (auto it = firstGenerated; it != lines.end(); ++it) EXPECT_EQ(it->rfind("docs/api/signatures/", 0), 0u) << *it;
}

TEST(DescribeFailure, CompileErrorsWithSourceLinesNotesAndDocs) {
    TempTree t;
    const std::string src = t.Src().string();
    {
        std::ofstream k(t.Src() / "op_kernel" / "row_sum.cpp");
        for (int i = 1; i < 12; ++i) k << "// line " << i << "\n";
        k << "        WholeReduceSum(dst, src, 64);\n";
    }
    const std::string log =
        src + "/op_kernel/row_sum.cpp: In member function 'void KernelRowSum::Compute()':\n" + src +
        "/op_kernel/row_sum.cpp:12:23: error: no matching function for call to "
        "'WholeReduceSum(AscendC::LocalTensor<float>&, AscendC::LocalTensor<float>&, int)'\n"
        "   12 |         WholeReduceSum(dst, src, 64);\n"
        "      |         ~~~~~~~~~~~~~~^~~~~~~~~~~~~~\n"
        "/opt/akg/include/basic_api/kernel_operator_vec_reduce_intf.h:40:6: note: candidate: 'template<class T> void "
        "AscendC::WholeReduceSum(const LocalTensor<T>&, const LocalTensor<T>&, int32_t, int32_t, int32_t, int32_t, "
        "int32_t)'\n"
        "/opt/akg/include/basic_api/kernel_operator_vec_reduce_intf.h:40:6: note:   candidate expects 7 arguments, 3 "
        "provided\n";
    harness::RunRecords records;
    harness::SampleRecord s;
    static_cast<harness::RecordIdentity&>(s) = Identity();
    s.compiled = false;
    s.cls = "compile.api_signature";
    s.error = "op_kernel/row_sum.cpp:12: no matching function for call to 'WholeReduceSum(...)'";
    records.Add(s);
    FeedbackInput in{&records, Identity().task, 0, log, src, t.Task().string(), DefaultApiDocsDir(), 3};
    const std::string text = DescribeFailure(in);
    EXPECT_NE(text.find("Build failed: `compile.api_signature`"), std::string::npos) << text;
    EXPECT_NE(text.find("`op_kernel/row_sum.cpp:12`: no matching function for call to"), std::string::npos) << text;
    EXPECT_NE(text.find("source line: `WholeReduceSum(dst, src, 64);`"), std::string::npos) << text;
    EXPECT_NE(text.find("candidate expects 7 arguments, 3 provided"), std::string::npos) << text;
    EXPECT_NE(text.find("docs/api/vector-reduce.md"), std::string::npos) << text;
    EXPECT_EQ(text.find(src), std::string::npos) << "absolute paths of the evaluation leak:\n" << text;
}

TEST(DescribeFailure, DiagnosticsWithSourceLinesAndWrongValues) {
    TempTree t;
    const std::string src = t.Src().string();
    {
        std::ofstream k(t.Src() / "op_kernel" / "row_sum.cpp");
        k << "line1\nline2\n    LocalTensor<float> x = inQueue.DeQue<float>();\n";
    }
    std::ofstream(t.Task() / "validation" / "test_cases.csv") << "case_id;shape;dtype\n0;[8, 64];float32\n1;[3, 5];float16\n";
    harness::RunRecords records;
    harness::SampleRecord s;
    static_cast<harness::RecordIdentity&>(s) = Identity();
    s.compiled = true;
    s.cls = "pass";
    records.Add(s);
    harness::CaseRecord c0;
    static_cast<harness::RecordIdentity&>(c0) = Identity();
    c0.caseId = "0";
    c0.cls = "diagnostic.QUE_DEQUE_EMPTY";
    c0.error = "DeQue on an empty queue";
    c0.diagnostics.push_back({"QUE_DEQUE_EMPTY", "queue", "DeQue on an empty queue", src + "/op_kernel/row_sum.cpp:3", 0, 1});
    records.Add(c0);
    harness::CaseRecord c1 = c0;
    c1.caseId = "1";
    c1.cls = "wrong_values";
    c1.error = "outputs differ";
    c1.diagnostics.clear();
    c1.outputs.push_back({"outputs", 0.5, 2.0, 3});
    records.Add(c1);
    FeedbackInput in{&records, Identity().task, 0, "", src, t.Task().string(), DefaultApiDocsDir(), 3};
    const std::string text = DescribeFailure(in);
    EXPECT_NE(text.find("0 of 2 cases passed"), std::string::npos) << text;
    EXPECT_NE(text.find("`QUE_DEQUE_EMPTY` [queue] at `op_kernel/row_sum.cpp:3`"), std::string::npos) << text;
    EXPECT_NE(text.find("source line: `LocalTensor<float> x = inQueue.DeQue<float>();`"), std::string::npos) << text;
    EXPECT_NE(text.find("`0;[8, 64];float32`"), std::string::npos) << text;
    EXPECT_NE(text.find("3 mismatching elements, max abs error 0.5, max rel error 2"), std::string::npos) << text;
    EXPECT_EQ(text.find(src), std::string::npos) << text;
}

TEST(VerdictOf, PassRequiresEveryCase) {
    harness::RunRecords records;
    harness::SampleRecord s;
    static_cast<harness::RecordIdentity&>(s) = Identity();
    s.compiled = true;
    records.Add(s);
    harness::CaseRecord c;
    static_cast<harness::RecordIdentity&>(c) = Identity();
    c.caseId = "0";
    c.passed = true;
    c.cls = "pass";
    records.Add(c);
    EXPECT_TRUE(VerdictOf(records, Identity().task, 0).passed);
    c.caseId = "1";
    c.passed = false;
    c.cls = "timeout";
    records.Add(c);
    TurnVerdict v = VerdictOf(records, Identity().task, 0);
    EXPECT_FALSE(v.passed);
    EXPECT_EQ(v.cls, "timeout");
    EXPECT_EQ(v.passedCases, 1);
    EXPECT_EQ(VerdictOf(records, Identity().task, 7).cls, "not_evaluated");
}

}  // namespace
}  // namespace akg::gen
