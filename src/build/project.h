// An operator project as CANN lays it out: op_host/ (tiling, OpDef registration, shape
// inference) and op_kernel/ (device code). The two halves may come from different places: in
// kernel-only evaluation the host half is the task's and the kernel half the candidate's.
#pragma once

#include <string>
#include <vector>

namespace akg::build {

struct OpProject {
    std::string name;                      // directory name, for messages
    std::string hostDir;                   // op_host
    std::vector<std::string> hostSources;  // every op_host source that is compiled
    // The shared libraries CANN's operator-project build links op_host into (optiling,
    // opsproto, op_host_aclnn, ...), each with its sources; see HostLibrariesOf.
    struct HostLibrary {
        std::string name;
        std::vector<std::string> sources;
    };
    std::vector<HostLibrary> hostLibraries;
    // The hand-written aclnn layer (CMake target opapi), built into a library of its own.
    std::vector<std::string> opapiSources;
    // Directories above the operator that its sources include from: the root of a CANN 8.x
    // operator repository, whose sources name their own headers by repository path
    // (`experimental/image/nms_with_mask/op_kernel/nms_with_mask_tiling_data.h`).
    std::vector<std::string> repositoryRoots;
    // Files outside op_host/ and op_kernel/ that the sources include by a relative path (a sibling
    // operator's "../../other_op/op_kernel/x.h" as in the repository, or "../other_op/x.h" as its
    // device build lays kernels out), found by following quoted includes from the including file;
    // they enter the cache keys.
    std::vector<std::string> externalHeaders;
    // Operators the repository's build compiles with this one (DependentOperatorsOf), each an
    // operator directory holding op_host/; their host registrations join this project's.
    std::vector<std::string> dependentOperators;
    std::string kernelDir;                 // op_kernel
    std::vector<std::string> kernelSources;  // op_kernel/*.cpp
};

// Finds op_host/ and op_kernel/ under `dir` (the directory itself, or an answer/K or src
// directory below it).
bool DiscoverProject(const std::string& dir, OpProject* out, std::string* error);
// Combines the host half of one project with the kernel half of another.
bool DiscoverSplitProject(const std::string& hostDir, const std::string& kernelDir, OpProject* out, std::string* error);
// Every file the kernel's code may come from: op_kernel/ (all depths) and the external headers.
std::vector<std::string> KernelTextFiles(const OpProject& project);

// How CANN's project build splits op_host: an operator's CMakeLists.txt beside op_host/ names,
// with target_sources, the sources of each host library — optiling (tiling), opsproto (shape
// inference), op_host_aclnn / op_host_aclnnInner (the OpDef the aclnn interface is generated
// from) — and of opapi, the hand-written aclnn layer. Each library links on its own, so a
// non-inline function defined in a header two of them include is no duplicate. Here:
//   - without such a CMakeLists.txt, every op_host source forms one library;
//   - opapi sources are not among the host libraries: OpApiSourcesOf lists them, and the builder
//     links them on their own against libakg_opapi (BuildHost);
//   - every library loads into one process, so a source named by several libraries is compiled
//     into the first only (its registrations must happen once).
std::vector<OpProject::HostLibrary> HostLibrariesOf(const std::string& hostDir,
                                                    const std::vector<std::string>& allHostSources);
// The host library that holds the tiling, which sources added to the project's host join:
// optiling when the CMakeLists.txt names it, else the first. `libs` is not empty.
OpProject::HostLibrary& TilingLibraryOf(std::vector<OpProject::HostLibrary>& libs);
std::vector<std::string> OpApiSourcesOf(const std::string& hostDir, const std::vector<std::string>& allHostSources);
inline constexpr const char* kOpApiTarget = "opapi";

// The operators a CANN 8.x repository builds together with the one in `operatorDir`, as its
// CMake files declare them (ops-cv cmake/func.cmake): `add_dependent_ops(<ops>)` in the
// operator's CMakeLists.txt, `DEPENDENCIES <ops>` of `add_modules_sources` /
// `add_all_modules_sources` in op_host/CMakeLists.txt, or the operator adding itself the ops to
// compile (`set(NEW_OP_NAMES ${ASCEND_OP_NAME} <ops>)`). Each is found as the operator directory
// of that name beside this one or in a sibling category (`../../image/<op>`), holding op_host/;
// the repository's build fails when it is missing, so a name not found is left out here and the
// build then fails on what it lacks. The dependency's tiling and shape-inference sources (every
// op_host source but its OpDef, `*_def*.cpp`) are compiled into this project's host: the
// depending operator registers its tiling, tiling struct and shape inference there (ops-cv's
// upsample_nearest_exact3d has no tiling source of its own).
std::vector<std::string> DependentOperatorsOf(const std::string& operatorDir);

// snake_case of an operator type the way CANN names kernel entry points (AddCustom ->
// add_custom, GeGluV2 -> ge_glu_v2, AddRMSNorm -> add_rms_norm).
std::string KernelNameOf(const std::string& opType);

}  // namespace akg::build
