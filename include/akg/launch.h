// Driver-side interface of the simulator: allocate GM, launch a compiled kernel on simulated
// cores, observe its instruction stream, collect diagnostics. Used by the runner, never by
// kernels.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "akg/sim.h"

namespace akg::sim {

// What the simulator needs to know about the SoC it models. Filled from a platform description
// file by the runner; host tiling code sees the same values through PlatformAscendC.
struct PlatformSpec {
    std::string socVersion = "Ascend910B1";  // full name, e.g. Ascend910B1
    std::string shortSocVersion = "Ascend910B";
    uint32_t aicCores = 24;
    uint32_t aivCores = 48;
    uint32_t cceAicore = 220;  // value of __CCE_AICORE__
    double clockMHz = 1850;
    uint64_t memSize[size_t(Mem::COUNT)] = {0, 196608, 524288, 65536, 65536, 131072, 1024, 7168};
    uint64_t l2Size = 201326592;
    uint64_t hbmSize = 68719476736ull;
    uint64_t sysWorkspaceSize = 16 * 1024 * 1024;
};

// An observer sees every instruction after it passed the checker (design §2: one stream serves
// checking and timing).
class InstrObserver {
public:
    virtual ~InstrObserver() = default;
    virtual void OnLaunch(uint32_t blockDim) { (void)blockDim; }
    virtual void OnInstr(int core, const Instr& in) = 0;
};

struct LaunchArgs {
    void (*entry)(void** args) = nullptr;  // trampoline that calls the kernel with args
    std::vector<void*> args;
    uint32_t blockDim = 1;
    uint64_t tilingKey = 0;
    uint8_t* workspace = nullptr;
    CoreType coreType = AIV;
    size_t stackBytes = 8u << 20;
};

struct Diagnostic {
    std::string code;
    std::string category;
    std::string message;
    std::string location;  // file:line of the user's call, when known
    int core = -1;
    uint32_t count = 1;
};

struct LaunchResult {
    bool completed = false;  // every core ran to its end
    bool deadlock = false;
    std::vector<Diagnostic> diagnostics;
    std::string deviceLog;  // printf / DumpTensor output
};

// GM buffers with guard pages on both sides and a poisoned slack after the tensor's end.
void* GmAlloc(size_t bytes, const std::string& name);
void GmFreeAll();
// Diagnostics for writes that bypassed the API into the slack after a tensor (checked after a run).
std::vector<Diagnostic> GmCheckSlack();

LaunchResult Launch(const PlatformSpec& platform, const LaunchArgs& args,
                    const std::vector<InstrObserver*>& observers = {});

// Stable diagnostic codes and their categories (documented in docs/diagnostics.md).
struct DiagnosticInfo {
    const char* code;
    const char* category;
    bool fatal;  // the device would hang or fault; the run stops
    const char* rule;
};
const std::vector<DiagnosticInfo>& DiagnosticCatalog();
const DiagnosticInfo* FindDiagnostic(const std::string& code);

}  // namespace akg::sim
