// Which files of an operator project are built: the C++ sources CANN's project build compiles.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "build/builder.h"
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

// A task carries a sibling operator's file at its repository-relative place (answer/<op>/...):
// the project knows it (it enters the cache keys), and the kernel's own struct of a host tiling
// struct's name (ops-cv's UpsampleNearest3d: plain-struct tiling in its own namespace) is the
// one the kernel means, so the generated header leaves the host's out.
TEST(OperatorProject, SiblingFilesAndKernelOwnTilingStructs) {
    const fs::path root = fs::temp_directory_path() / ("akg-project-sibling-" + std::to_string(getpid()));
    fs::create_directories(root / "answer" / "0" / "op_host");
    fs::create_directories(root / "answer" / "0" / "op_kernel");
    fs::create_directories(root / "answer" / "other" / "op_kernel");
    std::ofstream(root / "answer" / "0" / "op_host" / "op.cpp") << "// host\n";
    std::ofstream(root / "answer" / "0" / "op_kernel" / "op.cpp")
        << "#include \"../../other/op_kernel/shared.h\"\n#include \"own.h\"\n";
    std::ofstream(root / "answer" / "0" / "op_kernel" / "own.h") << "namespace K {\nstruct OpTilingData {\n  int n;\n};\n}\n";
    std::ofstream(root / "answer" / "other" / "op_kernel" / "shared.h") << "#include \"deeper.h\"\n";
    std::ofstream(root / "answer" / "other" / "op_kernel" / "deeper.h") << "// deeper\n";
    akg::build::OpProject p;
    std::string error;
    ASSERT_TRUE(akg::build::DiscoverProject((root / "answer" / "0").string(), &p, &error)) << error;
    ASSERT_EQ(p.externalHeaders.size(), 2u);
    EXPECT_EQ(fs::path(p.externalHeaders[0]).filename(), "deeper.h");
    EXPECT_EQ(fs::path(p.externalHeaders[1]).filename(), "shared.h");

    const std::vector<std::string> defined = akg::build::KernelDefinedStructs(p);
    EXPECT_NE(std::find(defined.begin(), defined.end(), "OpTilingData"), defined.end());
    akg::build::HostMeta meta;
    akg::host::TilingStruct s;
    s.name = "OpTilingData";
    s.size = 8;
    s.fields.push_back({"n", "int32_t", false, 0, 0, 4});
    meta.tilingStructs.push_back(s);
    meta.tilingRegistrations.push_back({"Op", "OpTilingData"});
    akg::host::OpInfo op;
    op.type = "Op";
    std::string genError;
    const std::string with = akg::build::GenerateKernelHeader(meta, op, {}, &genError);
    EXPECT_NE(with.find("struct OpTilingData {"), std::string::npos);
    const std::string without = akg::build::GenerateKernelHeader(meta, op, {}, &genError, defined);
    EXPECT_EQ(without.find("struct OpTilingData {"), std::string::npos) << without;
    EXPECT_TRUE(genError.empty()) << genError;
    fs::remove_all(root);
}

// TilingDef's padding (a nested struct at 8, sizes padded to 8) becomes explicit members of the
// kernel's struct, named as CANN's generated headers name them, so the offsets asserted match.
TEST(OperatorProject, KernelTilingStructSpellsTheHostsPadding) {
    akg::build::HostMeta meta;
    akg::host::TilingStruct words{"Words3", 16, {}};
    for (uint32_t i = 0; i < 3; ++i) words.fields.push_back({std::string(1, char('x' + i)), "uint32_t", false, 0, 4 * i, 4});
    akg::host::TilingStruct outer{"AfterWord", 32, {}};
    outer.fields.push_back({"n", "uint32_t", false, 0, 0, 4});
    outer.fields.push_back({"w", "Words3", true, 0, 8, 16});
    outer.fields.push_back({"t", "uint16_t", false, 0, 24, 2});
    meta.tilingStructs = {words, outer};
    meta.tilingRegistrations.push_back({"Op", "AfterWord"});
    akg::host::OpInfo op;
    op.type = "Op";
    std::string genError;
    const std::string header = akg::build::GenerateKernelHeader(meta, op, {}, &genError);
    EXPECT_NE(header.find("uint8_t Words3PH[4];"), std::string::npos) << header;
    EXPECT_NE(header.find("uint32_t n;\n    uint8_t wPH[4];\n    Words3 w;"), std::string::npos) << header;
    EXPECT_NE(header.find("uint8_t AfterWordPH[6];"), std::string::npos) << header;
}

}  // namespace
