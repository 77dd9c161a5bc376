// The anti-cheat scan (docs/anticheat.md): no finding on any reference answer, one finding of the
// right rule and line for each adversarial candidate.
//
// The NPUKernelBench corpus is not part of the repository. To check it locally:
//   mkdir -p /tmp/nkb && git -C <NPUKernelBench clone> archive HEAD tasks | tar -x -C /tmp/nkb
//   AKGEN_NKB_TASKS=/tmp/nkb/tasks akg_harness_tests --gtest_filter='AntiCheatCorpus.*'
// (/tmp/nkb/tasks is the default; the test is skipped when the directory is absent).
#include "harness/anticheat.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include "build/builder.h"
#include "build/project.h"
#include "harness/task_set.h"
#include "common/process.h"

namespace akg::harness {
namespace {

namespace fs = std::filesystem;

const fs::path kSourceRoot = fs::path(__FILE__).parent_path().parent_path().parent_path();

// Where this test binary's runtime libraries are: <build>/bin/akg_harness_tests -> <build>/lib.
fs::path RuntimeLibDir() { return fs::read_symlink("/proc/self/exe").parent_path().parent_path() / "lib"; }

std::string Describe(const std::vector<CheatFinding>& findings) {
    std::string out;
    for (const CheatFinding& f : findings) out += "  " + f.message + "\n";
    return out;
}

// The files a caller scans: the top level of op_kernel/ or op_host/ (subdirectories are reached
// through includes).
std::vector<std::string> SourcesIn(const fs::path& dir) {
    std::vector<std::string> out;
    if (!fs::is_directory(dir)) return out;
    for (const auto& e : fs::directory_iterator(dir)) {
        const std::string ext = e.path().extension().string();
        if (e.is_regular_file() && (ext == ".cpp" || ext == ".cc" || ext == ".h" || ext == ".hpp"))
            out.push_back(e.path().string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

// Every <task>/answer/<k> directory with op_host/ and op_kernel/ below `tasksDir`.
std::vector<fs::path> AnswerDirs(const fs::path& tasksDir) {
    std::vector<fs::path> out;
    for (const auto& e : fs::recursive_directory_iterator(tasksDir)) {
        const fs::path& p = e.path();
        if (e.is_directory() && p.parent_path().filename() == "answer" && fs::is_directory(p / "op_kernel") &&
            fs::is_directory(p / "op_host"))
            out.push_back(p);
    }
    std::sort(out.begin(), out.end());
    return out;
}

struct CorpusScan {
    int projects = 0;
    int files = 0;
    std::vector<CheatFinding> findings;
};

CorpusScan ScanAnswers(const fs::path& tasksDir) {
    CorpusScan scan;
    for (const fs::path& answer : AnswerDirs(tasksDir)) {
        ++scan.projects;
        for (auto [dir, side] : {std::pair{"op_kernel", SourceSide::Kernel}, std::pair{"op_host", SourceSide::Host}}) {
            const std::vector<std::string> files = SourcesIn(answer / dir);
            scan.files += int(files.size());
            for (CheatFinding& f : ScanSources(answer.string(), files, side)) {
                f.message = answer.string() + ": " + f.message;
                scan.findings.push_back(std::move(f));
            }
        }
    }
    return scan;
}

// A scratch operator project, removed at the end of the test.
class ScratchProject {
public:
    ScratchProject() {
        std::string pattern = (fs::temp_directory_path() / "akg_anticheat_XXXXXX").string();
        root_ = mkdtemp(pattern.data());
    }
    ~ScratchProject() {
        std::error_code ec;
        fs::remove_all(root_, ec);
    }
    const fs::path& Root() const { return root_; }

    std::string Write(const std::string& relative, const std::string& text) const {
        const fs::path p = root_ / relative;
        fs::create_directories(p.parent_path());
        std::ofstream(p) << text;
        return p.string();
    }
    std::vector<CheatFinding> Scan(SourceSide side, const std::vector<std::string>& relativeFiles,
                                   bool simtPlatform = false) const {
        return ScanSources(root_.string(), relativeFiles, side, simtPlatform);
    }

private:
    fs::path root_;
};

// ---------------------------------------------------------------------------------------------
// No false positives on reference answers.

TEST(AntiCheat, OwnTaskAnswerSourcesAreClean) {
    const CorpusScan scan = ScanAnswers(kSourceRoot / "tasks");
    ASSERT_GT(scan.projects, 0) << "no answers under " << (kSourceRoot / "tasks");
    EXPECT_TRUE(scan.findings.empty()) << Describe(scan.findings);
    std::cout << "scanned " << scan.projects << " answers, " << scan.files << " files\n";
}

// The libraries the builder makes from our answers: host half plus one kernel variant each
// (about two seconds per answer when the cache is cold).
TEST(AntiCheat, OwnTaskAnswerLibrariesAreClean) {
    const std::string sim = (RuntimeLibDir() / "libakg_sim.so").string();
    const std::string host = (RuntimeLibDir() / "libakg_host.so").string();
    int libraries = 0;
    for (const fs::path& answer : AnswerDirs(kSourceRoot / "tasks")) {
        SCOPED_TRACE(answer.string());
        build::OpProject project;
        std::string error;
        ASSERT_TRUE(build::DiscoverProject(answer.string(), &project, &error)) << error;
        // Built as the builder does, without loading the host library into this process, in the
        // build cache the task suite's CTests use (<build>/akgcache).
        build::BuildOptions options;
        options.cacheDir = (RuntimeLibDir().parent_path() / "akgcache").string();
        build::HostArtifact hostLibrary;
        build::BuildError buildError;
        ASSERT_TRUE(build::BuildHost(project, options, &hostLibrary, &buildError))
            << buildError.message << "\n" << buildError.log;
        const std::vector<std::string> entries = build::FindKernelEntries(project.kernelSources);
        const host::OpInfo* op = nullptr;
        for (const host::OpInfo& o : hostLibrary.meta.ops)
            if (!op && std::count(entries.begin(), entries.end(), build::KernelNameOf(o.type))) op = &o;
        ASSERT_NE(op, nullptr) << "no operator with a kernel entry point";
        build::DtypeCombo firstColumn;
        auto first = [](const host::ParamInfo& p) { return p.dtypes.empty() ? ge::DT_UNDEFINED : p.dtypes[0]; };
        for (const host::ParamInfo& p : op->inputs) firstColumn.inputs.push_back(first(p));
        for (const host::ParamInfo& p : op->outputs) firstColumn.outputs.push_back(first(p));
        build::KernelArtifact kernel;
        ASSERT_TRUE(build::BuildKernel(project, hostLibrary, *op, firstColumn, options, &kernel, &buildError))
            << buildError.message << "\n" << buildError.log;
        const auto hostFindings = ScanLibrary(hostLibrary.soPath, SourceSide::Host, {host});
        EXPECT_TRUE(hostFindings.empty()) << Describe(hostFindings);
        const auto kernelFindings = ScanLibrary(kernel.libraries.front().soPath, SourceSide::Kernel, {sim});
        EXPECT_TRUE(kernelFindings.empty()) << Describe(kernelFindings);
        libraries += 2;
    }
    EXPECT_GT(libraries, 0);
}

TEST(AntiCheatCorpus, NpuKernelBenchAnswersAreClean) {
    const char* env = std::getenv("AKGEN_NKB_TASKS");
    const fs::path tasks = env ? env : "/tmp/nkb/tasks";
    if (!fs::is_directory(tasks)) GTEST_SKIP() << "no NPUKernelBench tasks at " << tasks << " (set AKGEN_NKB_TASKS)";
    const CorpusScan scan = ScanAnswers(tasks);
    EXPECT_GT(scan.projects, 0);
    EXPECT_TRUE(scan.findings.empty()) << Describe(scan.findings);
    std::cout << "scanned " << scan.projects << " NPUKernelBench answers, " << scan.files << " files, "
              << scan.findings.size() << " findings\n";
}

// ---------------------------------------------------------------------------------------------
// One adversarial candidate per rule.

struct Adversary {
    const char* name;
    SourceSide side;
    const char* statement;  // placed on line 4 of a kernel or host source
    const char* rule;
};

// Line 1-3 are clean; the statement under test is line 4.
std::string KernelSource(const std::string& statement) {
    return "#include \"kernel_operator.h\"\n"
           "using namespace AscendC;\n"
           "extern \"C\" __global__ __aicore__ void cheat(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {\n" +
           statement + "\n}\n";
}
std::string HostSource(const std::string& statement) {
    return "#include \"register/op_def_registry.h\"\n"
           "#include <string>\n"
           "static ge::graphStatus TilingFunc(gert::TilingContext* context) {\n" +
           statement + "\n    return ge::GRAPH_SUCCESS;\n}\n";
}

const Adversary kAdversaries[] = {
    {"include_fstream", SourceSide::Kernel, "#include <fstream>", "include"},
    {"include_unistd_host", SourceSide::Host, "#include <unistd.h>", "include"},
    {"include_socket_quoted", SourceSide::Host, "#include \"sys/socket.h\"", "include"},
    {"include_chrono_kernel", SourceSide::Kernel, "#include <chrono>", "include"},
    {"include_computed", SourceSide::Kernel, "#include TILING_HEADER", "include"},
    {"include_absolute", SourceSide::Kernel, "#include \"/etc/passwd\"", "include"},
    {"inline_asm", SourceSide::Kernel, "    asm volatile(\"nop\");", "inline_asm"},
    {"inline_asm_gnu", SourceSide::Host, "    __asm__ __volatile__(\"\" ::: \"memory\");", "inline_asm"},
    {"no_sanitize_attribute", SourceSide::Kernel, "    auto peek = [](GM_ADDR p) __attribute__((no_sanitize_address)) { return *p; };",
     "instrumentation"},
    {"gnu_no_sanitize", SourceSide::Kernel, "    auto peek = [](GM_ADDR p) [[gnu::no_sanitize(\"kernel-address\")]] { return *p; };",
     "instrumentation"},
    {"own_access_callback", SourceSide::Kernel, "    void __asan_load4_noabort(void*);", "instrumentation"},
    {"fopen", SourceSide::Kernel, "    FILE* f = fopen(\"expected.bin\", \"rb\");", "file_io"},
    {"open_call", SourceSide::Host, "    int fd = open(\"expected.bin\", 0);", "file_io"},
    {"global_write", SourceSide::Kernel, "    ::write(1, \"x\", 1);", "file_io"},
    {"ifstream", SourceSide::Host, "    std::ifstream in(\"golden.bin\");", "file_io"},
    {"filesystem", SourceSide::Host, "    namespace fs = std::filesystem;", "file_io"},
    {"socket", SourceSide::Host, "    int s = socket(2, 1, 0);", "network"},
    {"connect", SourceSide::Kernel, "    connect(3, nullptr, 0);", "network"},
    {"system", SourceSide::Host, "    system(\"cat expected.bin\");", "process"},
    {"std_system", SourceSide::Host, "    std::system(\"ls\");", "process"},
    {"fork", SourceSide::Kernel, "    if (fork() == 0) return;", "process"},
    {"dlopen", SourceSide::Host, "    void* h = dlopen(\"libc.so.6\", 2);", "process"},
    {"syscall", SourceSide::Kernel, "    syscall(39);", "process"},
    {"std_thread", SourceSide::Host, "    std::thread t([] {});", "thread"},
    {"pthread_create", SourceSide::Kernel, "    pthread_create(nullptr, nullptr, nullptr, nullptr);", "thread"},
    {"std_async", SourceSide::Host, "    auto f = std::async([] { return 1; });", "thread"},
    {"chrono", SourceSide::Host, "    auto t0 = std::chrono::steady_clock::now();", "clock"},
    {"time_call", SourceSide::Kernel, "    uint32_t seed = time(nullptr);", "clock"},
    {"clock_gettime", SourceSide::Host, "    timespec ts; clock_gettime(0, &ts);", "clock"},
    {"rdtsc_builtin", SourceSide::Kernel, "    auto c = __builtin_ia32_rdtsc();", "clock"},
    {"random_device", SourceSide::Host, "    std::random_device rd;", "clock"},
    {"getenv", SourceSide::Host, "    const char* dir = getenv(\"AKGEN_CACHE_DIR\");", "environment"},
    {"environ", SourceSide::Kernel, "    char** env = environ;", "environment"},
    {"proc_path", SourceSide::Host, "    std::string maps = \"/proc/self/maps\";", "environment"},
    // Device-code rules (compile.device_code): kernel side only.
    {"malloc_kernel", SourceSide::Kernel, "    float* tmp = (float*)malloc(64 * sizeof(float));", "device_heap"},
    {"free_kernel", SourceSide::Kernel, "    free(buffer);", "device_heap"},
    {"new_kernel", SourceSide::Kernel, "    float* tmp = new float[64];", "device_heap"},
    {"new_nothrow_kernel", SourceSide::Kernel, "    auto* p = new (std::nothrow) int(3);", "device_heap"},
    {"delete_kernel", SourceSide::Kernel, "    delete[] tmp;", "device_heap"},
    {"operator_new_kernel", SourceSide::Kernel, "    void* p = ::operator new(64);", "device_heap"},
    {"vector_kernel", SourceSide::Kernel, "    std::vector<float> scratch(64);", "device_heap"},
    {"string_kernel", SourceSide::Kernel, "    std::string name = \"x\";", "device_heap"},
    {"cout_kernel", SourceSide::Kernel, "    std::cout << 1;", "device_libc"},
    {"puts_kernel", SourceSide::Kernel, "    puts(\"x\");", "device_libc"},
    {"exit_kernel", SourceSide::Kernel, "    exit(1);", "device_libc"},
};

class AntiCheatAdversary : public ::testing::TestWithParam<Adversary> {};

TEST_P(AntiCheatAdversary, IsFlaggedWithRuleAndLine) {
    const Adversary& a = GetParam();
    ScratchProject project;
    const bool kernel = a.side == SourceSide::Kernel;
    const std::string file = kernel ? "op_kernel/cheat.cpp" : "op_host/cheat.cpp";
    project.Write(file, kernel ? KernelSource(a.statement) : HostSource(a.statement));
    const auto findings = project.Scan(a.side, {file});
    ASSERT_EQ(findings.size(), 1u) << Describe(findings);
    EXPECT_EQ(findings[0].rule, a.rule) << findings[0].message;
    const bool deviceCode = std::string_view(a.rule).substr(0, 7) == "device_";
    EXPECT_EQ(CheatClassOf(findings[0]), deviceCode ? std::string("compile.device_code") : std::string("anticheat.") + a.rule);
    EXPECT_NE(findings[0].message.find("(" + CheatClassOf(findings[0]) + ")"), std::string::npos) << findings[0].message;
    EXPECT_EQ(findings[0].file, file);
    EXPECT_EQ(findings[0].line, 4) << findings[0].message;
    EXPECT_NE(findings[0].message.find(file + ":4: "), std::string::npos) << findings[0].message;
}

INSTANTIATE_TEST_SUITE_P(AntiCheat, AntiCheatAdversary, ::testing::ValuesIn(kAdversaries),
                         [](const auto& info) { return std::string(info.param.name); });

// The SIMT headers are Ascend 950's: a kernel may include them on a SIMT platform only, and
// elsewhere the finding says why.
TEST(AntiCheat, SimtHeadersOnlyOnASimtPlatform) {
    ScratchProject project;
    project.Write("op_kernel/op.cpp", "#include \"kernel_operator.h\"\n#include \"simt_api/asc_simt.h\"\n"
                                      "#include \"simt_api/common_functions.h\"\n");
    EXPECT_TRUE(project.Scan(SourceSide::Kernel, {"op_kernel/op.cpp"}, true).empty());
    const auto findings = project.Scan(SourceSide::Kernel, {"op_kernel/op.cpp"});
    ASSERT_EQ(findings.size(), 2u) << Describe(findings);
    EXPECT_EQ(findings[0].rule, "include");
    EXPECT_EQ(findings[0].line, 2);
    EXPECT_NE(findings[0].message.find("only on Ascend 950"), std::string::npos) << findings[0].message;
    // Host code has no SIMT headers on any platform.
    project.Write("op_host/tiling.cpp", "#include \"simt_api/asc_simt.h\"\n");
    EXPECT_EQ(project.Scan(SourceSide::Host, {"op_host/tiling.cpp"}, true).size(), 1u);
}

TEST(AntiCheat, HostMayIncludeChronoAndCstdioButNotUseAClock) {
    ScratchProject project;
    project.Write("op_host/tiling.cpp", "#include <chrono>\n#include <cstdio>\n#include <random>\n"
                                        "int Pick() { std::mt19937 g(42); printf(\"%u\\n\", g()); return 0; }\n");
    EXPECT_TRUE(project.Scan(SourceSide::Host, {"op_host/tiling.cpp"}).empty());
}

// Host code keeps what CANN's host build allows: allocation, containers, stdio and exit.
TEST(AntiCheat, HostCodeMayAllocatePrintAndExit) {
    ScratchProject project;
    project.Write("op_host/tiling.cpp", "#include <cstdio>\n#include <cstdlib>\n#include <string>\n#include <vector>\n"
                                        "int Pick(int n) {\n"
                                        "    std::vector<int> v(n); std::string s = std::to_string(n);\n"
                                        "    int* p = new int[n]; delete[] p; void* q = malloc(8); free(q);\n"
                                        "    if (n < 0) { puts(\"bad\"); exit(1); }\n"
                                        "    return int(v.size() + s.size());\n"
                                        "}\n");
    const auto findings = project.Scan(SourceSide::Host, {"op_host/tiling.cpp"});
    EXPECT_TRUE(findings.empty()) << Describe(findings);
}

// What kernels write that looks like the heap but is not: placement new into a buffer they own,
// deleted special members, and names that only resemble the C library's.
TEST(AntiCheat, PlacementNewAndDeletedFunctionsAreNotTheHeap) {
    ScratchProject project;
    project.Write("op_kernel/op.cpp", "#include \"kernel_operator.h\"\n#include <new>\n"
                                      "struct Op { Op() = default; Op(const Op&) = delete; Op& operator=(const Op&) = delete; };\n"
                                      "alignas(Op) static unsigned char storage[sizeof(Op)];\n"
                                      "void Make() { Op* op = new (storage) Op(); op->~Op(); }\n"
                                      "struct Buf { void free(int) {} } buf;\n"
                                      "void Use(Buf& b) { b.free(0); int vector = 0; (void)vector; }\n");
    const auto findings = project.Scan(SourceSide::Kernel, {"op_kernel/op.cpp"});
    EXPECT_TRUE(findings.empty()) << Describe(findings);
}

TEST(AntiCheat, ProjectHeadersAreScannedWhereTheyAre) {
    ScratchProject project;
    project.Write("op_kernel/common/helpers.h", "#pragma once\n#include <type_traits>\n\ninline int Peek() { return getenv(\"X\") != 0; }\n");
    project.Write("op_kernel/base.h", "#pragma once\n#include \"common/helpers.h\"\n");
    project.Write("op_kernel/op.cpp", "#include \"kernel_operator.h\"\n#include \"base.h\"\n#include <base.h>\n");
    const auto findings = project.Scan(SourceSide::Kernel, {"op_kernel/op.cpp"});
    ASSERT_EQ(findings.size(), 1u) << Describe(findings);
    EXPECT_EQ(findings[0].rule, "environment");
    EXPECT_EQ(findings[0].file, "op_kernel/common/helpers.h");
    EXPECT_EQ(findings[0].line, 4);
}

TEST(AntiCheat, IncludesEscapingTheProjectAreFlagged) {
    ScratchProject outside;
    outside.Write("expected.h", "const float kExpected[] = {1, 2, 3};\n");
    ScratchProject project;
    const std::string relative = fs::relative(outside.Root() / "expected.h", project.Root() / "op_kernel").string();
    project.Write("op_kernel/op.cpp", "#include \"kernel_operator.h\"\n#include \"" + relative + "\"\n");
    fs::create_symlink(outside.Root() / "expected.h", project.Root() / "op_kernel" / "linked.h");
    project.Write("op_kernel/other.cpp", "#include \"linked.h\"\n");
    const auto findings = project.Scan(SourceSide::Kernel, {"op_kernel/op.cpp", "op_kernel/other.cpp"});
    ASSERT_EQ(findings.size(), 2u) << Describe(findings);
    EXPECT_EQ(findings[0].rule, "include");
    EXPECT_EQ(findings[0].line, 2);
    EXPECT_EQ(findings[1].rule, "include");
    EXPECT_EQ(findings[1].file, "op_kernel/other.cpp");
    EXPECT_EQ(findings[1].line, 1);
}

// A generated task carries a sibling operator's file at its repository-relative place
// (answer/<other_op>/op_kernel/..., docs/anticheat.md "The answer project"): an include resolving
// inside the answer project is project code, one escaping it is still a finding.
TEST(AntiCheat, IncludesInsideTheAnswerProjectAreTrustedAndEscapesAreNot) {
    ScratchProject task;
    task.Write("answer/background_replace/op_kernel/vector_scheduler.h", "#pragma once\n#include <cstdint>\n");
    task.Write("secret.h", "const float kExpected[] = {1, 2, 3};\n");
    task.Write("answer/0/op_kernel/blend.cpp",
               "#include \"kernel_operator.h\"\n#include \"../../background_replace/op_kernel/vector_scheduler.h\"\n");
    task.Write("answer/0/op_kernel/hostile.cpp", "#include \"kernel_operator.h\"\n#include \"../../../secret.h\"\n");
    const TaskRef ref{(task.Root()).string()};
    const std::string kernelDir = (task.Root() / "answer" / "0" / "op_kernel").string();
    const ScanScope scope{AnswerProjectOf(ref, (task.Root() / "answer" / "0").string())};
    EXPECT_EQ(scope.projectRoot, fs::canonical(task.Root() / "answer").string());
    auto findings = ScanSources(kernelDir, {"blend.cpp"}, SourceSide::Kernel, scope);
    EXPECT_TRUE(findings.empty()) << Describe(findings);
    // The sibling's own code is scanned as the project's.
    task.Write("answer/background_replace/op_kernel/vector_scheduler.h", "#pragma once\n#include <fstream>\n");
    findings = ScanSources(kernelDir, {"blend.cpp"}, SourceSide::Kernel, scope);
    ASSERT_EQ(findings.size(), 1u) << Describe(findings);
    EXPECT_EQ(findings[0].file, "../../background_replace/op_kernel/vector_scheduler.h");
    EXPECT_EQ(findings[0].line, 2);
    // A candidate that is not the task's own answer is bounded by its own directory: the task's
    // carried sibling is outside it.
    const std::string sample = (task.Root() / "samples" / "0").string();
    EXPECT_EQ(AnswerProjectOf(ref, sample), fs::weakly_canonical(sample).string());
    findings = ScanSources(kernelDir, {"blend.cpp"}, SourceSide::Kernel, {(task.Root() / "answer" / "0").string()});
    ASSERT_EQ(findings.size(), 1u) << Describe(findings);
    EXPECT_EQ(findings[0].rule, "include");
    EXPECT_EQ(findings[0].line, 2);
    // Climbing out of answer/ is an escape.
    findings = ScanSources(kernelDir, {"hostile.cpp"}, SourceSide::Kernel, scope);
    ASSERT_EQ(findings.size(), 1u) << Describe(findings);
    EXPECT_EQ(findings[0].rule, "include");
    EXPECT_EQ(findings[0].file, "hostile.cpp");
    EXPECT_EQ(findings[0].line, 2);
}

// Includes are judged on what the preprocessor takes under the kernel's real flags: another
// architecture's headers in an inactive #if branch (ops-cv's GridSampler2DGrad) are not code; a
// forbidden header in the active branch still is, at its file and line.
TEST(AntiCheat, IncludesOfInactiveBranchesAreNotJudged) {
    ScratchProject project;
    project.Write("op_kernel/a2.h", "#pragma once\n#include <cstdint>\n");
    project.Write("op_kernel/arch35/simt.h", "#pragma once\n#include \"simt_api/asc_simt.h\"\n#include <thread>\n");
    project.Write("op_kernel/op.cpp",
                  "#include \"kernel_operator.h\"\n#if __CCE_AICORE__ == 220\n#include \"a2.h\"\n#else\n"
                  "#include \"arch35/simt.h\"\n#include <fstream>\n#endif\n");
    project.Write("op_kernel/bad.cpp",
                  "#include \"kernel_operator.h\"\n#if __CCE_AICORE__ == 220\n#include <fstream>\n#endif\n");
    build::OpProject op;
    op.kernelDir = (project.Root() / "op_kernel").string();
    op.kernelSources = {(project.Root() / "op_kernel" / "op.cpp").string()};
    const std::string kernelDir = op.kernelDir;
    auto textual = ScanSources(kernelDir, {"op.cpp"}, SourceSide::Kernel);
    EXPECT_EQ(textual.size(), 3u) << Describe(textual);  // simt_api, <thread>, <fstream>
    build::BuildOptions options;
    std::vector<std::string> opened;
    std::string error;
    ASSERT_TRUE(build::KernelPreprocessedFiles(op, options, &opened, &error)) << error;
    ScanScope scope{"", &opened};
    auto findings = ScanSources(kernelDir, {"op.cpp"}, SourceSide::Kernel, scope);
    EXPECT_TRUE(findings.empty()) << Describe(findings);

    op.kernelSources = {(project.Root() / "op_kernel" / "bad.cpp").string()};
    ASSERT_TRUE(build::KernelPreprocessedFiles(op, options, &opened, &error)) << error;
    findings = ScanSources(kernelDir, {"bad.cpp"}, SourceSide::Kernel, scope);
    ASSERT_EQ(findings.size(), 1u) << Describe(findings);
    EXPECT_EQ(findings[0].rule, "include");
    EXPECT_EQ(findings[0].file, "bad.cpp");
    EXPECT_EQ(findings[0].line, 3);
}

// The device rules judge device code: a kernel-side header's unqualified (host) helper may use
// std::string, as CANN's device compiler never emits it; device bodies are judged however they are
// declared (qualifier, qualifier macro, constructor with brace initialisers, SIMT function).
TEST(AntiCheat, DeviceRulesJudgeDeviceBodiesOnly) {
    ScratchProject project;
    project.Write("op_kernel/tiling_data.h",
                  "#pragma once\n#include <string>\n"
                  "struct TilingData {\n    int n;\n"
                  "    std::string toString() const { return std::to_string(n); }\n};\n");
    project.Write("op_kernel/op.cpp",
                  "#include \"kernel_operator.h\"\n#include \"tiling_data.h\"\n"
                  "#define DEVICE_INLINE __aicore__ inline\n"
                  "class K {\npublic:\n"
                  "    __aicore__ inline K() : a_{0}, b_{1} {\n        float* p = new float[3];\n    }\n"  // lines 6-8
                  "    DEVICE_INLINE void Run() {\n        std::vector<int> v(4);\n    }\n"          // lines 9-11
                  "    int a_, b_;\n};\n"
                  "extern \"C\" __global__ __aicore__ void op(GM_ADDR x) {\n"
                  "    if (x) { puts(\"x\"); }\n}\n");  // lines 14-16
    const auto findings = project.Scan(SourceSide::Kernel, {"op_kernel/op.cpp"});
    std::set<std::pair<std::string, int>> got;
    for (const CheatFinding& f : findings) got.insert({f.rule, f.line});
    const std::set<std::pair<std::string, int>> want = {{"device_heap", 7}, {"device_heap", 10}, {"device_libc", 15}};
    EXPECT_EQ(got, want) << Describe(findings);
}

// ---------------------------------------------------------------------------------------------
// Comments, literals and whole tokens.

TEST(AntiCheat, CommentsAndLiteralsAreNotCode) {
    ScratchProject project;
    project.Write("op_kernel/op.cpp",
                  "#include \"kernel_operator.h\"\n"
                  "// fopen, socket, getenv and system() are forbidden \\\n"
                  "   fopen(\"continued comment line\");\n"
                  "/* #include <fstream>\n"
                  "   asm(\"nop\"); */\n"
                  "const char* kHelp = \"do not call fopen() or getenv(\\\"HOME\\\")\";\n"
                  "const char* kRaw = R\"x(system(\"ls\"); \")\" std::thread)x\";\n"
                  "const char kQuote = '\"'; const char kOpen = '(';\n"
                  "constexpr int kMillion = 1'000'000; const char* kAfter = \"fork()\";\n"
                  "int Clean() { return kMillion; }\n"
                  "auto* bad = &fopen;\n");
    const auto findings = project.Scan(SourceSide::Kernel, {"op_kernel/op.cpp"});
    ASSERT_EQ(findings.size(), 1u) << Describe(findings);
    EXPECT_EQ(findings[0].rule, "file_io");
    EXPECT_EQ(findings[0].line, 11);
}

// The compiler joins a line ending in a backslash with the next one, and reads %: as #.
TEST(AntiCheat, SplicedLinesAndDigraphsAreSeenAsTheCompilerSeesThem) {
    ScratchProject project;
    project.Write("op_kernel/op.cpp",
                  "#include \"kernel_operator.h\"\n"
                  "int Ok() { return 0; }\n"
                  "auto* p = &fo\\\n"
                  "pen;\n"
                  "%:include <fstream>\n");
    const auto findings = project.Scan(SourceSide::Kernel, {"op_kernel/op.cpp"});
    ASSERT_EQ(findings.size(), 2u) << Describe(findings);
    EXPECT_EQ(findings[0].rule, "file_io");
    EXPECT_EQ(findings[0].line, 3);
    EXPECT_EQ(findings[1].rule, "include");
    EXPECT_EQ(findings[1].line, 5);
}

TEST(AntiCheat, OnlyWholeTokensOfTheLibraryFunctionMatch) {
    ScratchProject project;
    project.Write("op_kernel/op.cpp",
                  "#include \"kernel_operator.h\"\n"
                  "#include <functional>\n"
                  "struct Reader { int read(int n); int open(); };\n"
                  "namespace my { int system(int); }\n"
                  "class Sink { public: void write(int v); void Flush() { write(1); } };\n"
                  "int Use(Reader& r, Reader* p, Sink& s) {\n"
                  "    int OpenFile = 0, reopen = 1, myfopen = 2, timeout = 3, clockRate = 4;\n"
                  "    float time = 0.5f; time += 1;\n"
                  "    auto f = std::bind(&Reader::open, &r);\n"
                  "    s.write(2);\n"
                  "    return r.read(1) + p->open() + Reader{}.read(2) + my::system(3) + OpenFile + reopen +\n"
                  "           myfopen + timeout + clockRate + int(time) + f();\n"
                  "}\n");
    const auto findings = project.Scan(SourceSide::Kernel, {"op_kernel/op.cpp"});
    EXPECT_TRUE(findings.empty()) << Describe(findings);
}

// ---------------------------------------------------------------------------------------------
// docs/anticheat.md: every name and header it lists behaves as it says.

// The bullets and paragraphs of a Markdown file, continuation lines joined, with the heading
// they sit under.
struct DocBlock {
    std::string heading;
    std::string text;  // without the bullet's "- "
};

std::vector<DocBlock> DocBlocks(const fs::path& path) {
    std::vector<DocBlock> blocks;
    std::ifstream in(path);
    EXPECT_TRUE(in) << path;
    std::string heading;
    bool open = false;
    for (std::string line; std::getline(in, line);) {
        const size_t indent = line.find_first_not_of(' ');
        if (indent == std::string::npos) {
            open = false;
        } else if (line[0] == '#') {
            heading = line;
            open = false;
        } else if (line.compare(indent, 2, "- ") == 0) {
            blocks.push_back({heading, line.substr(indent + 2)});
            open = true;
        } else if (open) {
            blocks.back().text += " " + line.substr(indent);
        } else {
            blocks.push_back({heading, line.substr(indent)});
            open = true;
        }
    }
    return blocks;
}

std::vector<std::string> Backticked(const std::string& text) {
    std::vector<std::string> items;
    for (size_t b = text.find('`'); b != std::string::npos; b = text.find('`', b + 1)) {
        const size_t e = text.find('`', b + 1);
        if (e == std::string::npos) break;
        items.push_back(text.substr(b + 1, e - b - 1));
        b = e;
    }
    return items;
}

bool StartsWith(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

std::vector<CheatFinding> ScanKernelStatement(SourceSide side, const std::string& statement) {
    ScratchProject project;
    const bool kernel = side == SourceSide::Kernel;
    const std::string file = kernel ? "op_kernel/op.cpp" : "op_host/op.cpp";
    project.Write(file, kernel ? KernelSource(statement) : HostSource(statement));
    return project.Scan(side, {file});
}

TEST(AntiCheatDoc, EveryListedIdentifierIsFlaggedInItsDocumentedForm) {
    int checked = 0;
    for (const DocBlock& block : DocBlocks(kSourceRoot / "docs" / "anticheat.md")) {
        if (!StartsWith(block.heading, "### `") || block.heading == "### `include`") continue;
        const std::string rule = Backticked(block.heading).at(0);
        std::vector<std::string> flagged, clean;  // statements
        const std::string form = block.text.substr(0, block.text.find(':'));
        for (const std::string& name : Backticked(block.text.substr(form.size()))) {
            if (form == "Any use") {
                flagged = {"    auto v = sizeof(" + name + ");"};
                clean = {"    obj." + name + " = 1;"};
            } else if (form == "Calls") {
                flagged = {"    " + name + "(0);", "    ::" + name + "(0);"};
                clean = {"    obj." + name + "(0);", "    Mine::" + name + "(0);", "    int " + name + "Count = 0;"};
            } else if (form == "Calls, also as `std::`") {
                flagged = {"    " + name + "(0);", "    std::" + name + "(0);"};
                clean = {"    obj." + name + "(0);"};
            } else if (form == "Only as `std::`") {
                flagged = {"    std::" + name + " x;"};
                clean = {"    int " + name + " = 0;"};
            } else {
                continue;
            }
            for (const std::string& statement : flagged) {
                const auto findings = ScanKernelStatement(SourceSide::Kernel, statement);
                ASSERT_EQ(findings.size(), 1u) << statement << "\n" << Describe(findings);
                EXPECT_EQ(findings[0].rule, rule) << statement;
                EXPECT_EQ(findings[0].line, 4) << statement;
            }
            for (const std::string& statement : clean) {
                const auto findings = ScanKernelStatement(SourceSide::Kernel, statement);
                EXPECT_TRUE(findings.empty()) << statement << "\n" << Describe(findings);
            }
            ++checked;
        }
    }
    EXPECT_GT(checked, 100);
}

TEST(AntiCheatDoc, EveryListedHeaderIsTreatedAsDocumented) {
    int checked = 0;
    for (const DocBlock& block : DocBlocks(kSourceRoot / "docs" / "anticheat.md")) {
        if (block.heading != "### `include`") continue;
        bool kernelAllowed, hostAllowed;
        if (StartsWith(block.text, "Both sides:"))
            kernelAllowed = hostAllowed = true;
        else if (StartsWith(block.text, "Host side also:") || StartsWith(block.text, "Host side only:"))
            kernelAllowed = false, hostAllowed = true;
        else if (StartsWith(block.text, "Everything else is a finding"))
            kernelAllowed = hostAllowed = false;
        else
            continue;
        for (std::string header : Backticked(block.text)) {
            if (header.back() == '/') header += "any.h";  // a namespace
            if (const size_t star = header.find('*'); star != std::string::npos) header.replace(star, 1, "any");
            const std::string include = "#include <" + header + ">";
            EXPECT_EQ(ScanKernelStatement(SourceSide::Kernel, include).empty(), kernelAllowed) << "kernel " << include;
            EXPECT_EQ(ScanKernelStatement(SourceSide::Host, include).empty(), hostAllowed) << "host " << include;
            ++checked;
        }
    }
    EXPECT_GT(checked, 100);
}

// ---------------------------------------------------------------------------------------------
// Binary symbol scan.

class AntiCheatLibrary : public ::testing::Test {
protected:
    std::string Build(const std::string& name, const std::string& source, const std::vector<std::string>& libs = {}) {
        const std::string src = project_.Write(name + ".cpp", source);
        const std::string so = (project_.Root() / (name + ".so")).string();
        std::vector<std::string> argv = {"g++", "-std=c++17", "-O0", "-shared", "-fPIC", src, "-o", so};
        argv.insert(argv.end(), libs.begin(), libs.end());
        const ProcessResult r = RunProcess(argv, 120);
        EXPECT_EQ(r.exitCode, 0) << r.output;
        return so;
    }
    ScratchProject project_;
};

TEST_F(AntiCheatLibrary, FopenIsFlagged) {
    const std::string so = Build("reads", "#include <cstdio>\n"
                                          "extern \"C\" void* Peek(const char* p) { return std::fopen(p, \"rb\"); }\n");
    const auto findings = ScanLibrary(so, SourceSide::Kernel);
    ASSERT_EQ(findings.size(), 1u) << Describe(findings);
    EXPECT_EQ(findings[0].rule, "symbol");
    EXPECT_EQ(findings[0].file, so);
    EXPECT_EQ(findings[0].line, 0);
    EXPECT_NE(findings[0].message.find("`fopen`"), std::string::npos) << findings[0].message;
}

TEST_F(AntiCheatLibrary, MemcpyAndMathAreClean) {
    const std::string so = Build("computes", "#include <cmath>\n#include <cstring>\n"
                                             "extern \"C\" float Compute(float* d, const float* s, int n) {\n"
                                             "    std::memcpy(d, s, n * sizeof(float));\n"
                                             "    return sinf(d[0]) + std::exp(d[0]);\n"
                                             "}\n");
    const auto findings = ScanLibrary(so, SourceSide::Kernel);
    EXPECT_TRUE(findings.empty()) << Describe(findings);
}

// The binary side of the device-code rules: whatever hid the call from the source scan, a kernel
// library that imports the allocator or stdio fails; a host library may import both.
TEST_F(AntiCheatLibrary, HeapAndStdioInAKernelLibraryAreDeviceCodeFailures) {
    const std::string so = Build("allocates", "#include <cstdio>\n#include <cstdlib>\n#include <vector>\n"
                                              "extern \"C\" float Compute(float* d, int n) {\n"
                                              "    std::vector<float> v(d, d + n);\n"
                                              "    float* t = (float*)std::malloc(4); *t = v[0]; puts(\"x\");\n"
                                              "    float r = *t; std::free(t); return r;\n"
                                              "}\n");
    const auto findings = ScanLibrary(so, SourceSide::Kernel);
    std::string all;
    int heap = 0, libc = 0;
    for (const CheatFinding& f : findings) {
        EXPECT_EQ(CheatClassOf(f), "compile.device_code") << f.message;
        heap += f.rule == "device_heap";
        libc += f.rule == "device_libc";
        all += f.message + "\n";
    }
    for (const char* symbol : {"`malloc`", "`free`", "`operator new(", "`operator delete(", "`puts`"})
        EXPECT_NE(all.find(symbol), std::string::npos) << symbol << " not flagged in\n" << all;
    EXPECT_GE(heap, 4) << all;
    EXPECT_EQ(libc, 1) << all;
    EXPECT_TRUE(ScanLibrary(so, SourceSide::Host).empty()) << Describe(ScanLibrary(so, SourceSide::Host));
}

// Mutable global and static variables of kernel code: on the AI core they would be `__gm__`
// variables every core shares, a channel between cores (and across launches) that the simulator's
// one-core-after-another order would hide from the race detector. Every form is found in the
// library's symbol table, internal linkage and function-local statics included; constants are not
// variables, and host code may keep any state.
// How NPUKernelBench's RmsNormGrad and DeepNormGrad declare their cross-core counters, and
// `__gm__` in the places that declare no variable of that name.
TEST_F(AntiCheatLibrary, GmVariablesAreTheDeclaredNames) {
    const std::string src = project_.Write("gm.h", "static volatile __gm__ uint32_t fixed_output_sync[16] = {0, 0};\n"
                                                   "__gm__ int32_t counter;\n"
                                                   "__gm__ float* __gm__ published, * other;\n"
                                                   "// __gm__ int commented;\n"
                                                   "void f(__gm__ float* x) { auto p = (__gm__ float*)x; }\n");
    EXPECT_EQ(GmVariablesOf({src}), (std::set<std::string>{"counter", "fixed_output_sync", "published"}));
}

TEST_F(AntiCheatLibrary, MutableGlobalsInAKernelLibraryAreDeviceCodeFailures) {
    const std::string so = Build("globals", "#define __gm__\n"
                                            "static volatile __gm__ unsigned syncFlags[16] = {0};\n"
                                            "float partial[2];\n"
                                            "static int counter;\n"
                                            "namespace { double hidden = 1.5; }\n"
                                            "thread_local int perThread;\n"
                                            "struct Holder { static long shared; };\n"
                                            "long Holder::shared;\n"
                                            "const float kTable[4] = {1, 2, 3, 4};\n"
                                            "constexpr int kTiles = 8;\n"
                                            "extern \"C\" float Compute(int i) {\n"
                                            "    static float last;\n"
                                            "    last = partial[i & 1] + kTable[i & 3] + kTiles;\n"
                                            "    syncFlags[i & 15] = 1;\n"
                                            "    return last + ++counter + hidden + ++perThread + ++Holder::shared;\n"
                                            "}\n");
    // A variable the sources declare `__gm__` is CANN's device global, not a finding.
    const std::set<std::string> gm = GmVariablesOf({(project_.Root() / "globals.cpp").string()});
    EXPECT_EQ(gm.count("syncFlags"), 1u);
    const auto findings = ScanLibrary(so, SourceSide::Kernel, {}, gm);
    std::string all;
    for (const CheatFinding& f : findings) {
        EXPECT_EQ(f.rule, "device_global") << f.message;
        EXPECT_EQ(CheatClassOf(f), "compile.device_code") << f.message;
        all += f.message + "\n";
    }
    for (const char* name : {"`partial`", "`counter`", "`(anonymous namespace)::hidden`", "`perThread`",
                             "`Holder::shared`", "`Compute::last`"})
        EXPECT_NE(all.find(name), std::string::npos) << name << " not flagged in\n" << all;
    EXPECT_EQ(findings.size(), 6u) << all;
    EXPECT_EQ(all.find("kTable"), std::string::npos) << all;
    EXPECT_EQ(all.find("syncFlags"), std::string::npos) << all;
    EXPECT_TRUE(ScanLibrary(so, SourceSide::Host).empty()) << Describe(ScanLibrary(so, SourceSide::Host));
}

TEST_F(AntiCheatLibrary, EveryForbiddenFacilityIsFlagged) {
    const std::string so = Build("everything", "#include <cstdio>\n#include <cstdlib>\n#include <ctime>\n"
                                               "#include <dlfcn.h>\n#include <fcntl.h>\n#include <pthread.h>\n"
                                               "#include <sys/socket.h>\n#include <sys/syscall.h>\n#include <unistd.h>\n"
                                               "#include <fstream>\n#include <random>\n#include <thread>\n"
                                               "extern \"C\" long Cheat() {\n"
                                               "    timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts);\n"
                                               "    std::ifstream in(\"x\"); std::random_device rd;\n"
                                               "    std::thread t([] {}); t.join();\n"
                                               "    return open(\"x\", 0) + socket(2, 1, 0) + fork() + system(\"ls\") +\n"
                                               "           (getenv(\"X\") != nullptr) + syscall(39) + (dlopen(\"x\", 2) != nullptr) +\n"
                                               "           execve(\"x\", nullptr, nullptr) + rd();\n"
                                               "}\n");
    const auto findings = ScanLibrary(so, SourceSide::Host);
    std::string all;
    for (const CheatFinding& f : findings) {
        EXPECT_EQ(f.rule, "symbol");
        all += f.message + "\n";
    }
    for (const char* symbol : {"`open`", "`socket`", "`fork`", "`system`", "`getenv`", "`syscall`", "`dlopen`",
                               "`execve`", "`clock_gettime`", "std::thread::", "std::basic_ifstream<",
                               "std::random_device::"})
        EXPECT_NE(all.find(symbol), std::string::npos) << symbol << " not flagged in\n" << all;
}

TEST_F(AntiCheatLibrary, RuntimeLibrarySymbolsAreAllowed) {
    const std::string runtime = Build("runtime", "namespace sim { int Issue(int op) { return op + 1; } }\n");
    const std::string kernel = Build("kernel", "namespace sim { int Issue(int op); }\n"
                                               "extern \"C\" int Entry() { return sim::Issue(1); }\n",
                                     {runtime});
    EXPECT_TRUE(ScanLibrary(kernel, SourceSide::Kernel, {runtime}).empty());
    const auto without = ScanLibrary(kernel, SourceSide::Kernel);
    ASSERT_EQ(without.size(), 1u) << Describe(without);
    EXPECT_NE(without[0].message.find("sim::Issue(int)"), std::string::npos) << without[0].message;
}

TEST_F(AntiCheatLibrary, UnreadableLibraryFailsClosed) {
    const std::string notElf = project_.Write("fake.so", "not an ELF file");
    const auto findings = ScanLibrary(notElf, SourceSide::Kernel);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].rule, "symbol");
}

}  // namespace
}  // namespace akg::harness
