// Which files of an operator project are built: the C++ sources CANN's project build compiles.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "build/project.h"

namespace fs = std::filesystem;

namespace {

TEST(OperatorProject, HostAndKernelSourcesIncludeCcFiles) {
    const fs::path root = fs::temp_directory_path() / ("akg-project-" + std::to_string(getpid()));
    fs::create_directories(root / "op_host");
    fs::create_directories(root / "op_kernel");
    for (const char* f : {"op_host/op.cpp", "op_host/op_tiling.cc", "op_host/op_tiling.h", "op_host/notes.txt",
                          "op_kernel/op.cpp"})
        std::ofstream(root / f) << "// " << f << "\n";
    akg::build::OpProject p;
    std::string error;
    ASSERT_TRUE(akg::build::DiscoverProject(root.string(), &p, &error)) << error;
    ASSERT_EQ(p.hostSources.size(), 2u);
    EXPECT_EQ(fs::path(p.hostSources[0]).filename(), "op.cpp");
    EXPECT_EQ(fs::path(p.hostSources[1]).filename(), "op_tiling.cc");
    ASSERT_EQ(p.kernelSources.size(), 1u);

    fs::remove(root / "op_kernel" / "op.cpp");
    EXPECT_FALSE(akg::build::DiscoverProject(root.string(), &p, &error));
    EXPECT_NE(error.find("op_kernel has no C++ source"), std::string::npos) << error;
    fs::remove_all(root);
}

}  // namespace
