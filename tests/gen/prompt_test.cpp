// Prompts: templates, the two modes, public cases only, the hardware section from the platform.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "gen/prompt.h"

namespace akg::gen {
namespace {

namespace fs = std::filesystem;

const fs::path kSource = fs::path(__FILE__).parent_path().parent_path().parent_path();

harness::TaskRef Task(const std::string& id) {
    harness::TaskSelection sel = harness::DiscoverTasks((kSource / "tasks" / id).string(), {});
    EXPECT_EQ(sel.tasks.size(), 1u);
    return sel.tasks.at(0);
}

TEST(RenderTemplate, ReplacesAndRejectsUnknownNames) {
    std::string out, error;
    ASSERT_TRUE(RenderTemplate("a {{x}} b {{ y }} {{x}}", {{"x", "1"}, {"y", "2"}}, &out, &error));
    EXPECT_EQ(out, "a 1 b 2 1");
    EXPECT_FALSE(RenderTemplate("{{typo}}", {{"x", "1"}}, &out, &error));
    EXPECT_NE(error.find("typo"), std::string::npos);
}

TEST(BuildTaskPrompt, KernelOnlyShowsTheTaskHostCodeAndPublicCasesOnly) {
    const harness::TaskRef task = Task("level1/Elementwise/SquaredDifference");
    TaskPrompt p;
    std::string error;
    ASSERT_TRUE(BuildTaskPrompt(task, {}, &p, &error)) << error;
    EXPECT_EQ(p.expectedFiles, std::vector<std::string>{"op_kernel/squared_difference.cpp"});
    EXPECT_NE(p.user.find("Element-wise squared difference"), std::string::npos);  // api_desc.md
    EXPECT_NE(p.user.find("case_id;shape;dtype;values"), std::string::npos);
    EXPECT_NE(p.user.find("1;[1000003];float32;normal"), std::string::npos);
    EXPECT_NE(p.user.find("<kernel_impl>"), std::string::npos);
    EXPECT_NE(p.user.find("TilingFunc"), std::string::npos);                  // answer/0/op_host
    EXPECT_NE(p.user.find("48 AI vector cores"), std::string::npos);          // platforms/Ascend910B1.json
    EXPECT_NE(p.user.find("unified buffer (UB) 192 KiB"), std::string::npos);
    EXPECT_EQ(p.user.find("{{"), std::string::npos);
    // The hidden split never reaches a prompt: none of its rows appears.
    std::ifstream hidden(fs::path(task.dir) / "validation" / "hidden_cases.csv");
    std::string line;
    std::getline(hidden, line);  // header, shared with the public file
    int rows = 0;
    while (std::getline(hidden, line))
        if (!line.empty()) {
            ++rows;
            EXPECT_EQ(p.user.find(line), std::string::npos) << line;
        }
    EXPECT_GT(rows, 0);
    // The answer's kernel is not shown.
    EXPECT_EQ(p.user.find("class KernelSquaredDifference"), std::string::npos);
}

TEST(BuildTaskPrompt, HostAndKernelAsksForEveryTemplateFile) {
    TaskPrompt p;
    std::string error;
    PromptOptions o;
    o.mode = harness::CandidateMode::HostAndKernel;
    ASSERT_TRUE(BuildTaskPrompt(Task("level1/Compare/LogicalAnd"), o, &p, &error)) << error;
    EXPECT_EQ(p.expectedFiles, (std::vector<std::string>{"op_host/logical_and.cpp", "op_host/logical_and_tiling.h",
                                                         "op_kernel/logical_and.cpp"}));
    EXPECT_NE(p.user.find("<file path="), std::string::npos);
    EXPECT_NE(p.user.find("- `op_host/logical_and_tiling.h`"), std::string::npos);
    EXPECT_EQ(p.user.find("Host code (given"), std::string::npos);
}

// NPUKernelBench's layout: no tiling header among the templates (the answer must still bring
// one), and in a few tasks api_desc.md under question/.
TEST(BuildTaskPrompt, NpuKernelBenchQuestionsWithoutATilingHeader) {
    const fs::path root = fs::temp_directory_path() / ("akg-nkb-task-" + std::to_string(getpid()));
    const fs::path task = root / "level1" / "Compare" / "LogicalAnd";
    fs::create_directories(task.parent_path());
    fs::copy(kSource / "tasks" / "level1" / "Compare" / "LogicalAnd", task, fs::copy_options::recursive);
    fs::remove(task / "question" / "op_host" / "logical_and_tiling.h");
    fs::rename(task / "api_desc.md", task / "question" / "api_desc.md");
    harness::TaskSelection sel = harness::DiscoverTasks(task.string(), {});
    ASSERT_EQ(sel.tasks.size(), 1u);
    TaskPrompt p;
    std::string error;
    PromptOptions o;
    o.mode = harness::CandidateMode::HostAndKernel;
    ASSERT_TRUE(BuildTaskPrompt(sel.tasks[0], o, &p, &error)) << error;
    EXPECT_EQ(p.expectedFiles, (std::vector<std::string>{"op_host/logical_and.cpp", "op_host/logical_and_tiling.h",
                                                         "op_kernel/logical_and.cpp"}));
    EXPECT_NE(p.user.find("- `op_host/logical_and_tiling.h`"), std::string::npos);
    EXPECT_NE(p.user.find("Element-wise logical AND"), std::string::npos);
    fs::remove_all(root);
}

TEST(BuildTaskPrompt, StaticShapeShowsOneCase) {
    TaskPrompt p;
    std::string error;
    PromptOptions o;
    o.onlyCase = "4";
    ASSERT_TRUE(BuildTaskPrompt(Task("level1/Compare/LogicalAnd"), o, &p, &error)) << error;
    EXPECT_NE(p.user.find("4;[7];0.5;0.5"), std::string::npos);
    EXPECT_EQ(p.user.find("3;[1];1.0;1.0"), std::string::npos);
    o.onlyCase = "nope";
    EXPECT_FALSE(BuildTaskPrompt(Task("level1/Compare/LogicalAnd"), o, &p, &error));
}

TEST(BuildTaskPrompt, EditedTemplatesAreUsed) {
    const fs::path dir = fs::temp_directory_path() / ("akg-prompts-" + std::to_string(getpid()));
    fs::create_directories(dir);
    fs::copy(kSource / "prompts", dir, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    std::ofstream(dir / "kernel_only.md") << "Write {{op}} for {{soc_version_typo}}";
    TaskPrompt p;
    std::string error;
    PromptOptions o;
    o.promptsDir = dir.string();
    EXPECT_FALSE(BuildTaskPrompt(Task("level1/Compare/LogicalAnd"), o, &p, &error));
    EXPECT_NE(error.find("soc_version_typo"), std::string::npos);
    std::ofstream(dir / "kernel_only.md") << "Write {{op}} now.";
    ASSERT_TRUE(BuildTaskPrompt(Task("level1/Compare/LogicalAnd"), o, &p, &error)) << error;
    EXPECT_EQ(p.user, "Write LogicalAnd now.");
    fs::remove_all(dir);
}

TEST(HardwareDescription, FollowsThePlatform) {
    PlatformSpec p;
    p.socVersion = "TestChip";
    p.aivCores = 7;
    p.ubSize = 256 * 1024;
    std::string out, error;
    ASSERT_TRUE(HardwareDescription("", p, &out, &error)) << error;
    EXPECT_NE(out.find("TestChip"), std::string::npos);
    EXPECT_NE(out.find("7 AI vector cores"), std::string::npos);
    EXPECT_NE(out.find("(UB) 256 KiB"), std::string::npos);
}

}  // namespace
}  // namespace akg::gen
