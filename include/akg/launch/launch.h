// Driver-side interface of the simulator: allocate GM, launch a compiled kernel on simulated
// cores, observe its instruction stream, collect diagnostics. Used by the runner, never by
// kernels.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "akg/launch/platform.h"
#include "akg/sim/sim.h"
#include "basic_api/kernel_base_types.h"

namespace akg::sim {

using PlatformSpec = akg::PlatformSpec;

// An observer sees every instruction after it passed the checker (design §2: one stream serves
// checking and timing).
class InstrObserver {
public:
    virtual ~InstrObserver() = default;
    virtual void OnLaunch(uint32_t blockDim) { (void)blockDim; }
    virtual void OnInstr(int core, const Instr& in) = 0;
};

// A GM tensor the kernel must leave as it found it (an input the operator does not update in
// place), with a copy of its contents to compare against after the launch.
struct UnchangedTensor {
    const void* gm = nullptr;
    const void* original = nullptr;
    size_t bytes = 0;
    std::string name;
};

struct LaunchArgs {
    void (*entry)(void** args) = nullptr;  // trampoline that calls the kernel with args
    // A per-core-type build (CANN's for kernels that read g_coreType as a constant): the AIC
    // build's trampoline, which AIC cores run instead of `entry`.
    void (*aicEntry)(void** args) = nullptr;
    std::vector<void*> args;
    uint32_t blockDim = 1;
    uint64_t tilingKey = 0;
    uint8_t* workspace = nullptr;
    // KernelMetaType (kernel_operator_tiling_intf.h): which cores a launch of blockDim runs.
    int32_t kernelType = 0;
    size_t stackBytes = 8u << 20;
    // Turn code addresses into file:line before returning (runs addr2line). A sandboxed run
    // cannot start processes: it returns the sites and its parent calls ResolveLocations.
    bool resolveLocations = true;
    std::vector<UnchangedTensor> unchanged;  // checked after the run (INPUT_MODIFIED)
    // Report GM bytes that cores access in an order nothing synchronises (GM_RACE). Off only to
    // measure what the detector costs.
    bool detectRaces = true;
};

// A code address as a shared object and an offset into it: meaningful in any process.
struct CodeSite {
    std::string object;
    uint64_t offset = 0;
};

struct Diagnostic {
    std::string code;
    std::string category;
    std::string message;
    std::string location;  // file:line of the user's call, when known
    int core = -1;
    uint32_t count = 1;
    CodeSite site;         // the call site, until resolved into `location`
    CodeSite related;      // a second site the message refers to as "{related}" (e.g. an InitBuffer)
};

struct LaunchResult {
    bool completed = false;  // every core ran to its end
    bool deadlock = false;
    std::vector<Diagnostic> diagnostics;
    std::string deviceLog;  // printf / DumpTensor output
};

// GM buffers with guard pages on both sides and a poisoned slack after the tensor's end.
// Throws std::bad_alloc when the memory cannot be mapped.
void* GmAlloc(size_t bytes, const std::string& name);
// Frees one buffer GmAlloc returned; false if `p` is not the start of one.
bool GmFree(void* p);
void GmFreeAll();
// The GM buffer containing `addr` and its size, or nullptr.
const void* GmBufferOf(const void* addr, size_t* bytes);
// Diagnostics for writes that bypassed the API into the slack after a tensor (checked after a run).
std::vector<Diagnostic> GmCheckSlack();

// Outputs marked OutputShapeDependOnCompute: CANN passes the kernel one more GM argument after the
// outputs, where the kernel writes each such output's real shape as kShapeOutSlots uint64 values
// (in output order): the dimension count, then up to 8 dimensions. Bit 31 of the count says the
// dimensions are full uint64 values; without it only their low 32 bits count.
constexpr size_t kShapeOutSlots = 9;
// Reads the shape at `slots` of output `name`, whose memory holds `capacity` elements; false with
// a SHAPE_OUT_INVALID diagnostic when the kernel left it unwritten or it does not fit.
bool ReadShapeOut(const uint64_t* slots, const std::string& name, uint64_t capacity, std::vector<int64_t>* dims,
                  Diagnostic* problem);

// The cores a launch starts, in scheduling order: AIV_ONLY and MIX_AIV_1_0 run blockDim AIVs,
// AIC_ONLY and MIX_AIC_1_0 blockDim AICs, MIX_AIC_1_1 and MIX_AIC_1_2 blockDim AI cores of one
// AIC followed by its one or two AIVs. On a coupled SoC (310P) every type runs blockDim cores of
// type MIX (what g_coreType is there): each holds the cube and the vector unit; with
// KERNEL_TYPE_MIX_VECTOR_CORE the blocks beyond the AI cores run on the SoC's Vector Cores.
struct CoreSlot {
    CoreType type;
    int32_t block;  // GetBlockIdx
    int32_t sub;    // GetSubBlockIdx
    int32_t group;  // the AI core
};
std::vector<CoreSlot> CoreLayout(const PlatformSpec& platform, int32_t kernelType, uint32_t blockDim);
const char* KernelTypeName(int32_t kernelType);

// How a compiled kernel says which cores it needs: its qualifier (__cube__, __vector__,
// __mix__(m, n)), else KERNEL_TASK_TYPE(key, type) / KERNEL_TASK_TYPE_DEFAULT(type) in its body,
// else what the APIs it references imply (cube only: AIC_ONLY, cube and vector: MIX_AIC_1_2,
// otherwise AIV_ONLY), as CANN's compiler infers it.
struct KernelTypeInfo {
    int32_t qualifier = -1;
    int32_t byDefault = -1;
    std::map<uint64_t, int32_t> byKey;
    int32_t inferred = 0;
    std::string source;  // how the default was decided, for messages
    int32_t For(uint64_t tilingKey) const;
};
// The type CANN's compiler would give a kernel that uses these akg::sim entry points: in its one
// library, or in its per-core-type libraries (null where that core type's build failed).
int32_t InferKernelType(const std::vector<std::string>& simFunctions);
int32_t InferKernelType(const std::vector<std::string>* aicFunctions, const std::vector<std::string>* aivFunctions);
// A kernel function's address in a loaded library, and the cores that library is built for
// (MIX: one build that every core runs).
struct KernelBuildAddress {
    const void* kernel = nullptr;
    CoreType cores = MIX;
};
// `kernels` holds the kernel's address in each of its libraries, `names` the names its type
// records may carry (its plain name; for an operator's entry also the symbol the builder compiles
// it under, which KERNEL_TASK_TYPE inside it records).
bool ReadKernelTypeInfo(const std::vector<KernelBuildAddress>& kernels, const std::vector<std::string>& names,
                        KernelTypeInfo* out, std::string* error);

LaunchResult Launch(const PlatformSpec& platform, const LaunchArgs& args,
                    const std::vector<InstrObserver*>& observers = {});

// Fills each diagnostic's `location` from its site and replaces "{related}" in its message with
// the related site's file:line, using the objects' debug information.
void ResolveLocations(std::vector<Diagnostic>& diagnostics);

// Stable diagnostic codes and their categories (documented in docs/diagnostics.md).
struct DiagnosticInfo {
    const char* code;
    const char* category;
    bool fatal;  // the device would hang or fault; the run stops
    const char* rule;
    // The run goes on, but the device's result need not be the simulated one: the case fails
    // under the device rule (--diagnostics report) as well as strictly.
    bool failsDeviceRule = false;
};
const std::vector<DiagnosticInfo>& DiagnosticCatalog();
const DiagnosticInfo* FindDiagnostic(const std::string& code);

}  // namespace akg::sim
