// A task's own platform (validation/soc, docs/platforms.md "A task's own platform"): read by
// DiscoverTasks, absent for a task that names none.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "harness/task_set.h"

namespace akg::harness {
namespace {

namespace fs = std::filesystem;

void WriteFile(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
}

// A minimal well-formed task at root/level1/Image/<op>.
fs::path WriteTask(const fs::path& root, const std::string& op) {
    const fs::path t = root / "level1" / "Image" / op;
    WriteFile(t / "validation" / "module.py", "import torch\n");
    WriteFile(t / "validation" / "test_cases.csv", "case_id;shape\n0;[4]\n");
    WriteFile(t / "validation" / "pybind.cpp", "\n");
    fs::create_directories(t / "answer" / "0" / "op_host");
    fs::create_directories(t / "answer" / "0" / "op_kernel");
    return t;
}

TEST(TaskSoc, DiscoverTasksReadsTheDeclaredPlatform) {
    const fs::path root = fs::temp_directory_path() / ("akg-task-soc-" + std::to_string(getpid()));
    fs::remove_all(root);
    WriteTask(root, "Plain");
    WriteFile(WriteTask(root, "Simt") / kTaskSocFile, "Ascend950PR\n");
    const TaskSelection sel = DiscoverTasks(root.string(), {});
    ASSERT_EQ(sel.tasks.size(), 2u);
    EXPECT_EQ(sel.tasks[0].op, "Plain");
    EXPECT_EQ(sel.tasks[0].soc, "");
    EXPECT_EQ(sel.tasks[1].op, "Simt");
    EXPECT_EQ(sel.tasks[1].soc, "Ascend950PR");
    fs::remove_all(root);
}

}  // namespace
}  // namespace akg::harness
