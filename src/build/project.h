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
    std::vector<std::string> hostSources;  // op_host/*.cpp
    std::string kernelDir;                 // op_kernel
    std::vector<std::string> kernelSources;  // op_kernel/*.cpp
};

// Finds op_host/ and op_kernel/ under `dir` (the directory itself, or an answer/K or src
// directory below it).
bool DiscoverProject(const std::string& dir, OpProject* out, std::string* error);
// Combines the host half of one project with the kernel half of another.
bool DiscoverSplitProject(const std::string& hostDir, const std::string& kernelDir, OpProject* out, std::string* error);

// snake_case of an operator type the way CANN names kernel entry points (AddCustom ->
// add_custom, GeGluV2 -> ge_glu_v2, AddRMSNorm -> add_rms_norm).
std::string KernelNameOf(const std::string& opType);

}  // namespace akg::build
