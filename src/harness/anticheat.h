// Anti-cheat scan of a candidate operator project (docs/anticheat.md): its sources before they
// are compiled and the shared libraries built from them. Candidate code runs in the evaluating
// process on simulated cores, so anything beyond computing its outputs from its inputs (reading
// files, talking to the network, spawning processes, reading clocks or the environment) is
// forbidden. The scan names each violation with a stable rule id; process isolation (sandbox.h)
// is the second, independent layer.
#pragma once

#include <set>
#include <string>
#include <vector>

namespace akg::harness {

// Which half of the project a file or library belongs to: the allowed headers differ.
enum class SourceSide { Kernel, Host };
const char* SourceSideName(SourceSide side);  // "kernel", "host"

struct CheatFinding {
    // Stable id: include, inline_asm, file_io, network, process, thread, clock, environment,
    // symbol, value_depend — reported as the class "anticheat.<rule>" — and the device-code rules
    // device_heap and device_libc (kernel side only), reported as "compile.device_code": CANN's
    // device compiler would not build such a kernel, which is a compile failure, not a cheat.
    std::string rule;
    std::string file;  // relative to the project directory; for symbol findings the .so path
    int line = 0;      // 1-based; 0 for symbol findings
    std::string message;  // one line: what was found, where, and which rule it breaks
};

std::string CheatClassOf(const CheatFinding& finding);  // "anticheat.<rule>" or "compile.device_code"

// Scans `files` (absolute, or relative to `projectDir`) and every project-local header they
// include, recursively. Comments and string literals are stripped first; line numbers are kept.
// `projectDir` bounds the project: a file or include resolving outside it is a finding.
// `simtPlatform`: the kernel runs on a SoC with SIMT (Ascend 950), so it may include simt_api/.
std::vector<CheatFinding> ScanSources(const std::string& projectDir, const std::vector<std::string>& files,
                                      SourceSide side, bool simtPlatform = false);

// Where the project ends, and what the compiler takes of it.
struct ScanScope {
    // The answer project: an include resolving inside it is the project's own code (a sibling
    // operator's file the task carries, "../../other/op_kernel/x.h"); outside it, a finding.
    // Empty: `projectDir`. Findings still name files relative to `projectDir`.
    std::string projectRoot;
    // The files the preprocessor opened under the real compile flags (KernelPreprocessedFiles),
    // or null for a textual scan. When given, an #include the preprocessor did not take (it sits
    // in an inactive #if branch) is neither judged nor followed.
    const std::vector<std::string>* preprocessed = nullptr;
    // The kernel runs on a SoC with SIMT (Ascend 950), so it may include simt_api/.
    bool simtPlatform = false;
};
std::vector<CheatFinding> ScanSources(const std::string& projectDir, const std::vector<std::string>& files,
                                      SourceSide side, const ScanScope& scope);

// Lists the undefined dynamic symbols of a built kernel or host library (its ELF .dynsym) and
// flags every one that is neither defined by one of `runtimeLibs` (the simulator runtime the
// library was linked against: libakg_sim.so for kernels, libakg_host.so for host code) nor in
// the allowed part of the C and C++ runtime.
// For a kernel library, also every mutable variable with static storage it defines (rule
// device_global), except those named in `gmVariables` (GmVariablesOf its sources).
std::vector<CheatFinding> ScanLibrary(const std::string& soPath, SourceSide side,
                                      const std::vector<std::string>& runtimeLibs = {},
                                      const std::set<std::string>& gmVariables = {});

// The names of the variables the files declare `__gm__` themselves (`static volatile __gm__
// uint32_t sync[16];`): device-side globals as CANN spells them.
std::set<std::string> GmVariablesOf(const std::vector<std::string>& files);

}  // namespace akg::harness
