#include "build/project.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace akg::build {

namespace fs = std::filesystem;

namespace {
// The C++ sources CANN's operator-project build compiles from a directory (aux_source_directory).
std::vector<std::string> CppFiles(const fs::path& dir) {
    std::vector<std::string> out;
    for (auto& e : fs::directory_iterator(dir)) {
        const std::string ext = e.path().extension().string();
        if (e.is_regular_file() && (ext == ".cpp" || ext == ".cc" || ext == ".cxx")) out.push_back(e.path().string());
    }
    std::sort(out.begin(), out.end());
    return out;
}
}  // namespace

bool DiscoverSplitProject(const std::string& hostDir, const std::string& kernelDir, OpProject* out, std::string* error) {
    OpProject p;
    if (!fs::is_directory(hostDir)) return *error = "no op_host directory at " + hostDir, false;
    if (!fs::is_directory(kernelDir)) return *error = "no op_kernel directory at " + kernelDir, false;
    p.hostDir = fs::canonical(hostDir).string();
    p.kernelDir = fs::canonical(kernelDir).string();
    p.hostSources = CppFiles(p.hostDir);
    p.kernelSources = CppFiles(p.kernelDir);
    if (p.hostSources.empty()) return *error = "op_host has no C++ source (.cpp, .cc, .cxx): " + p.hostDir, false;
    if (p.kernelSources.empty()) return *error = "op_kernel has no C++ source (.cpp, .cc, .cxx): " + p.kernelDir, false;
    p.name = fs::path(p.kernelDir).parent_path().filename().string();
    *out = std::move(p);
    return true;
}

bool DiscoverProject(const std::string& dir, OpProject* out, std::string* error) {
    fs::path root(dir);
    if (!fs::is_directory(root)) return *error = dir + " is not a directory", false;
    for (fs::path candidate : {root, root / "answer" / "0", root / "src"}) {
        if (fs::is_directory(candidate / "op_host") && fs::is_directory(candidate / "op_kernel"))
            return DiscoverSplitProject((candidate / "op_host").string(), (candidate / "op_kernel").string(), out, error);
    }
    *error = dir + " has no op_host/ and op_kernel/ directories";
    return false;
}

std::string KernelNameOf(const std::string& opType) {
    std::string out;
    for (size_t i = 0; i < opType.size(); ++i) {
        char c = opType[i];
        bool upper = std::isupper(static_cast<unsigned char>(c));
        if (upper && i > 0) {
            char prev = opType[i - 1];
            bool nextLower = i + 1 < opType.size() && std::islower(static_cast<unsigned char>(opType[i + 1]));
            if (std::islower(static_cast<unsigned char>(prev)) || std::isdigit(static_cast<unsigned char>(prev)) ||
                (std::isupper(static_cast<unsigned char>(prev)) && nextLower))
                out += '_';
        }
        out += char(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

}  // namespace akg::build
