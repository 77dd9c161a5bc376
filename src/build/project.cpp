#include "build/project.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace akg::build {

namespace fs = std::filesystem;

namespace {
bool IsCppSource(const fs::directory_entry& e) {
    const std::string ext = e.path().extension().string();
    return e.is_regular_file() && (ext == ".cpp" || ext == ".cc" || ext == ".cxx");
}
// The C++ sources CANN's operator-project build compiles from a directory (aux_source_directory).
std::vector<std::string> CppFiles(const fs::path& dir) {
    std::vector<std::string> out;
    for (auto& e : fs::directory_iterator(dir))
        if (IsCppSource(e)) out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
}
// The C++ sources of an op_host directory: its own, and every one below op_tiling/ — the
// operator repositories' add_modules_sources globs op_tiling/ recursively into the tiling library.
std::vector<std::string> HostCppFiles(const fs::path& hostDir) {
    std::vector<std::string> out = CppFiles(hostDir);
    std::error_code ec;
    if (!fs::is_directory(hostDir / "op_tiling", ec)) return out;
    std::vector<std::string> below;
    for (auto& e : fs::recursive_directory_iterator(hostDir / "op_tiling", ec))
        if (IsCppSource(e)) below.push_back(e.path().string());
    std::sort(below.begin(), below.end());
    out.insert(out.end(), below.begin(), below.end());
    return out;
}
// The text of a CMakeLists.txt without its comments.
std::string CmakeWithoutComments(const fs::path& file) {
    std::ifstream in(file);
    std::string out, line;
    while (std::getline(in, line)) {
        const size_t hash = line.find('#');
        out += (hash == std::string::npos ? line : line.substr(0, hash)) + "\n";
    }
    return out;
}
}  // namespace

namespace {
// Every target_sources(<target> ...) of the CMakeLists.txt beside op_host, in order, with the
// op_host sources it names (a source named twice goes to its first target).
std::vector<OpProject::HostLibrary> CmakeTargetsOf(const std::string& hostDir,
                                                   const std::vector<std::string>& allHostSources) {
    std::vector<OpProject::HostLibrary> libs;
    const fs::path cmake = fs::path(hostDir).parent_path() / "CMakeLists.txt";
    if (!fs::is_regular_file(cmake)) return libs;
    static const std::regex targetSources(R"(target_sources\s*\(\s*([A-Za-z0-9_]+)\s+([^)]*)\))");
    const std::string text = CmakeWithoutComments(cmake);
    std::vector<std::string> taken;
    for (std::sregex_iterator it(text.begin(), text.end(), targetSources), end; it != end; ++it) {
        const std::string target = (*it)[1].str();
        std::istringstream words((*it)[2].str());
        std::vector<std::string> sources;
        for (std::string w; words >> w;) {
            const std::string name = fs::path(w).filename().string();
            if (fs::path(w).parent_path().filename() != "op_host") continue;
            for (auto& src : allHostSources)
                if (fs::path(src).filename() == name && std::find(taken.begin(), taken.end(), src) == taken.end()) {
                    sources.push_back(src);
                    taken.push_back(src);
                }
        }
        if (sources.empty()) continue;
        auto lib = std::find_if(libs.begin(), libs.end(), [&](auto& l) { return l.name == target; });
        if (lib == libs.end()) libs.push_back({target, sources});
        else lib->sources.insert(lib->sources.end(), sources.begin(), sources.end());
    }
    return libs;
}
}  // namespace

std::vector<OpProject::HostLibrary> HostLibrariesOf(const std::string& hostDir,
                                                    const std::vector<std::string>& allHostSources) {
    std::vector<OpProject::HostLibrary> libs = CmakeTargetsOf(hostDir, allHostSources);
    libs.erase(std::remove_if(libs.begin(), libs.end(), [](auto& l) { return l.name == kOpApiTarget; }), libs.end());
    if (libs.empty()) libs.push_back({"op_host", allHostSources});
    return libs;
}

