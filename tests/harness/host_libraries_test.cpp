// op_host split into the libraries an operator's CMakeLists.txt names (target_sources), as CANN's
// project build links them: each library on its own, opapi sources not compiled.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include "build/builder.h"
#include "build/project.h"

namespace akg::build {
namespace {

namespace fs = std::filesystem;

const fs::path kSourceRoot = fs::path(__FILE__).parent_path().parent_path().parent_path();
const fs::path kAnswer = kSourceRoot / "tasks" / "level1" / "Elementwise" / "SquaredDifference" / "answer" / "0";

// A copy of our SquaredDifference answer with two more op_host sources that both define the
// non-inline GetMod of one header (the GeluQuant pattern), and an opapi source (the hand-written
// aclnn layer, which links on its own against libakg_opapi).
class SplitHostProject : public ::testing::Test {
protected:
    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "akg_hostlibs_XXXXXX").string();
        root_ = mkdtemp(pattern.data());
        fs::copy(kAnswer, root_, fs::copy_options::recursive);
        Write("op_host/get_mod.h", "#pragma once\nint GetMod(int a, int b) { return a % b; }\n");
        Write("op_host/def_helpers.cpp", "#include \"get_mod.h\"\nint DefHelper() { return GetMod(7, 3); }\n");
        Write("op_host/tiling_helpers.cpp", "#include \"get_mod.h\"\nint TilingHelper() { return GetMod(9, 4); }\n");
        Write("op_host/aclnn_squared_difference.cpp", "#include \"opdev/op_executor.h\"\n");
        cache_ = (root_ / "cache").string();
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(root_, ec);
    }
    void Write(const std::string& relative, const std::string& text) const { std::ofstream(root_ / relative) << text; }
    bool Build(HostArtifact* art, BuildError* error) {
        OpProject project;
        std::string discoverError;
        EXPECT_TRUE(DiscoverProject(root_.string(), &project, &discoverError)) << discoverError;
        BuildOptions options;
        options.cacheDir = cache_;
        return BuildHost(project, options, art, error);
    }

    fs::path root_;
    std::string cache_;
};

TEST_F(SplitHostProject, LibrariesComeFromTargetSources) {
    Write("CMakeLists.txt",
          "add_ops_compile_options(OP_NAME SquaredDifference OPTIONS --cce-auto-sync=on)\n"
          "target_sources(op_host_aclnn PRIVATE\n  op_host/def_helpers.cpp\n)\n"
          "target_sources(optiling PRIVATE\n  ${CMAKE_CURRENT_SOURCE_DIR}/op_host/squared_difference.cpp\n"
          "  op_host/tiling_helpers.cpp\n)\n"
          "target_sources(opsproto PRIVATE op_host/squared_difference.cpp)  # already in optiling\n"
          "# target_sources(opsproto PRIVATE op_host/commented_out.cpp)\n"
          "target_sources(opapi PRIVATE op_host/aclnn_squared_difference.cpp)\n");
    OpProject project;
    std::string error;
    ASSERT_TRUE(DiscoverProject(root_.string(), &project, &error)) << error;
    ASSERT_EQ(project.hostLibraries.size(), 2u);
    EXPECT_EQ(project.hostLibraries[0].name, "op_host_aclnn");
    ASSERT_EQ(project.hostLibraries[0].sources.size(), 1u);
    EXPECT_EQ(fs::path(project.hostLibraries[0].sources[0]).filename(), "def_helpers.cpp");
    EXPECT_EQ(project.hostLibraries[1].name, "optiling");
    ASSERT_EQ(project.hostLibraries[1].sources.size(), 2u);
    EXPECT_EQ(fs::path(project.hostLibraries[1].sources[0]).filename(), "squared_difference.cpp");
    // The opapi source is compiled, into a library of its own.
    EXPECT_EQ(project.hostSources.size(), 4u);
    ASSERT_EQ(project.opapiSources.size(), 1u);
    EXPECT_EQ(fs::path(project.opapiSources[0]).filename(), "aclnn_squared_difference.cpp");
}

TEST_F(SplitHostProject, WithoutCmakeListsEveryHostSourceIsOneLibrary) {
    OpProject project;
    std::string error;
    ASSERT_TRUE(DiscoverProject(root_.string(), &project, &error)) << error;
    ASSERT_EQ(project.hostLibraries.size(), 1u);
    EXPECT_EQ(project.hostLibraries[0].sources.size(), 4u);
}

TEST_F(SplitHostProject, LibrariesLinkOnTheirOwnAndLoadTogether) {
    // One library: the duplicate GetMod does not link (nor does the opapi source compile).
    HostArtifact art;
    BuildError error;
    EXPECT_FALSE(Build(&art, &error));
    EXPECT_EQ(error.stage, BuildStage::HostCompile);

    // Split as CANN splits it: each library links; the operator, registered by the second
    // library, is seen through host.so, which loads it.
    Write("CMakeLists.txt",
          "target_sources(op_host_aclnn PRIVATE op_host/def_helpers.cpp)\n"
          "target_sources(optiling PRIVATE op_host/squared_difference.cpp op_host/tiling_helpers.cpp)\n"
          "target_sources(opapi PRIVATE op_host/aclnn_squared_difference.cpp)\n");
    ASSERT_TRUE(Build(&art, &error)) << error.message << "\n" << error.log;
    ASSERT_EQ(art.libraries.size(), 2u);
    EXPECT_EQ(art.libraries[0], art.soPath);
    for (auto& lib : art.libraries) EXPECT_TRUE(fs::is_regular_file(lib)) << lib;
    ASSERT_EQ(art.meta.ops.size(), 1u);
    EXPECT_EQ(art.meta.ops[0].type, "SquaredDifference");
    EXPECT_TRUE(fs::is_regular_file(art.opapiPath)) << art.opapiLog;
    EXPECT_TRUE(art.opapiLog.empty());
}

TEST_F(SplitHostProject, AnOpApiLayerThatDoesNotBuildLeavesTheHostBuilt) {
    // An L0 operator of CANN's library we do not provide: the link reports it.
    Write("op_host/aclnn_squared_difference.cpp",
          "#include \"opdev/op_executor.h\"\n"
          "namespace l0op { const aclTensor* LibraryOnly(const aclTensor* x, aclOpExecutor* e); }\n"
          "extern \"C\" int UsesIt(const aclTensor* x, aclOpExecutor* e) { return l0op::LibraryOnly(x, e) != nullptr; }\n");
    Write("CMakeLists.txt",
          "target_sources(op_host_aclnn PRIVATE op_host/def_helpers.cpp)\n"
          "target_sources(optiling PRIVATE op_host/squared_difference.cpp op_host/tiling_helpers.cpp)\n"
          "target_sources(opapi PRIVATE op_host/aclnn_squared_difference.cpp)\n");
    HostArtifact art;
    BuildError error;
    ASSERT_TRUE(Build(&art, &error)) << error.message << "\n" << error.log;
    EXPECT_TRUE(art.opapiPath.empty());
    EXPECT_NE(art.opapiLog.find("LibraryOnly"), std::string::npos) << art.opapiLog;

    // From the cache: the same outcome.
    HostArtifact cached;
    ASSERT_TRUE(Build(&cached, &error));
    EXPECT_TRUE(cached.cached);
    EXPECT_TRUE(cached.opapiPath.empty());
    EXPECT_EQ(cached.opapiLog, art.opapiLog);
}

}  // namespace
}  // namespace akg::build
