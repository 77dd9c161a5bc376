// Builds an operator project the way CANN does (design §4): the host half into a shared library
// whose registrations are read back, then the kernel once per dtype combination, with the tiling
// structs and DTYPE_<NAME> macros generated from those registrations. Every artefact is cached
// by the content hash of its inputs, so the same sources are never compiled twice.
#pragma once

#include <string>
#include <vector>

#include "build/host_meta.h"
#include "build/project.h"

namespace akg::build {

struct BuildOptions {
    std::string compiler;   // empty: $AKGEN_CXX or g++
    std::string cacheDir;   // empty: $AKGEN_CACHE_DIR or ~/.cache/akgen
    std::string optLevel = "-O1";
    uint32_t cceAicore = 220;  // __CCE_AICORE__ of the target SoC
    double timeoutSeconds = 300;
    std::vector<std::string> defines;  // NAME or NAME=VALUE, as -D (direct-launch programs)
};

enum class BuildStage { Discover, HostCompile, HostLoad, KernelGenerate, KernelCompile, KernelEntry };
const char* BuildStageName(BuildStage s);

// The cache root: options.cacheDir, else $AKGEN_CACHE_DIR, else ~/.cache/akgen.
std::string ResolveCacheDir(const BuildOptions& options);

struct BuildError {
    BuildStage stage = BuildStage::Discover;
    std::string message;  // one line
    std::string log;      // compiler output
};

struct HostArtifact {
    std::string soPath;                  // host.so, the one to load
    std::vector<std::string> libraries;  // every host library: host.so, then those it loads
    HostMeta meta;
    // The answer's hand-written aclnn layer (CMake target opapi) linked against libakg_opapi;
    // empty when the answer has none or it did not build (opapiLog says why: the harness then
    // serves the aclnn call from the operator definition, as before this layer existed).
    std::string opapiPath;
    std::string opapiLog;
    bool cached = false;
    double seconds = 0;
};

// Which cores run a kernel library: every core, or one core type of a per-core-type build.
enum class KernelCores { All, Aic, Aiv };
const char* KernelCoresName(KernelCores c);

struct KernelLibrary {
    std::string soPath;
    KernelCores cores = KernelCores::All;
};

struct KernelArtifact {
    // One library that every core runs, or one per core type, as CANN builds a kernel that needs
    // g_coreType as a constant; a core type whose build failed has none (its errors are in `log`).
    std::vector<KernelLibrary> libraries;
    std::string entry;     // the kernel entry point's name
    std::string compiler;  // the compiler that built it (clang++ where g++ rejects the code)
    bool cached = false;
    double seconds = 0;
    std::string log;
    const KernelLibrary* For(KernelCores cores) const;  // the library that runs on such cores, or null
};

// One column of the OpDef's DataType lists: the dtype of every input and output.
struct DtypeCombo {
    std::vector<ge::DataType> inputs;
    std::vector<ge::DataType> outputs;
};

bool BuildHost(const OpProject& project, const BuildOptions& options, HostArtifact* out, BuildError* error);

bool BuildKernel(const OpProject& project, const HostArtifact& host, const host::OpInfo& op, const DtypeCombo& dtypes,
                 const BuildOptions& options, KernelArtifact* out, BuildError* error);

// The header the kernel is compiled with: tiling structs, GET_TILING_DATA, DTYPE_<NAME>.
// A host tiling struct whose name is in `kernelDefined` (the kernel sources define a struct of
// that name themselves, CANN 8.x plain-struct tiling read with GET_TILING_DATA_WITH_STRUCT) is left
// out: the kernel's own definition is the one it means.
std::string GenerateKernelHeader(const HostMeta& meta, const host::OpInfo& op, const DtypeCombo& dtypes,
                                 std::string* error, const std::vector<std::string>& kernelDefined = {});

// The names of the structs and classes the kernel sources (op_kernel/ and the external headers
// they include) define.
std::vector<std::string> KernelDefinedStructs(const OpProject& project);

// The files the preprocessor opens when the kernel sources are compiled as the builder compiles
// them (its flags, each core-type build), as absolute paths; a header it cannot find is listed
// as spelled (-MG). An #include in a branch the preprocessor skips is not taken, so its file is
// absent unless another taken include names it. False, with `error`, when preprocessing fails.
bool KernelPreprocessedFiles(const OpProject& project, const BuildOptions& options, std::vector<std::string>* files,
                             std::string* error);

// Names of the __global__ kernel entry points defined in the given sources.
std::vector<std::string> FindKernelEntries(const std::vector<std::string>& sources);

std::string ResolveCacheDir(const BuildOptions& options);

}  // namespace akg::build
