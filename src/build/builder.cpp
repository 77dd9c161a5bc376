#include "build/builder.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "build/compile.h"
#include "build/rewrite.h"
#include "common/process.h"
#include "common/tensor.h"

namespace akg::build {

namespace fs = std::filesystem;

namespace {

std::string Upper(std::string s) {
    for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

// C declarations of a tiling struct and the structs it nests, dependencies first.
void EmitStruct(const HostMeta& meta, const host::TilingStruct& s, std::vector<std::string>& done, std::string& out) {
    if (std::find(done.begin(), done.end(), s.name) != done.end()) return;
    for (auto& f : s.fields)
        if (f.isStruct)
            if (const host::TilingStruct* nested = meta.FindStruct(f.type)) EmitStruct(meta, *nested, done, out);
    done.push_back(s.name);
    // A library tiling struct (SoftMaxTiling, ...) is declared by lib/akg_adv/kernel_library_tiling.h,
    // which defines AKG_LIB_TILING_<name>; the asserts below still check it against the host layout.
    out += "#ifndef AKG_LIB_TILING_" + s.name + "\n";
    // TilingDef's padding as explicit members, named as CANN's generated headers name them.
    out += "struct " + s.name + " {\n";
    uint32_t end = 0;
    auto pad = [&](const std::string& name, uint32_t to) {
        if (to > end) out += "    uint8_t " + name + "PH[" + std::to_string(to - end) + "];\n";
    };
    for (auto& f : s.fields) {
        pad(f.name, f.offset);
        out += "    " + f.type + " " + f.name;
        if (f.arrayLen) out += "[" + std::to_string(f.arrayLen) + "]";
        out += ";\n";
        end = f.offset + f.size;
    }
    pad(s.name, s.size);
    out += "};\n#endif\n";
    out += "static_assert(sizeof(" + s.name + ") == " + std::to_string(s.size) +
           ", \"kernel-side tiling struct " + s.name + " does not match the host layout\");\n";
    for (auto& f : s.fields)
        out += "static_assert(__builtin_offsetof(" + s.name + ", " + f.name + ") == " + std::to_string(f.offset) +
               ", \"field " + f.name + " of " + s.name + " is misplaced\");\n";
}

}  // namespace

const char* BuildStageName(BuildStage s) {
    switch (s) {
        case BuildStage::Discover: return "discover";
        case BuildStage::HostCompile: return "host-compile";
        case BuildStage::HostLoad: return "host-load";
        case BuildStage::KernelGenerate: return "kernel-generate";
        case BuildStage::KernelCompile: return "kernel-compile";
        case BuildStage::KernelEntry: return "kernel-entry";
    }
    return "?";
}

std::string ResolveCacheDir(const BuildOptions& o) {
    if (!o.cacheDir.empty()) return o.cacheDir;
    if (const char* env = std::getenv("AKGEN_CACHE_DIR")) return env;
    const char* home = std::getenv("HOME");
    return std::string(home ? home : "/tmp") + "/.cache/akgen";
}

namespace {
// CANN 8.x operator repositories keep each SoC family's tiling in a directory of op_host/ that
// their build adds for that family only (ops-cv cmake/func.cmake, add_all_modules_sources:
// COMPUTE_UNIT ascend950 <-> TILING_DIR arch35). For Ascend 950 (__CCE_AICORE__ 310) those
// sources join the library that holds the tiling (optiling, else the first).
OpProject WithSocTilingSources(const OpProject& project, const BuildOptions& options) {
    OpProject p = project;
    std::error_code ec;
    if (options.cceAicore != 310 || p.hostLibraries.empty()) return p;
    std::vector<fs::path> dirs = {fs::path(p.hostDir) / "arch35"};
    for (auto& dep : p.dependentOperators) dirs.push_back(fs::path(dep) / "op_host" / "arch35");
    std::vector<std::string> extra;
    for (auto& dir : dirs) {
        if (!fs::is_directory(dir, ec)) continue;
        std::vector<std::string> found;
        for (auto& e : fs::directory_iterator(dir, ec))
            if (e.is_regular_file() && (e.path().extension() == ".cpp" || e.path().extension() == ".cc"))
                found.push_back(e.path().string());
        std::sort(found.begin(), found.end());
        extra.insert(extra.end(), found.begin(), found.end());
    }
    auto& lib = TilingLibraryOf(p.hostLibraries);
    lib.sources.insert(lib.sources.end(), extra.begin(), extra.end());
    return p;
}
}  // namespace

bool BuildHost(const OpProject& given, const BuildOptions& options, HostArtifact* out, BuildError* error) {
    const OpProject project = WithSocTilingSources(given, options);
    Sha256 h;
    h.Field("host").Field(CompilerOf(options)).Field(options.optLevel).Field(ToolchainFingerprint(ResolveCacheDir(options)));
    HashTree(h, project.hostDir);
    // CANN 8.x repositories keep the tiling struct and key declarations in op_kernel/, which
    // op_host includes as "../op_kernel/...".
    if (const fs::path beside = fs::path(project.hostDir).parent_path() / "op_kernel"; fs::is_directory(beside))
        HashTree(h, beside.string());
    for (auto& dep : project.dependentOperators)
        for (const char* half : {"op_host", "op_kernel"})
            if (const fs::path d = fs::path(dep) / half; fs::is_directory(d)) HashTree(h.Field(dep), d.string());
    for (auto& root : project.repositoryRoots) h.Field("root").Field(root);
    for (auto& f : project.externalHeaders) h.Field(f).Field(ReadFile(f));
    for (auto& lib : project.hostLibraries) {
        h.Field(lib.name);
        for (auto& s : lib.sources) h.Field(fs::path(s).filename().string());
    }
    h.Field(kOpApiTarget);
    for (auto& s : project.opapiSources) h.Field(fs::path(s).filename().string());
    const fs::path dir = fs::path(ResolveCacheDir(options)) / "host" / h.HexDigest();
    const fs::path so = dir / "host.so";
    const fs::path metaPath = dir / "meta.json";

    // Each host library links on its own, as in CANN's build. host.so is the first and loads the
    // others as dependencies found beside it; their names carry the build's digest, since the
    // loader shares a library by name between every project loaded into one process.
    const auto& libs = project.hostLibraries;
    auto libFile = [&](size_t i) {
        return i == 0 ? std::string("host.so") : "host-" + libs[i].name + "-" + dir.filename().string().substr(0, 16) + ".so";
    };
    HostArtifact art;
    art.soPath = so.string();
    for (size_t i = 0; i < libs.size(); ++i) art.libraries.push_back((dir / libFile(i)).string());
    const std::string opapiFile = "opapi-" + dir.filename().string().substr(0, 16) + ".so";
    auto noteOpApi = [&](const fs::path& in) {
        if (fs::exists(in / opapiFile)) art.opapiPath = (dir / opapiFile).string();
        if (fs::exists(in / "opapi.log")) art.opapiLog = ReadFile((in / "opapi.log").string());
    };
    if (fs::exists(metaPath)) {
        std::string err;
        if (HostMetaFromJson(ReadFile(metaPath.string()), &art.meta, &err)) {
            noteOpApi(dir);
            art.cached = true;
            *out = std::move(art);
            return true;
        }
    }

    fs::path tmp = TempDirBeside(dir);
    std::error_code ec;
    fs::remove_all(tmp, ec);
    fs::create_directories(tmp, ec);
    ProcessResult r;
    r.exitCode = 0;
    for (size_t i = libs.size(); i-- > 0 && r.exitCode == 0;) {
        std::vector<std::string> argv = {CompilerOf(options)};
        for (auto& f : CommonFlags(options)) argv.push_back(f);
        argv.push_back("-I" + project.hostDir);
        for (auto& root : project.repositoryRoots) argv.push_back("-I" + root);
        // metadef's exe_graph target exports its own directory (ops-transformer's
        // cmake/modules/Findmetadef.cmake: INTERFACE_INCLUDE_DIRECTORIES ${METADEF_INC_DIR}/exe_graph),
        // so operator host code that links it includes "runtime/tiling_context.h".
        argv.push_back("-I" AKG_INCLUDE_DIR "/exe_graph");
        for (auto& s : libs[i].sources) argv.push_back(s);
        argv.push_back("-o");
        argv.push_back((tmp / libFile(i)).string());
        for (auto& f : LinkFlags("akg_host")) argv.push_back(f);
        if (i > 0) argv.push_back("-Wl,-soname," + libFile(i));
        if (i == 0 && libs.size() > 1) {
            argv.push_back("-Wl,--no-as-needed");
            for (size_t k = 1; k < libs.size(); ++k) argv.push_back((tmp / libFile(k)).string());
            argv.push_back("-Wl,-rpath,$ORIGIN");
        }
        ProcessResult step = RunProcess(argv, options.timeoutSeconds);
        step.seconds += r.seconds;
        step.output = r.output + step.output;
        r = std::move(step);
    }
    art.seconds = r.seconds;
    if (r.exitCode != 0) {
        fs::remove_all(tmp, ec);
        *error = {BuildStage::HostCompile,
                  r.timedOut ? "host compilation timed out" : "host code (op_host) does not compile", r.output};
        return false;
    }
    std::string err;
    if (!IntrospectHostLibrary((tmp / "host.so").string(), &art.meta, &err)) {
        fs::remove_all(tmp, ec);
        *error = {BuildStage::HostLoad, err, ""};
        return false;
    }
    // The aclnn layer links on its own against libakg_opapi. It may fail where the host
    // libraries built (it calls an L0 operator of CANN's library we do not provide, or does not
    // compile): that is kept in opapi.log and the host build still succeeds.
    if (!project.opapiSources.empty()) {
        std::vector<std::string> argv = {CompilerOf(options)};
        for (auto& f : CommonFlags(options)) argv.push_back(f);
        argv.push_back("-I" + project.hostDir);
        for (auto& root : project.repositoryRoots) argv.push_back("-I" + root);
        for (auto& s : project.opapiSources) argv.push_back(s);
        argv.push_back("-o");
        argv.push_back((tmp / opapiFile).string());
        for (auto& f : LinkFlags("akg_opapi")) argv.push_back(f);
        argv.push_back("-lakg_host");  // the logging macros' sink, used directly
        argv.push_back("-Wl,-soname," + opapiFile);
        const ProcessResult step = RunProcess(argv, options.timeoutSeconds);
        art.seconds += step.seconds;
        if (step.exitCode != 0) WriteFile((tmp / "opapi.log").string(), step.output);
    }
    WriteFile((tmp / "meta.json").string(), HostMetaToJson(art.meta));
    WriteFile((tmp / "build.log").string(), r.output);
    if (!Publish(tmp, dir)) {
        *error = {BuildStage::HostCompile, "cannot write the build cache at " + dir.string(), ""};
        return false;
    }
    noteOpApi(dir);
    *out = std::move(art);
    return true;
}

const char* KernelCoresName(KernelCores c) {
    switch (c) {
        case KernelCores::All: return "every-core";
        case KernelCores::Aic: return "AIC";
        case KernelCores::Aiv: return "AIV";
    }
    return "?";
}

const KernelLibrary* KernelArtifact::For(KernelCores cores) const {
    for (const KernelLibrary& l : libraries)
        if (l.cores == KernelCores::All || l.cores == cores) return &l;
    return nullptr;
}

namespace {

std::string LibraryFileOf(KernelCores cores) {
    switch (cores) {
        case KernelCores::Aic: return "aic.so";
        case KernelCores::Aiv: return "aiv.so";
        default: return "kernel.so";
    }
}

// The compiler and the build shape of a kernel compile.
struct KernelBuildPlan {
    std::string compiler;
    bool perCoreType = false;
};

// After a failed compile: the change that lets CANN-valid code through, if its errors show one.
// CANN compiles a kernel once per core type, so g_coreType is a constant there; its compiler is
// clang-based, so class-scope explicit specialisations (which g++ does not accept) are valid.
// Only the default compiler is swapped: a compiler the user named is kept.
// clang++ may stand in for the default compiler only, never for one the user named.
bool MayUseClang(const BuildOptions& options) {
    return *AKG_CLANGXX && options.compiler.empty() && !std::getenv("AKGEN_CXX");
}

// g++ rejects `f<T>(args)` when the only `f` is a function template that argument-dependent
// lookup finds (P0846, C++20): in C++17 it reads `f < T`. CANN's clang-based device compiler
// accepts it in C++17 as an extension (kernels call AscendC::Reg's LoadAlign<T, dist>(...) that
// way after `using namespace AscendC`). The sign: "'f' was not declared" whose source line has `f<`.
bool RejectsAdlTemplateCall(const std::string& log) {
    // The name sits in g++'s quotes (UTF-8 or ASCII).
    static const std::regex undeclared(R"(error: \S*?([A-Za-z_][A-Za-z0-9_]*)\S*? was not declared in this scope)");
    std::istringstream lines(log);
    std::string line, name;
    while (std::getline(lines, line)) {
        std::smatch m;
        if (std::regex_search(line, m, undeclared)) {
            name = m[1];
            continue;
        }
        // g++ quotes the source line after the error: " 317 |   f<T1, ...>(..."
        if (!name.empty() && line.find(" | ") != std::string::npos) {
            const size_t at = line.find(name + "<");
            if (at != std::string::npos && (at == 0 || !(std::isalnum(uint8_t(line[at - 1])) || line[at - 1] == '_' ||
                                                         line[at - 1] == ':' || line[at - 1] == '.' || line[at - 1] == '>')))
                return true;
        }
        name.clear();
    }
    return false;
}

bool AdjustPlan(const std::string& log, const BuildOptions& options, KernelBuildPlan* plan) {
    bool changed = false;
    if (!plan->perCoreType && log.find("g_coreType") != std::string::npos) {
        plan->perCoreType = true;
        changed = true;
    }
    // g++'s internal compiler error is a verdict on g++, not on the source (g++ 12 crashes on a
    // function template's local `constexpr static` trait passed as a reference template argument).
    if (MayUseClang(options) && plan->compiler != AKG_CLANGXX &&
        (log.find("explicit specialization in non-namespace scope") != std::string::npos ||
         log.find("internal compiler error") != std::string::npos || RejectsAdlTemplateCall(log))) {
        plan->compiler = AKG_CLANGXX;
        changed = true;
    }
    return changed;
}

// Compiles the mirrored sources in `tmp` into the library for `cores`. A per-core-type build
// sees g_coreType as a constant and, on Atlas A2/A3, the core's __DAV_C220_* macro, as under CANN.
std::vector<std::string> CoreTypeFlags(const BuildOptions& options, KernelCores cores) {
    // Every kernel compile (and only those: host code shares CommonFlags' __CCE_AICORE__) defines
    // AKG_DEVICE_COMPILE; headers whose form differs between CANN's device and host passes test it
    // (basic_api/kernel_type.h: the FORMAT_* macros of the device pass).
    std::vector<std::string> flags = {"-DAKG_DEVICE_COMPILE=1"};
    // The split architecture's per-core-type macros (Atlas A2/A3); a coupled SoC (310P) has none.
    if (options.cceAicore == 220) flags.push_back(cores == KernelCores::Aic ? "-D__DAV_C220_CUBE__" : "-D__DAV_C220_VEC__");
    if (cores != KernelCores::All) flags.push_back(cores == KernelCores::Aic ? "-DAKG_CORE_TYPE_BUILD=1" : "-DAKG_CORE_TYPE_BUILD=2");
    return flags;
}

// The line of `source`'s first directive when that includes kernel_operator.h, else 0. Then the
// header may come from a precompiled prelude without changing what the source sees (nothing of
// its own precedes the header; the generated tiling header defines macros the API headers do
// not use).
int KernelOperatorIncludeLine(const std::string& source) {
    const std::string text = ReadFile(source);
    size_t i = 0;
    while (i < text.size()) {  // whitespace and comments
        if (std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        else if (text.compare(i, 2, "//") == 0) i = std::min(text.size(), text.find('\n', i));
        else if (text.compare(i, 2, "/*") == 0) i = text.find("*/", i + 2) == std::string::npos ? text.size() : text.find("*/", i + 2) + 2;
        else break;
    }
    static const std::regex directive(R"(#[ \t]*include[ \t]*[<"]kernel_operator\.h[>"].*)");
    const size_t eol = text.find('\n', i);
    if (!std::regex_match(text.substr(i, eol == std::string::npos ? std::string::npos : eol - i), directive)) return 0;
    return 1 + int(std::count(text.begin(), text.begin() + long(i), '\n'));
}

// kernel_operator.h precompiled with the flags of a kernel compile for `cores` (the cache's
// pch/<key>/prelude.h and its .gch), built on first use; empty when it cannot be. g++ checks a
// .gch against the compile's flags and reads the header as text when they differ, so a stale or
// foreign one costs time, never correctness.
std::string KernelPrelude(const std::string& compiler, const BuildOptions& options, KernelCores cores) {
    if (fs::path(compiler).filename().string().find("g++") == std::string::npos) return "";
    std::vector<std::string> flags;
    for (auto& f : CommonFlags(options))
        if (f != "-shared") flags.push_back(f);
    for (auto& f : CoreTypeFlags(options, cores)) flags.push_back(f);
    for (auto& f : KernelAccessFlags(compiler)) flags.push_back(f);
    Sha256 h;
    h.Field("kernel-prelude").Field(compiler).Field(ToolchainFingerprint(ResolveCacheDir(options)));
    for (auto& f : flags) h.Field(f);
    const fs::path dir = fs::path(ResolveCacheDir(options)) / "pch" / h.HexDigest();
    const fs::path header = dir / "prelude.h", pch = dir / "prelude.h.gch";
    std::error_code ec;
    if (fs::exists(pch, ec)) return header.string();
    // Built where it is used (g++ records the header's path in the .gch, and names it in the
    // notes of errors inside the API headers); the .gch appears whole, by rename.
    fs::create_directories(dir, ec);
    const std::string text = "#pragma once\n#include \"kernel_operator.h\"\n";
    if (ReadFile(header.string()) != text && !WriteFile(header.string(), text)) return "";
    const fs::path tmp = dir / ("prelude.h.gch.tmp" + std::to_string(getpid()));
    std::vector<std::string> argv = {compiler};
    for (auto& f : flags) argv.push_back(f);
    for (const std::string& f : {std::string("-x"), std::string("c++-header"), header.string(), std::string("-o"),
                                 tmp.string()})
        argv.push_back(f);
    if (RunProcess(argv, options.timeoutSeconds).exitCode != 0 || (fs::rename(tmp, pch, ec), ec)) {
        fs::remove(tmp, ec);
        return "";
    }
    return header.string();
}

// The compiler's output of a build that included `prelude` first, as it reads without it: an
// error inside the API headers is noted as included from the user's source, not from the prelude.
std::string WithoutPreludeNotes(std::string output, const std::string& prelude, const std::string& source,
                                int includeLine) {
    const std::string from = prelude + ":2", to = source + ":" + std::to_string(includeLine);
    for (size_t at = 0; (at = output.find(from, at)) != std::string::npos; at += to.size()) output.replace(at, from.size(), to);
    return output;
}

// `prelude`: a precompiled kernel_operator.h (KernelPrelude) included first, or empty.
// The sources compile from their mirror in `tmp`; `kernelDir` (the original op_kernel) stays on the
// include path so that a relative include reaching outside the operator directory (a sibling
// operator's "../../other/op_kernel/x.h") resolves as it does in the repository.
ProcessResult CompileKernelLibrary(const std::string& compiler, const BuildOptions& options, const fs::path& tmp,
                                   KernelCores cores, const std::string& kernelDir,
                                   const std::vector<std::string>& repositoryRoots, const std::string& prelude) {
    std::vector<std::string> argv = {compiler};
    for (auto& f : CommonFlags(options)) argv.push_back(f);
    for (auto& f : CoreTypeFlags(options, cores)) argv.push_back(f);
    // Raw-pointer loads and stores (and a SIMT thread's, on Ascend 950) reach the simulator.
    for (auto& f : KernelAccessFlags(compiler)) argv.push_back(f);
    if (!prelude.empty()) argv.insert(argv.end(), {"-include", prelude});
    for (const std::string& f :
         std::vector<std::string>{"-include", (tmp / "akg_generated.h").string(),
                                  "-DAKG_TILING_HEADER=\"" + (tmp / "akg_generated.h").string() + "\"",
                                  "-I" + (tmp / "op_kernel").string(), (tmp / "launcher.cpp").string(), "-o",
                                  (tmp / LibraryFileOf(cores)).string()})
        argv.push_back(f);
    for (auto& root : repositoryRoots) argv.push_back("-I" + root);
    argv.push_back("-I" + kernelDir);
    for (auto& f : LinkFlags("akg_sim")) argv.push_back(f);
    return RunProcess(argv, options.timeoutSeconds);
}

// A published cache entry: its libraries and the compiler that built them.
bool ReadCachedKernel(const fs::path& dir, KernelArtifact* art) {
    for (KernelCores cores : {KernelCores::All, KernelCores::Aic, KernelCores::Aiv})
        if (fs::exists(dir / LibraryFileOf(cores))) art->libraries.push_back({(dir / LibraryFileOf(cores)).string(), cores});
    if (art->libraries.empty()) return false;
    art->compiler = ReadFile((dir / "compiler").string());
    art->log = ReadFile((dir / "build.log").string());
    art->cached = true;
    return true;
}

}  // namespace

std::vector<std::string> KernelDefinedStructs(const OpProject& project) {
    static const std::regex definition(R"(\b(?:struct|class)\s+([A-Za-z_]\w*)\s*(?:final\s*)?[{:])");
    std::set<std::string> names;
    for (auto& f : KernelTextFiles(project)) {
        const std::string text = ReadFile(f);
        for (std::sregex_iterator it(text.begin(), text.end(), definition), end; it != end; ++it) names.insert((*it)[1]);
    }
    return {names.begin(), names.end()};
}

std::string GenerateKernelHeader(const HostMeta& meta, const host::OpInfo& op, const DtypeCombo& dtypes,
                                 std::string* error, const std::vector<std::string>& kernelDefined) {
    std::string out =
        "// Generated by akgen from the host registrations of operator " + op.type + "; do not edit.\n"
        "#pragma once\n#include <cstdint>\n#include \"basic_api/kernel_operator_tiling_intf.h\"\n"
        "#include \"lib/akg_adv/kernel_library_tiling.h\"\n"
        "#include \"akg/lang/launch_syntax.h\"\n\n";
    // ge::DataType ids, for `#if ORIG_DTYPE_X == DT_BF16` tests in kernels.
    for (int t = 0; t < ge::DT_MAX; ++t) {
        std::string name = DTypeName(ge::DataType(t));
        static const std::map<int, const char*> geNames = {
            {ge::DT_FLOAT, "DT_FLOAT"}, {ge::DT_FLOAT16, "DT_FLOAT16"}, {ge::DT_INT8, "DT_INT8"},
            {ge::DT_INT32, "DT_INT32"}, {ge::DT_UINT8, "DT_UINT8"},     {ge::DT_INT16, "DT_INT16"},
            {ge::DT_UINT16, "DT_UINT16"}, {ge::DT_UINT32, "DT_UINT32"}, {ge::DT_INT64, "DT_INT64"},
            {ge::DT_UINT64, "DT_UINT64"}, {ge::DT_DOUBLE, "DT_DOUBLE"}, {ge::DT_BOOL, "DT_BOOL"},
            {ge::DT_COMPLEX64, "DT_COMPLEX64"}, {ge::DT_BF16, "DT_BF16"}, {ge::DT_INT4, "DT_INT4"}};
        if (auto it = geNames.find(t); it != geNames.end())
            out += "#ifndef " + std::string(it->second) + "\n#define " + it->second + " " + std::to_string(t) + "\n#endif\n";
    }
    auto emitDtype = [&](const host::ParamInfo& p, ge::DataType t) {
        std::string cpp = DTypeCppName(t);
        if (cpp.empty()) {
            *error = "no kernel element type for " + DTypeName(t) + " (parameter " + p.name + ")";
            return;
        }
        out += "#define DTYPE_" + Upper(p.name) + " " + cpp + "\n";
        out += "#define ORIG_DTYPE_" + Upper(p.name) + " " + std::to_string(int(t)) + "\n";
    };
    for (size_t i = 0; i < op.inputs.size() && i < dtypes.inputs.size(); ++i) emitDtype(op.inputs[i], dtypes.inputs[i]);
    for (size_t i = 0; i < op.outputs.size() && i < dtypes.outputs.size(); ++i)
        emitDtype(op.outputs[i], dtypes.outputs[i]);
    if (!error->empty()) return "";

    out += "\n";
    std::vector<std::string> done = kernelDefined;  // EmitStruct skips what is done
    for (auto& s : meta.tilingStructs) EmitStruct(meta, s, done, out);
    const host::TilingStruct* main = meta.TilingStructOf(op.type);
    if (!main && meta.tilingRegistrations.size() == 1) main = meta.FindStruct(meta.tilingRegistrations[0].structName);
    // A kernel that registers its own struct (REGISTER_TILING_DEFAULT) reads that one.
    if (main)
        out += "#undef GET_TILING_DATA\n#define GET_TILING_DATA(tiling_data, tiling_arg) "
               "::akg::sim::TilingStructOf<akg_default_tiling_struct, " + main->name +
               "> tiling_data; ::akg::sim::CopyTilingData(&tiling_data, (const uint8_t*)(tiling_arg), "
               "sizeof(tiling_data))\n";
    return out;
}

std::vector<std::string> FindKernelEntries(const std::vector<std::string>& sources) {
    static const std::regex entry(
        R"(__global__\s+(?:__aicore__\s+)?void\s+([A-Za-z_]\w*)\s*\(|__aicore__\s+__global__\s+void\s+([A-Za-z_]\w*)\s*\()");
    std::vector<std::string> names;
    for (auto& path : sources) {
        std::string text = ReadFile(path);
        for (std::sregex_iterator it(text.begin(), text.end(), entry), end; it != end; ++it) {
            std::string n = (*it)[1].matched ? (*it)[1].str() : (*it)[2].str();
            if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
        }
    }
    return names;
}

bool BuildKernel(const OpProject& project, const HostArtifact& host, const host::OpInfo& op, const DtypeCombo& dtypes,
                 const BuildOptions& options, KernelArtifact* out, BuildError* error) {
    std::string genError;
    std::string header = GenerateKernelHeader(host.meta, op, dtypes, &genError, KernelDefinedStructs(project));
    if (!genError.empty()) {
        *error = {BuildStage::KernelGenerate, genError, ""};
        return false;
    }
    // The kernel file: the .cpp that defines the entry point named after the operator, else
    // the only one that defines any entry point.
    const std::string wanted = KernelNameOf(op.type);
    std::string mainSource, entry;
    std::vector<std::string> all;
    for (auto& src : project.kernelSources) {
        auto names = FindKernelEntries({src});
        all.insert(all.end(), names.begin(), names.end());
        if (std::find(names.begin(), names.end(), wanted) != names.end()) {
            mainSource = src;
            entry = wanted;
        }
    }
    if (entry.empty()) {
        std::vector<std::string> withEntry;
        for (auto& src : project.kernelSources)
            if (!FindKernelEntries({src}).empty()) withEntry.push_back(src);
        if (withEntry.size() == 1 && all.size() == 1) {
            mainSource = withEntry[0];
            entry = all[0];
        }
    }
    if (entry.empty()) {
        std::string found;
        for (auto& n : all) found += (found.empty() ? "" : ", ") + n;
        *error = {BuildStage::KernelEntry,
                  "no kernel entry point `extern \"C\" __global__ __aicore__ void " + wanted + "(...)` in op_kernel" +
                      (found.empty() ? std::string() : " (found: " + found + ")"),
                  ""};
        return false;
    }

    Sha256 h;
    // The compilers a build may use: a named g++ and the default g++ (with clang++ behind it) can
    // give different artefacts.
    h.Field("kernel").Field(CompilerOf(options)).Field(MayUseClang(options) ? AKG_CLANGXX : "");
    h.Field(options.optLevel).Field(std::to_string(options.cceAicore));
    h.Field(ToolchainFingerprint(ResolveCacheDir(options))).Field(header).Field(entry).Field(fs::path(mainSource).filename().string());
    HashTree(h, project.kernelDir);
    for (auto& root : project.repositoryRoots) h.Field("root").Field(root);
    for (auto& f : project.externalHeaders) h.Field(f).Field(ReadFile(f));
    const fs::path dir = fs::path(ResolveCacheDir(options)) / "kernel" / h.HexDigest();
    KernelArtifact art;
    art.entry = entry;
    if (ReadCachedKernel(dir, &art)) {
        *out = std::move(art);
        return true;
    }

    fs::path tmp = TempDirBeside(dir);
    std::error_code ec;
    fs::remove_all(tmp, ec);
    fs::create_directories(tmp, ec);
    std::string err;
    if (!MirrorRewritten(project.kernelDir, (tmp / "op_kernel").string(), &err)) {
        *error = {BuildStage::KernelGenerate, err, ""};
        return false;
    }
    WriteFile((tmp / "akg_generated.h").string(), header);
    const fs::path mirrored = tmp / "op_kernel" / fs::relative(mainSource, project.kernelDir);
    const std::string mainText = ReadFile(mirrored.string());
    WriteFile(mirrored.string(), RenameKernelEntry(mainText, entry));
    // A kernel template (tiling-key templates) is instantiated per selected combination.
    const std::regex templateEntry(R"(\btemplate\s*<[^;{}]*>\s*__global__[^;{}()]*\b)" + entry + R"(\s*\()");
    const char* entryMacro = std::regex_search(mainText, templateEntry) ? "AKG_TEMPLATE_KERNEL_ENTRY(" : "AKG_KERNEL_ENTRY(";
    WriteFile((tmp / "launcher.cpp").string(), "#include \"" + mirrored.string() +
                                                   "\"\n#include \"akg/launch/kernel_launcher.h\"\n" + entryMacro +
                                                   KernelEntrySymbol(entry) + ")\n");

    // One build for every core first; what its errors say may call for a per-core-type build,
    // clang++, or both (each at most once).
    KernelBuildPlan plan{CompilerOf(options), false};
    const char* preludeSwitch = std::getenv("AKGEN_KERNEL_PRELUDE");  // "off": every header as text
    const int preludeLine =
        preludeSwitch && std::string(preludeSwitch) == "off" ? 0 : KernelOperatorIncludeLine(mainSource);
    bool timedOut = false;
    std::string earlierAttempts, attemptLog;
    for (;;) {
        earlierAttempts += attemptLog;
        attemptLog.clear();
        for (KernelCores cores : plan.perCoreType ? std::vector{KernelCores::Aic, KernelCores::Aiv}
                                                  : std::vector{KernelCores::All}) {
            const std::string prelude = preludeLine ? KernelPrelude(plan.compiler, options, cores) : "";
            ProcessResult r =
                CompileKernelLibrary(plan.compiler, options, tmp, cores, project.kernelDir, project.repositoryRoots, prelude);
            if (!prelude.empty()) r.output = WithoutPreludeNotes(r.output, prelude, mainSource, preludeLine);
            art.seconds += r.seconds;
            timedOut |= r.timedOut;
            std::string banner = "== " + plan.compiler + ", " + KernelCoresName(cores) + " build: " +
                                 (r.exitCode == 0 ? "ok" : "failed") + " ==\n";
            attemptLog += banner + r.output;
            if (r.exitCode == 0) art.libraries.push_back({(dir / LibraryFileOf(cores)).string(), cores});
        }
        if (!art.libraries.empty() || timedOut || !AdjustPlan(attemptLog, options, &plan)) break;
    }
    art.log = earlierAttempts + attemptLog;
    if (art.libraries.empty()) {
        fs::remove_all(tmp, ec);
        // The last attempt's errors are what is left once the code is built as CANN builds it;
        // the earlier attempts follow for reference.
        *error = {BuildStage::KernelCompile,
                  timedOut ? "kernel compilation timed out" : "kernel code (op_kernel) does not compile",
                  attemptLog + (earlierAttempts.empty() ? "" : "\n== earlier attempts ==\n" + earlierAttempts)};
        return false;
    }
    art.compiler = plan.compiler;
    WriteFile((tmp / "build.log").string(), art.log);
    WriteFile((tmp / "compiler").string(), art.compiler);
    if (!Publish(tmp, dir)) {
        *error = {BuildStage::KernelCompile, "cannot write the build cache at " + dir.string(), ""};
        return false;
    }
    *out = std::move(art);
    return true;
}

bool KernelPreprocessedFiles(const OpProject& project, const BuildOptions& options, std::vector<std::string>* files,
                             std::string* error) {
    std::vector<KernelCores> builds = {KernelCores::All};
    if (options.cceAicore == 220) builds = {KernelCores::Aic, KernelCores::Aiv};  // All is one of the two
    std::set<std::string> opened;
    char pattern[] = "/tmp/akg_deps_XXXXXX";
    const int fd = mkstemp(pattern);
    if (fd < 0) return *error = "cannot create a temporary file", false;
    close(fd);
    for (const std::string& source : project.kernelSources)
        for (KernelCores cores : builds) {
            std::vector<std::string> argv = {CompilerOf(options)};
            for (auto& f : CommonFlags(options)) argv.push_back(f);
            for (auto& f : CoreTypeFlags(options, cores)) argv.push_back(f);
            argv.push_back("-I" + project.kernelDir);
            for (auto& root : project.repositoryRoots) argv.push_back("-I" + root);
            for (const char* f : {"-M", "-MG", "-MF"}) argv.push_back(f);
            argv.push_back(pattern);
            argv.push_back(source);
            const ProcessResult r = RunProcess(argv, options.timeoutSeconds);
            if (r.exitCode != 0) {
                unlink(pattern);
                return *error = "preprocessing " + source + " failed:\n" + r.output, false;
            }
            // A make rule: "target: dep dep \\\n dep ..."; paths with spaces are not expected here.
            std::string rule = ReadFile(pattern);
            rule = rule.substr(rule.find(':') == std::string::npos ? 0 : rule.find(':') + 1);
            std::istringstream words(rule);
            for (std::string w; words >> w;)
                if (w != "\\") opened.insert(w);
        }
    unlink(pattern);
    files->assign(opened.begin(), opened.end());
    return true;
}

}  // namespace akg::build
