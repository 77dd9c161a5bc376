#include "build/compile.h"

#include <sys/stat.h>
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

void HashTree(Sha256& h, const std::string& dir, const TreeFilter& keep) {
    std::vector<fs::path> files;
    for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
        if (keep && !keep(*it)) {
            if (it->is_directory()) it.disable_recursion_pending();
            continue;
        }
        if (it->is_regular_file()) files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    // Names relative to `dir` by prefix (the iterator's paths start with it), not fs::relative,
    // which resolves every component of both paths with readlink.
    for (auto& f : files) {
        std::string name = f.string().substr(dir.size());
        if (!name.empty() && name[0] == '/') name.erase(0, 1);
        h.Field(name);
        h.Field(ReadFile(f.string()));
    }
}

namespace {

// Our libraries, in a fixed order.
std::vector<fs::path> RuntimeLibraries() {
    std::vector<fs::path> libs;
    for (auto& e : fs::directory_iterator(AKG_LIB_DIR))
        if (e.path().extension() == ".so") libs.push_back(e.path());
    std::sort(libs.begin(), libs.end());
    return libs;
}

std::string ComputeToolchainFingerprint() {
    Sha256 h;
    h.Field(AKG_ARCH_FLAGS);
    HashTree(h, AKG_INCLUDE_DIR);
    // A library's exported interface, not its build: rebuilding the simulator with the same
    // symbols keeps every cached kernel and host library valid.
    for (auto& lib : RuntimeLibraries()) {
        h.Field(lib.filename().string());
        std::vector<DynamicSymbol> symbols;
        std::string error;
        if (!ReadDynamicSymbols(lib.string(), &symbols, &error)) h.Field("unreadable: " + error);
        for (auto& s : symbols)
            if (s.defined) h.Field(s.name);
    }
    return h.HexDigest();
}

// What the fingerprint is computed from, by metadata only (no file is read): a changed header or
// a rebuilt library changes its size, inode or nanosecond modification time.
std::string ToolchainStatDigest() {
    Sha256 h;
    h.Field("toolchain-stat-v1").Field(AKG_ARCH_FLAGS);
    std::vector<fs::path> files = RuntimeLibraries();
    for (auto& e : fs::recursive_directory_iterator(AKG_INCLUDE_DIR))
        if (e.is_regular_file()) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (auto& f : files) {
        struct stat st {};
        if (stat(f.c_str(), &st) != 0) return "";
        h.Field(f.string()).Field(std::to_string(st.st_size)).Field(std::to_string(st.st_ino));
        h.Field(std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec));
    }
    return h.HexDigest();
}

}  // namespace

const std::string& ToolchainFingerprint(const std::string& cacheRoot) {
    static const std::string fp = [&] {
        const std::string digest = ToolchainStatDigest();
        if (digest.empty()) return ComputeToolchainFingerprint();
        const fs::path memo = fs::path(cacheRoot) / "toolchain" / digest;
        std::string known = ReadFile(memo.string());
        if (known.size() == 64) return known;
        const std::string computed = ComputeToolchainFingerprint();
        // Written to a temporary name and renamed: a concurrent build reads all of it or nothing.
        std::error_code ec;
        fs::create_directories(memo.parent_path(), ec);
        const std::string tmp = memo.string() + ".tmp" + std::to_string(getpid());
        if (!ec && WriteFile(tmp, computed)) fs::rename(tmp, memo, ec);
        if (ec) fs::remove(tmp, ec);
        return computed;
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

std::vector<std::string> KernelAccessFlags(const std::string& compiler) {
    std::vector<std::string> flags = {"-fsanitize=kernel-address"};
    const bool clang = std::filesystem::path(compiler).filename().string().find("clang") != std::string::npos;
    // clang calls memcpy/memset/memmove of kernel code plainly unless told to call the
    // instrumentation's __asan_mem* (g++ checks their ranges through the load/store callbacks),
    // and checks an address once per block unless told not to: the store of a read-modify-write
    // must be reported as one (g++ cannot be told, src/sim/kernel_access.cpp).
    std::vector<const char*> params = {"asan-instrumentation-with-call-threshold=0", "asan-stack=0", "asan-globals=0"};
    if (clang) params.insert(params.end(), {"asan-kernel-mem-intrinsic-prefix=1", "asan-opt-same-temp=0"});
    for (const char* param : params) {
        if (clang) flags.push_back("-mllvm");
        flags.push_back(std::string(clang ? "-" : "--param=") + param);
    }
    // The device's scalar unit moves one element per instruction: the host compiler must not
    // merge a kernel's element loop into vector loads that would be charged as fewer accesses.
    if (clang)
        flags.insert(flags.end(), {"-fno-vectorize", "-fno-slp-vectorize"});
    else
        flags.push_back("-fno-tree-vectorize");
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
