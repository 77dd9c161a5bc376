// Parsing model answers into candidate files: every accepted form, reasoning kept apart, prose
// tolerated, and a classified failure when no usable file is found.
#include <gtest/gtest.h>

#include "gen/parse.h"

namespace akg::gen {
namespace {

const std::vector<std::string> kKernelOnly = {"op_kernel/add.cpp"};
const std::vector<std::string> kHostKernel = {"op_host/add.cpp", "op_host/add_tiling.h", "op_kernel/add.cpp"};

const std::string kKernel = "extern \"C\" __global__ __aicore__ void add(GM_ADDR x) {}\n";
const std::string kTiling = "BEGIN_TILING_DATA_DEF(AddTilingData)\nEND_TILING_DATA_DEF;\n";
const std::string kHost = "namespace ops { class Add : public OpDef {}; }\n";

TEST(ParseAnswer, KernelImplTagWithAFence) {
    ParsedAnswer p = ParseAnswer("Here it is.\n<kernel_impl>\n```cpp\n" + kKernel + "```\n</kernel_impl>\nDone.", kKernelOnly);
    EXPECT_EQ(p.cls, "ok");
    EXPECT_EQ(p.files.at("op_kernel/add.cpp"), kKernel);
}

TEST(ParseAnswer, KernelImplTagWithoutAFence) {
    ParsedAnswer p = ParseAnswer("<kernel_impl>\n" + kKernel + "</kernel_impl>", kKernelOnly);
    EXPECT_EQ(p.cls, "ok");
    EXPECT_EQ(p.files.at("op_kernel/add.cpp"), kKernel);
}

TEST(ParseAnswer, ThinkBlocksAreStrippedAndKept) {
    // The reasoning holds a fenced block of its own, which must not become the kernel.
    const std::string answer = "<think>First try:\n```cpp\nint wrong;\n```\nno, better:</think>\n```cpp\n" + kKernel + "```";
    ParsedAnswer p = ParseAnswer(answer, kKernelOnly);
    EXPECT_EQ(p.cls, "ok");
    EXPECT_EQ(p.files.at("op_kernel/add.cpp"), kKernel);
    EXPECT_NE(p.reasoning.find("First try"), std::string::npos);
}

TEST(ParseAnswer, ReasoningBeforeALoneClosingTag) {
    ParsedAnswer p = ParseAnswer("thinking about tiling...\n</think>\n```cpp\n" + kKernel + "```", kKernelOnly);
    EXPECT_EQ(p.cls, "ok");
    EXPECT_EQ(p.reasoning, "thinking about tiling...");
}

TEST(ParseAnswer, FileTagsForHostAndKernel) {
    const std::string answer = "Sure!\n<file path=\"op_host/add_tiling.h\">\n```cpp\n" + kTiling +
                               "```\n</file>\n<file path='op_host/add.cpp'>\n```cpp\n" + kHost +
                               "```\n</file>\n<file name=\"op_kernel/add.cpp\">\n```cpp\n" + kKernel + "```\n</file>";
    ParsedAnswer p = ParseAnswer(answer, kHostKernel);
    EXPECT_EQ(p.cls, "ok") << p.note;
    EXPECT_EQ(p.files.at("op_host/add_tiling.h"), kTiling);
    EXPECT_EQ(p.files.at("op_host/add.cpp"), kHost);
    EXPECT_EQ(p.files.at("op_kernel/add.cpp"), kKernel);
}

TEST(ParseAnswer, NpuKernelBenchHeaders) {
    const std::string answer = "================== op_host/add_tiling.h ==================\n```cpp\n" + kTiling +
                               "```\n================== op_host/add.cpp ==================\n```cpp\n" + kHost +
                               "```\n================== op_kernel/add.cpp ==================\n```cpp\n" + kKernel + "```\n";
    ParsedAnswer p = ParseAnswer(answer, kHostKernel);
    EXPECT_EQ(p.cls, "ok") << p.note;
    EXPECT_EQ(p.files.at("op_host/add.cpp"), kHost);
}

TEST(ParseAnswer, FileCommentHeaderIsRemoved) {
    ParsedAnswer p = ParseAnswer("```cpp\n// file: op_kernel/add.cpp\n" + kKernel + "```", kKernelOnly);
    EXPECT_EQ(p.cls, "ok");
    EXPECT_EQ(p.files.at("op_kernel/add.cpp"), kKernel);
}

TEST(ParseAnswer, ProseNamingTheFileBeforeTheFence) {
    const std::string answer = "I will write three files.\n\n**add_tiling.h**\n```cpp\n" + kTiling +
                               "```\nThen the host, `op_host/add.cpp`:\n\n```c++\n" + kHost +
                               "```\nAnd the kernel:\n```cpp\n" + kKernel + "```\nHope this helps!";
    ParsedAnswer p = ParseAnswer(answer, kHostKernel);
    EXPECT_EQ(p.cls, "ok") << p.note;
    EXPECT_EQ(p.files.at("op_host/add_tiling.h"), kTiling);
    EXPECT_EQ(p.files.at("op_host/add.cpp"), kHost);
    EXPECT_EQ(p.files.at("op_kernel/add.cpp"), kKernel);  // by content: it has the kernel entry
}

TEST(ParseAnswer, NonCodeFencesAreIgnored) {
    const std::string answer = "Run it with:\n```bash\nmake\n```\n```cpp\n" + kKernel + "```";
    ParsedAnswer p = ParseAnswer(answer, kKernelOnly);
    EXPECT_EQ(p.cls, "ok");
    EXPECT_EQ(p.files.at("op_kernel/add.cpp"), kKernel);
}

TEST(ParseAnswer, ALaterVersionOfAFileWins) {
    const std::string answer = "```cpp\n// file: op_kernel/add.cpp\nold\n```\nOops, fixed:\n```cpp\n// file: op_kernel/add.cpp\nnew\n```";
    EXPECT_EQ(ParseAnswer(answer, kKernelOnly).files.at("op_kernel/add.cpp"), "new\n");
}

TEST(ParseAnswer, UnclosedFenceOfATruncatedAnswer) {
    ParsedAnswer p = ParseAnswer("```cpp\n" + kKernel, kKernelOnly);
    EXPECT_EQ(p.cls, "ok");
    EXPECT_EQ(p.files.at("op_kernel/add.cpp"), kKernel);
}

TEST(ParseAnswer, EmptyAnswers) {
    EXPECT_EQ(ParseAnswer("", kKernelOnly).cls, kGenEmptyAnswer);
    EXPECT_EQ(ParseAnswer("  \n\t\n", kKernelOnly).cls, kGenEmptyAnswer);
    ParsedAnswer p = ParseAnswer("<think>I cannot do this</think>", kKernelOnly);
    EXPECT_EQ(p.cls, kGenEmptyAnswer);
    EXPECT_EQ(p.reasoning, "I cannot do this");
    // Cut off inside the reasoning: nothing but reasoning.
    EXPECT_EQ(ParseAnswer("<think>step 1, step 2, ste", kKernelOnly).cls, kGenEmptyAnswer);
}

TEST(ParseAnswer, ProseWithoutCode) {
    ParsedAnswer p = ParseAnswer("I am sorry, I cannot write Ascend C kernels.", kKernelOnly);
    EXPECT_EQ(p.cls, kGenNoCode);
    EXPECT_EQ(p.missing, kKernelOnly);
    EXPECT_FALSE(p.note.empty());
    EXPECT_EQ(ParseAnswer("```python\nprint(1)\n```", kKernelOnly).cls, kGenNoCode);
}

TEST(ParseAnswer, MissingFilesOfHostAndKernel) {
    ParsedAnswer p = ParseAnswer("<kernel_impl>\n" + kKernel + "</kernel_impl>", kHostKernel);
    EXPECT_EQ(p.cls, kGenIncomplete);
    EXPECT_EQ(p.missing, (std::vector<std::string>{"op_host/add.cpp", "op_host/add_tiling.h"}));
}

TEST(ParseAnswer, LargeAnswersDoNotOverflow) {
    std::string big(400000, 'x');
    ParsedAnswer p = ParseAnswer("<think>" + big + "</think>\n```cpp\n" + big + "\n```", kKernelOnly);
    EXPECT_EQ(p.cls, "ok");
    EXPECT_EQ(p.files.at("op_kernel/add.cpp").size(), big.size() + 1);
}

}  // namespace
}  // namespace akg::gen
