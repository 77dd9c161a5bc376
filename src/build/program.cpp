#include "build/program.h"

#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>

#include "build/compile.h"
#include "build/rewrite.h"
#include "common/process.h"

namespace akg::build {

namespace fs = std::filesystem;

namespace {

bool IsSource(const fs::path& p) {
    const std::string ext = p.extension().string();
    return ext == ".asc" || ext == ".cpp" || ext == ".cc";
}

bool DefinesMain(const fs::path& p) {
    static const std::regex main(R"(\bint(32_t)?\s+main\s*\()");
    const std::string text = ReadFile(p.string());
    return std::regex_search(text, main);
}

// The sources compiled into the program, sorted.
std::vector<fs::path> ProgramSources(const fs::path& path) {
    std::vector<fs::path> sources;
    if (fs::is_regular_file(path)) return {path};
    for (auto& e : fs::directory_iterator(path))
        if (e.is_regular_file() && IsSource(e.path())) sources.push_back(e.path());
    std::sort(sources.begin(), sources.end());
    return sources;
}

}  // namespace

bool IsDirectLaunchProgram(const std::string& path) {
    std::error_code ec;
    if (fs::is_regular_file(path, ec)) return IsSource(path);
    if (!fs::is_directory(path, ec) || fs::exists(fs::path(path) / "op_kernel", ec)) return false;
    for (const fs::path& s : ProgramSources(path))
        if (s.extension() == ".asc" || DefinesMain(s)) return true;
    return false;
}

namespace {

// What a program's compile reads of its directory: C/C++ sources and headers. Its data (inputs,
// goldens, outputs) is not part of the build, and the build cache must never be: with the cache
// kept inside a sample's directory, each build copied the previous builds' copies into itself.
TreeFilter ProgramTree(const fs::path& cacheRoot) {
    return [cacheRoot](const fs::directory_entry& e) {
        std::error_code ec;
        if (e.is_directory(ec)) return fs::weakly_canonical(e.path(), ec) != cacheRoot;
        static const std::set<std::string> kCompilerInputs = {".asc", ".cpp", ".cc", ".cxx", ".c", ".h",
                                                              ".hpp", ".hh", ".hxx", ".inc", ".inl", ".ipp", ".tpp"};
        return kCompilerInputs.count(e.path().extension().string()) > 0;
    };
}

}  // namespace

bool BuildProgram(const std::string& path, const BuildOptions& options, ProgramArtifact* out, BuildError* error) {
    const fs::path given = fs::absolute(path).lexically_normal();
    const fs::path dir = fs::is_regular_file(given) ? given.parent_path() : given;
    const std::vector<fs::path> sources = ProgramSources(given);
    if (sources.empty()) {
        *error = {BuildStage::Discover, "no .asc or .cpp source in " + given.string(), ""};
        return false;
    }
    Sha256 h;
    h.Field("program").Field(CompilerOf(options)).Field(options.optLevel).Field(std::to_string(options.cceAicore));
    h.Field(ToolchainFingerprint(ResolveCacheDir(options)));
    for (auto& d : options.defines) h.Field("-D" + d);
    for (auto& s : sources) h.Field(fs::relative(s, dir).string());
    std::error_code canon;
    const TreeFilter tree = ProgramTree(fs::weakly_canonical(ResolveCacheDir(options), canon));
    HashTree(h, dir.string(), tree);
    const fs::path cache = fs::path(ResolveCacheDir(options)) / "program" / h.HexDigest();
    ProgramArtifact art;
    art.exePath = (cache / "program").string();
    art.workDir = dir.string();
    if (fs::exists(art.exePath)) {
        art.cached = true;
        *out = std::move(art);
        return true;
    }

    const fs::path tmp = TempDirBeside(cache);
    std::error_code ec;
    fs::remove_all(tmp, ec);
    fs::create_directories(tmp, ec);
    std::string err;
    if (!MirrorRewritten(dir.string(), (tmp / "src").string(), &err, LaunchForm::Typed, tree)) {
        *error = {BuildStage::KernelGenerate, err, ""};
        return false;
    }
    // Compiled against the final location so that debug info and #line paths are stable.
    std::vector<std::string> argv = {CompilerOf(options)};
    for (auto& f : CommonFlags(options))
        if (f != "-shared") argv.push_back(f);
    // One source holds the host's main and the kernels; host code runs with no core running, so
    // its accesses are not the kernel's (src/sim/kernel_access.cpp).
    for (auto& f : KernelAccessFlags(argv.front())) argv.push_back(f);
    argv.push_back("-I" + (tmp / "src").string());
    for (auto& d : options.defines) argv.push_back("-D" + d);
    argv.push_back("-x");
    argv.push_back("c++");  // .asc is C++ with the vendor syntax the rewrite removed
    for (auto& s : sources) argv.push_back((tmp / "src" / fs::relative(s, dir)).string());
    argv.push_back("-x");
    argv.push_back("none");
    argv.push_back("-o");
    argv.push_back((tmp / "program").string());
    for (auto& f : LinkFlags("akg_sim")) argv.push_back(f);
    argv.push_back("-lakg_host");
    ProcessResult r = RunProcess(argv, options.timeoutSeconds);
    art.seconds = r.seconds;
    if (r.exitCode != 0) {
        fs::remove_all(tmp, ec);
        *error = {BuildStage::KernelCompile, r.timedOut ? "program compilation timed out" : "the program does not compile",
                  r.output};
        return false;
    }
    WriteFile((tmp / "build.log").string(), r.output);
    if (!Publish(tmp, cache)) {
        *error = {BuildStage::KernelCompile, "cannot write the build cache at " + cache.string(), ""};
        return false;
    }
    *out = std::move(art);
    return true;
}

}  // namespace akg::build
