#include "build/compile.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "common/elf.h"

namespace akg::build {

namespace fs = std::filesystem;

std::string ReadFile(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

bool WriteFile(const std::string& path, const std::string& text) {
    std::ofstream f(path, std::ios::binary);
    f << text;
    return bool(f);
}

std::string CompilerOf(const BuildOptions& o) {
    if (!o.compiler.empty()) return o.compiler;
    if (const char* env = std::getenv("AKGEN_CXX")) return env;
    return "g++";
}

void HashTree(Sha256& h, const std::string& dir) {
    std::vector<fs::path> files;
    for (auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file()) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (auto& f : files) {
        h.Field(fs::relative(f, dir).string());
        h.Field(ReadFile(f.string()));
    }
}

const std::string& ToolchainFingerprint() {
    static const std::string fp = [] {
        Sha256 h;
        h.Field(AKG_ARCH_FLAGS);
        HashTree(h, AKG_INCLUDE_DIR);
        // A library's exported interface, not its build: rebuilding the simulator with the same
        // symbols keeps every cached kernel and host library valid.
        std::vector<fs::path> libs;
        for (auto& e : fs::directory_iterator(AKG_LIB_DIR))
            if (e.path().extension() == ".so") libs.push_back(e.path());
        std::sort(libs.begin(), libs.end());
        for (auto& lib : libs) {
            h.Field(lib.filename().string());
            std::vector<DynamicSymbol> symbols;
            std::string error;
            if (!ReadDynamicSymbols(lib.string(), &symbols, &error)) h.Field("unreadable: " + error);
            for (auto& s : symbols)
                if (s.defined) h.Field(s.name);
        }
        return h.HexDigest();
    }();
    return fp;
}

std::vector<std::string> CommonFlags(const BuildOptions& o) {
    // The include roots of CANN 8.x operator repositories (hicann/ops-*): opbase's op_common and
    // its op_host (`log/log.h`, `util/math_util.h`), the repositories' common/inc (ops_cv), and
    // asc-devkit's adv_api, which CANN's device compile searches too (`math/floor.h`).
    std::vector<std::string> flags = {"-std=c++17", "-shared", "-fPIC", o.optLevel, "-g", "-w", "-I" AKG_INCLUDE_DIR,
                                      "-I" AKG_INCLUDE_DIR "/op_common", "-I" AKG_INCLUDE_DIR "/op_common/op_host",
                                      "-I" AKG_INCLUDE_DIR "/ops_cv", "-I" AKG_INCLUDE_DIR "/adv_api",
                                      "-D__CCE_AICORE__=" + std::to_string(o.cceAicore)};
    if (*AKG_ARCH_FLAGS) flags.push_back(AKG_ARCH_FLAGS);
    return flags;
}

std::vector<std::string> LinkFlags(const std::string& library) {
    return {"-L" AKG_LIB_DIR, "-l" + library, "-Wl,-rpath," AKG_LIB_DIR, "-Wl,-Bsymbolic", "-Wl,-z,defs"};
}

fs::path TempDirBeside(const fs::path& final) {
    return final.parent_path() / (final.filename().string() + ".tmp" + std::to_string(getpid()));
}

bool Publish(const fs::path& tmp, const fs::path& final) {
    std::error_code ec;
    fs::create_directories(final.parent_path(), ec);
    fs::rename(tmp, final, ec);
    if (ec && fs::exists(final)) {  // the same content was published concurrently
        fs::remove_all(tmp, ec);
        return true;
    }
    return !ec;
}

}  // namespace akg::build
