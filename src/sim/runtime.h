// Internal state of the simulator runtime: the launch, its cores, their local memories and
// registers, GM regions, and the diagnostics list. Only src/sim sees this header.
#pragma once

#include <ucontext.h>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "akg/launch.h"
#include "akg/sim.h"
#include "basic_api/kernel_operator_set_atomic_intf.h"
#include "basic_api/kernel_tpipe.h"

namespace akg::sim {

// Thrown inside a core's context to unwind it after a fatal diagnostic; caught at the core's
// entry trampoline.
struct KernelAbort {};

struct LocalBuffer {
    Mem mem;
    uintptr_t begin;
    uintptr_t end;
    const char* kind;  // "TQue" or "TBuf"
};

enum class CoreState : uint8_t { NotStarted, Ready, Blocked, Done };

struct Core {
    int idx = 0;
    CoreState state = CoreState::NotStarted;
    bool aborted = false;
    ucontext_t ctx{};
    void* stack = nullptr;
    size_t stackSize = 0;

    // Local memories, allocated on first use; `memBase` is 64 KiB aligned.
    std::array<uint8_t*, size_t(Mem::COUNT)> memBase{};

    // TPipe allocation state.
    void* pipe = nullptr;
    uint32_t pipeEpoch = 0;
    std::array<uint32_t, size_t(Mem::COUNT)> cursor{};
    std::vector<LocalBuffer> buffers;
    uint32_t queueBuffers = 0;
    uint8_t eventAlloc[size_t(AscendC::HardEvent::MAX)] = {};

    // Registers.
    uint64_t maskLo = ~0ull, maskHi = ~0ull;
    bool counterMode = false;
    AtomicOp atomic = AtomicOp::None;
    DType atomicType = DType::F32;
    float deqScale = 1.0f;
    bool padValueSet = false;
    uint64_t padBits = 0;
    uint8_t flags[size_t(AscendC::HardEvent::MAX)][8] = {};
    const void* flagSetter[size_t(AscendC::HardEvent::MAX)][8] = {};

    uint8_t crossCounter[16] = {};  // per flag id, CrossCoreWaitFlag consumes
    uint64_t issued = 0;            // instructions issued, the deterministic "cycle" counter

    // Cross-core waiting.
    enum class Wait : uint8_t { None, SyncAll, CrossFlag } waitKind = Wait::None;
    uint32_t waitArg = 0;
    uint32_t syncAllGeneration = 0;
};

struct GmRegion {
    uintptr_t begin;
    uintptr_t end;       // one past the last byte of the tensor
    uintptr_t slackEnd;  // end of the readable allocation (page-rounded)
    std::string name;
};

struct DiagnosticRecord {
    std::string code;
    std::string message;
    const void* caller;
    int core;
    uint32_t count;
};

struct Runtime {
    PlatformSpec platform;
    LaunchArgs launch;
    std::vector<std::unique_ptr<Core>> cores;
    Core* cur = nullptr;
    ucontext_t scheduler{};
    bool aborting = false;

    std::vector<GmRegion> gm;
    std::vector<DiagnosticRecord> diags;
    std::vector<InstrObserver*> observers;
    uint32_t syncAllArrived = 0;
    uint32_t syncAllGeneration = 0;
    std::array<uint32_t, 16> crossFlags{};
    int32_t kernelType = -1;
    uint8_t* sysWorkspace = nullptr;
    std::string deviceLog;
};

Runtime& Rt();
Runtime* RtIfLaunched();
inline Core& Cur() { return *Rt().cur; }

// Memory.
uint8_t* LocalMem(Core& c, Mem m);
uint32_t MemCapacity(Mem m);
const GmRegion* FindGm(uintptr_t addr);
const LocalBuffer* FindLocalBuffer(const Core& c, uintptr_t addr);
Mem LocalMemOfAddress(const Core& c, uintptr_t addr);
void ResetCoreMemory(Core& c);
void ReleaseCoreMemories(Runtime& rt);

// Diagnostics; Fatal never returns (it unwinds the current core).
void Diag(const char* code, const void* caller, const std::string& message);
[[noreturn]] void Fatal(const char* code, const void* caller, const std::string& message);
std::string Format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

// Checker entry (src/sim/check).
bool CheckInstr(const Instr& in);
void CheckCoreEnd(Core& c);

// Scheduling.
void BlockCurrentCore();
void WakeCores(Core::Wait kind, uint32_t arg);

const char* MemName(Mem m);
const char* PipeName(Pipe p);
size_t DTypeSize(DType t);

}  // namespace akg::sim