OpProject::HostLibrary& TilingLibraryOf(std::vector<OpProject::HostLibrary>& libs) {
    auto lib = std::find_if(libs.begin(), libs.end(), [](auto& l) { return l.name == "optiling"; });
    return lib == libs.end() ? libs.front() : *lib;
}

std::vector<std::string> OpApiSourcesOf(const std::string& hostDir, const std::vector<std::string>& allHostSources) {
    for (auto& lib : CmakeTargetsOf(hostDir, allHostSources))
        if (lib.name == kOpApiTarget) return lib.sources;
    return {};
}

namespace {
// Every ancestor R of the operator directory such that a source includes "<the operator's path
// below R>/...": CANN's repository build puts the repository root on the include path.
std::vector<std::string> RepositoryRootsOf(const fs::path& operatorDir, const std::vector<std::string>& sources) {
    static const std::regex include(R"(#\s*include\s*[<"]([^>"]+)[>"])");
    std::vector<std::string> included;
    for (auto& src : sources) {
        std::ifstream in(src);
        std::stringstream text;
        text << in.rdbuf();
        const std::string t = text.str();
        for (std::sregex_iterator it(t.begin(), t.end(), include), end; it != end; ++it) included.push_back((*it)[1]);
    }
    std::vector<std::string> roots;
    std::string below = operatorDir.filename().string();
    for (fs::path r = operatorDir.parent_path(); !r.empty() && r != r.root_path(); r = r.parent_path()) {
        for (auto& inc : included)
            if (inc.compare(0, below.size() + 1, below + "/") == 0) {
                roots.push_back(r.string());
                break;
            }
        below = r.filename().string() + "/" + below;
    }
    return roots;
}

// Every existing file outside op_host/ and op_kernel/ that a quoted include names relative to the
// including file, following such includes from `sources` through the files they reach.
std::vector<std::string> ExternalHeadersOf(const std::vector<fs::path>& projectDirs, const std::vector<std::string>& sources) {
    static const std::regex quoted(R"re(#\s*include\s*"([^"]+)")re");
    std::vector<fs::path> work(sources.begin(), sources.end());
    std::vector<std::string> out;
    std::vector<fs::path> seen;
    while (!work.empty()) {
        const fs::path file = work.back();
        work.pop_back();
        std::ifstream in(file);
        std::stringstream text;
        text << in.rdbuf();
        const std::string t = text.str();
        for (std::sregex_iterator it(t.begin(), t.end(), quoted), end; it != end; ++it) {
            std::error_code ec;
            const fs::path target = fs::weakly_canonical(file.parent_path() / (*it)[1].str(), ec);
            if (ec || !fs::is_regular_file(target, ec)) continue;
            if (std::find(seen.begin(), seen.end(), target) != seen.end()) continue;
            seen.push_back(target);
            work.push_back(target);
            const bool inProject = std::any_of(projectDirs.begin(), projectDirs.end(), [&](const fs::path& d) {
                return std::mismatch(d.begin(), d.end(), target.begin(), target.end()).first == d.end();
            });
            if (!inProject) out.push_back(target.string());
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}
}  // namespace

namespace {
// The words of `list` up to the first CMake keyword (an upper-case word) or variable.
std::vector<std::string> OperatorNamesIn(const std::string& list) {
    std::vector<std::string> out;
    std::istringstream words(list);
    for (std::string w; words >> w;) {
        if (w.find("${") != std::string::npos) continue;
        if (std::all_of(w.begin(), w.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)) || c == '_'; }))
            break;
        out.push_back(w);
    }
    return out;
}
}  // namespace

std::vector<std::string> DependentOperatorsOf(const std::string& operatorDir) {
    static const std::regex addDependent(R"(add_dependent_ops\s*\(([^)]*)\))");
    static const std::regex dependencies(R"(\bDEPENDENCIES\s+([^)]*)\))");
    static const std::regex addsToCompile(R"(set\s*\(\s*NEW_OP_NAMES\s+\$\{ASCEND_OP_NAME\}\s+([^)]*)\))");
    const fs::path dir(operatorDir);
    std::vector<std::string> names;
    for (const fs::path& cmake : {dir / "CMakeLists.txt", dir / "op_host" / "CMakeLists.txt"}) {
        if (!fs::is_regular_file(cmake)) continue;
        const std::string text = CmakeWithoutComments(cmake);
        for (const std::regex* re : {&addDependent, &dependencies, &addsToCompile})
            for (std::sregex_iterator it(text.begin(), text.end(), *re), end; it != end; ++it)
                for (auto& n : OperatorNamesIn((*it)[1].str()))
                    if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    }
    std::vector<std::string> out;
    std::error_code ec;
    for (auto& name : names) {
        std::vector<fs::path> candidates = {dir.parent_path() / name};
        if (fs::path up = dir.parent_path().parent_path(); !up.empty() && fs::is_directory(up, ec))
            for (auto& category : fs::directory_iterator(up, ec))
                if (category.is_directory()) candidates.push_back(category.path() / name);
        for (auto& c : candidates)
            if (fs::is_directory(c / "op_host", ec) && !fs::equivalent(c, dir, ec)) {
                out.push_back(fs::canonical(c).string());
                break;
            }
    }
    return out;
}

bool DiscoverSplitProject(const std::string& hostDir, const std::string& kernelDir, OpProject* out, std::string* error) {
    OpProject p;
    if (!fs::is_directory(hostDir)) return *error = "no op_host directory at " + hostDir, false;
    if (!fs::is_directory(kernelDir)) return *error = "no op_kernel directory at " + kernelDir, false;
    p.hostDir = fs::canonical(hostDir).string();
    p.kernelDir = fs::canonical(kernelDir).string();
    p.hostSources = HostCppFiles(p.hostDir);
    p.kernelSources = CppFiles(p.kernelDir);
    if (p.hostSources.empty()) return *error = "op_host has no C++ source (.cpp, .cc, .cxx): " + p.hostDir, false;
    p.hostLibraries = HostLibrariesOf(p.hostDir, p.hostSources);
    p.opapiSources = OpApiSourcesOf(p.hostDir, p.hostSources);
    p.dependentOperators = DependentOperatorsOf(fs::path(p.hostDir).parent_path().string());
    for (auto& dep : p.dependentOperators) {
        std::vector<std::string> registrations;
        for (auto& src : HostCppFiles(fs::path(dep) / "op_host"))
            if (fs::path(src).filename().string().find("_def") == std::string::npos)  // the glob `*_def*.cpp`
                registrations.push_back(src);
        auto& lib = TilingLibraryOf(p.hostLibraries);
        lib.sources.insert(lib.sources.end(), registrations.begin(), registrations.end());
    }
    p.hostSources.clear();
    for (auto& lib : p.hostLibraries) p.hostSources.insert(p.hostSources.end(), lib.sources.begin(), lib.sources.end());
    p.hostSources.insert(p.hostSources.end(), p.opapiSources.begin(), p.opapiSources.end());
    if (p.kernelSources.empty()) return *error = "op_kernel has no C++ source (.cpp, .cc, .cxx): " + p.kernelDir, false;
    p.name = fs::path(p.kernelDir).parent_path().filename().string();
    std::vector<std::string> allSources = p.kernelSources;
    allSources.insert(allSources.end(), p.hostSources.begin(), p.hostSources.end());
    for (const std::string& dir : {p.hostDir, p.kernelDir})
        for (auto& e : fs::directory_iterator(dir))
            if (e.is_regular_file() && e.path().extension() == ".h") allSources.push_back(e.path().string());
    p.repositoryRoots = RepositoryRootsOf(fs::path(p.kernelDir).parent_path(), allSources);
    p.externalHeaders = ExternalHeadersOf({p.hostDir, p.kernelDir}, allSources);
    *out = std::move(p);
    return true;
}

std::vector<std::string> KernelTextFiles(const OpProject& project) {
    std::vector<std::string> files = project.externalHeaders;
    for (auto& e : fs::recursive_directory_iterator(project.kernelDir))
        if (e.is_regular_file()) files.push_back(e.path().string());
    return files;
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
