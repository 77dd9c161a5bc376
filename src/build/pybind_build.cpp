#include "build/pybind_build.h"

#include "build/compile.h"
#include "common/process.h"

namespace akg::build {

namespace fs = std::filesystem;

namespace {
std::string ReplaceAll(std::string s, const std::string& from, const std::string& to) {
    for (size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size()))
        s.replace(pos, from.size(), to);
    return s;
}
}  // namespace

bool BuildPybind(const std::string& pybindCpp, const std::string& opType, const BuildOptions& options,
                 std::string* soPath, BuildError* error) {
    std::string source = ReadFile(pybindCpp);
    source = ReplaceAll(source, "aclnnCustomOp", "aclnn" + opType);
    source = ReplaceAll(source, "custom_pybind_api", KernelNameOf(opType));
    source = "#line 1 \"" + fs::canonical(pybindCpp).string() + "\"\n" + source;
    Sha256 h;
    h.Field("pybind").Field(CompilerOf(options)).Field(ToolchainFingerprint(ResolveCacheDir(options))).Field(source);
    const fs::path dir = fs::path(ResolveCacheDir(options)) / "pybind" / h.HexDigest();
    *soPath = (dir / "pybind.so").string();
    if (fs::exists(*soPath)) return true;

    fs::path tmp = TempDirBeside(dir);
    std::error_code ec;
    fs::remove_all(tmp, ec);
    fs::create_directories(tmp, ec);
    std::vector<std::string> argv = {CompilerOf(options)};
    for (auto& f : CommonFlags(options)) argv.push_back(f);
    argv.push_back("-I" AKG_INCLUDE_DIR "/torch_shim");
    WriteFile((tmp / "pybind.cpp").string(), source);
    argv.push_back((tmp / "pybind.cpp").string());
    argv.push_back("-o");
    argv.push_back((tmp / "pybind.so").string());
    for (auto& f : LinkFlags("akg_pyshim")) argv.push_back(f);
    ProcessResult r = RunProcess(argv, options.timeoutSeconds);
    if (r.exitCode != 0) {
        fs::remove_all(tmp, ec);
        *error = {BuildStage::HostCompile, "the task's pybind glue does not compile against the shim", r.output};
        return false;
    }
    if (!Publish(tmp, dir)) {
        *error = {BuildStage::HostCompile, "cannot write the build cache at " + dir.string(), ""};
        return false;
    }
    return true;
}

}  // namespace akg::build
