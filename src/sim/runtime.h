// Internal state of the simulator runtime: the launch, its cores, their local memories and
// registers, GM regions, and the diagnostics list. Only src/sim sees this header.
#pragma once

#include <ucontext.h>

#include <array>
#include <deque>
#include <map>
#include <tuple>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "akg/launch/launch.h"
#include "akg/sim/sim.h"
#include "basic_api/kernel_operator_set_atomic_intf.h"
#include "basic_api/kernel_tpipe.h"

namespace akg::sim {

// Thrown inside a core's context to unwind it after a fatal diagnostic; caught at the core's
// entry trampoline.
struct KernelAbort {};

class RaceDetector;  // sim/race.h

// Thrown inside a core's context to end its kernel early without error: an AIC of a mixed
// launch stops executing the kernel at REGIST_MATMUL_OBJ and only serves its AIVs' Matmul calls.
struct CoreServesMatmul {};

struct LocalBuffer {
    Mem mem;
    uintptr_t begin;
    uintptr_t end;
    const char* kind;          // "TQue" or "TBuf"
    const void* allocCaller;   // the InitBuffer that placed it
};

enum class CoreState : uint8_t { NotStarted, Ready, Blocked, Done };

struct Core {
    int idx = 0;  // position in the launch's core list (scheduling order, diagnostics, observers)
    // What the kernel sees (GetBlockIdx, GetSubBlockIdx, g_coreType) and the AI core (one AIC and
    // its AIVs) this core belongs to in a mixed launch.
    CoreType type = AIV;
    int32_t block = 0;
    int32_t sub = 0;
    int32_t group = 0;
    CoreState state = CoreState::NotStarted;
    bool aborted = false;
    ucontext_t ctx{};
    void* stack = nullptr;
    size_t stackSize = 0;
    // This core's copy of the kernel's __BLOCK_LOCAL__ variables (Runtime::blockLocals, in order).
    std::vector<uint8_t> blockLocal;

    // Local memories, allocated on first use; `memBase` is 64 KiB aligned.
    std::array<uint8_t*, size_t(Mem::COUNT)> memBase{};

    // TPipe allocation state: `pipe` is the TPipe whose InitBuffer ran last and `cursor` its
    // allocation ends; every other TPipe object of the core keeps its own in `idlePipes` (each
    // TPipe allocates from the start of the memories, as CANN's do). `lastPipe` is the TPipe
    // constructed last (GetTPipePtr).
    void* pipe = nullptr;
    void* lastPipe = nullptr;
    uint32_t pipeEpoch = 0;
    std::array<uint32_t, size_t(Mem::COUNT)> cursor{};
    std::vector<std::pair<void*, std::array<uint32_t, size_t(Mem::COUNT)>>> idlePipes;
    PoolState* activePool = nullptr;  // the TBufPool whose InitBuffer is running
    // The core's live queues (TQue objects initialised by InitBuffer, not their by-value copies):
    // FreeTensor through the wrong queue finds the buffer's own queue here.
    std::vector<QueueState*> queues;
    std::vector<LocalBuffer> buffers;
    uint32_t queueBuffers = 0;
    uint8_t eventAlloc[size_t(AscendC::HardEvent::MAX)] = {};
    // The unallocated end of a memory is one stack that PopStackBuffer and the high-level APIs'
    // framework-allocated temporary space both take: the first call of each (POP_STACK_CONFLICT).
    const void* popStackCaller = nullptr;
    const void* stackTmpCaller = nullptr;

    // Registers.
    uint64_t maskLo = ~0ull, maskHi = ~0ull;
    bool counterMode = false;
    // How the mask register was last written: by a Normal-mode lane mask, by an element count for
    // Counter mode, or by a raw intrinsic that does not say (VEC_MASK_MODE checks the first two).
    enum class MaskKind : uint8_t { Normal, Counter, Raw } maskKind = MaskKind::Normal;
    AtomicOp atomic = AtomicOp::None;
    DType atomicType = DType::F32;
    float deqScale = 1.0f;
    bool padValueSet = false;
    uint64_t padBits = 0;
    // Ascend 950's DMA loop registers (SetLoopModePara): [0] UB -> GM, [1] GM -> UB. `set` says a
    // SetLoopModePara is in force (ResetLoopModePara clears it and restores one iteration).
    struct DmaLoopRegs {
        bool set = false;
        uint32_t size1 = 1, size2 = 1;
        uint64_t src1 = 0, dst1 = 0, src2 = 0, dst2 = 0;
    } dmaLoop[2];
    // LoadData 3D's registers: the feature map (SetFmatrix or the load's own l1H/l1W/padList), the
    // padding value, the repeat (SetLoadDataRepeat) and the L1 boundary (SetLoadDataBoundary).
    struct Load3DRegs {
        uint16_t l1H = 0, l1W = 0;
        uint8_t pad[4] = {};
        uint64_t padBits = 0;
        uint16_t repeatStride = 0;
        uint8_t repeatTime = 1, repeatMode = 0;
        uint32_t boundary = 0;  // bytes from the start of L1; 0: none
    } load3d;
    // The FIX pipe's registers DataCopy from L0C reads (SetFixpipePreQuantFlag, SetFixPipeConfig,
    // SetFixpipeNz2ndFlag).
    struct FixpipeRegs {
        uint64_t quantScalar = 0;
        const uint64_t* quantTensor = nullptr;  // in FB
        uint16_t ndNum = 1, srcNdStride = 0, dstNdStride = 0;
    } fixpipe;
    std::vector<bool> l0cWritten;  // per 64-byte granule of L0C: written since the core started
    // Set while the Matmul library, called on a vector core, issues the work CANN hands to the AIC
    // (L1 / L0 / cube, and UB <-> cube-memory copies through GM): no core-type rule applies to it.
    bool matmulForCube = false;
    // Per event and id: sets not yet waited for. A second set before the wait is undefined on the
    // device (FLAG_SET_TWICE) but is lost there only if it lands before the waiting pipe took the
    // first; the waits take the sets in order, as the cost model pairs them.
    uint8_t flags[size_t(AscendC::HardEvent::MAX)][8] = {};
    const void* flagSetter[size_t(AscendC::HardEvent::MAX)][8] = {};

    // Per cross-core flag id: the counter CrossCoreWaitFlag consumes, one entry per increment,
    // each holding the ids of the CrossCoreSetFlag calls that caused it.
    std::array<std::deque<std::vector<uint32_t>>, 16> crossReleases;
    std::vector<std::pair<uintptr_t, uintptr_t>> l2Bypass;  // GM ranges read around L2 (SetL2CacheHint)
    uint64_t issued = 0;            // instructions issued, the deterministic "cycle" counter
    // The kernel code's raw-pointer accesses whose instruction waits for the next hook or API
    // instruction (src/sim/kernel_access.cpp): its latest loads with the bytes they read (g++
    // reports one access per address and basic block, so the store of `p[i] += v` calls no hook,
    // and the bytes changing is how it shows) and its last GM store, issued once it has landed so
    // that the race detector sees the bytes it wrote.
    struct RawAccess {
        uintptr_t addr;
        Mem mem;
        bool store;
        uint8_t bytes;
        uint8_t value[16];  // a load's bytes as read
        const void* caller;
    };
    std::vector<RawAccess> rawPending;

    // Spin-wait detection (src/sim/gm_poll.cpp): the core's latest scalar GM reads since the
    // launch's last GM write (`pollEpoch`, its count then), with the value each saw; re-reading a
    // word unchanged since is a poll. A ring of the latest kPollReads.
    struct PollRead {
        uintptr_t addr;
        uint64_t value;
        uint8_t bytes;
    };
    static constexpr size_t kPollReads = 64;
    std::array<PollRead, kPollReads> pollReads{};
    size_t pollCount = 0;
    uint64_t pollEpoch = 0;
    // Woken from a poll because no other core could run: its polls do not block while the launch's
    // GM-write count is still this one (UINT64_MAX: not exempt).
    uint64_t pollExemptAt = UINT64_MAX;

    // Cross-core waiting.
    // CrossFlagRoom: a cross-core set that would overflow a receiver's counter waits until the
    // receiver consumes one (on the device the cores run concurrently and it rarely gets full).
    // GmFlag: a GM-word protocol (IBWait, GroupBarrier::Wait, WaitPreBlock) whose word another core
    // has not changed yet; waitLabel names the call and what it waits for. GmPoll: the kernel's own
    // loop re-reads a GM word no core has written since (a spin-wait on a flag).
    enum class Wait : uint8_t { None, SyncAll, CrossFlag, CrossFlagRoom, GmFlag, GmPoll } waitKind = Wait::None;
    uint32_t waitArg = 0;
    std::string waitLabel;
    const void* waitCaller = nullptr;  // the call site the core waits in (DEADLOCK's location)
    uint32_t syncAllGeneration = 0;
};

// A GM tensor. On the device, torch_npu's caching allocator gives every tensor size + 32 bytes
// rounded up to 512, so kernels that read (or, with whole-block DataCopy, write) a little past
// the end touch their own allocation and work; reaching beyond that is a real out-of-bounds.
struct GmRegion {
    uintptr_t begin;
    uintptr_t end;        // one past the last byte of the tensor
    uintptr_t deviceEnd;  // end of what the device allocator would have reserved
    uintptr_t slackEnd;   // end of the mapped memory (page-rounded, guard page after)
    uintptr_t writtenEnd; // furthest byte a checked API write reached (for the slack scan)
    std::string name;
};

struct DiagnosticRecord {
    std::string code;
    std::string message;
    const void* caller;
    int core;
    uint32_t count;
    const void* related = nullptr;  // the "{related}" site of the message
};

// A block-local section of a loaded kernel library (src/sim/block_local.cpp).
struct BlockLocalRegion {
    uint8_t* begin = nullptr;
    size_t size = 0;
};

struct Runtime {
    PlatformSpec platform;
    LaunchArgs launch;
    // The kernel libraries' __BLOCK_LOCAL__ sections, and their contents when loaded.
    std::vector<BlockLocalRegion> blockLocals;
    std::vector<uint8_t> blockLocalImage;
    std::vector<std::unique_ptr<Core>> cores;
    Core* cur = nullptr;
    ucontext_t scheduler{};
    bool aborting = false;

    std::vector<GmRegion> gm;
    std::vector<DiagnosticRecord> diags;
    std::vector<InstrObserver*> observers;
    int32_t kernelType = 0;  // KernelMetaType of the launch
    uint32_t aicCount = 0, aivCount = 0;
    std::vector<std::vector<Core*>> groups;  // per AI core: its AIC (if any) first, then its AIVs
    // Barriers (SyncAll): per scope, cores arrived and the generation they wait to end.
    std::array<uint32_t, 5> barrierArrived{}, barrierGeneration{};
    // Cross-core flags: per (mode, scope, setter's core type, flag id), each participant's sets
    // not yet part of a release; and the launch-wide count of sets.
    std::map<std::tuple<int, int, int, int>, std::map<int, std::deque<uint32_t>>> crossArrivals;
    uint32_t crossSets = 0;
    uint64_t gmWrites = 0;  // GM-writing instructions issued in the launch (spin-wait detection)
    bool gmPollers = false;  // a core is blocked in Wait::GmPoll
    // GM-word protocols: per IBSet slot, the set (Instr::crossSet) that raised it; per
    // GroupBarrier workspace, each Arrive index's arrivals (their sets) and each Wait index's waits
    // done; the deterministic-order helpers' per-core counts of NotifyNextBlock and WaitPreBlock.
    std::map<const void*, uint32_t> ibSets;
    struct GroupBarrierState {
        std::vector<std::vector<uint32_t>> arrivals;
        std::vector<uint32_t> waits;
    };
    std::map<const void*, GroupBarrierState> groupBarriers;
    std::vector<uint32_t> determineNotifies, determineWaits, determineLastSet;
    std::vector<bool> determineReady;
    uint8_t* sysWorkspace = nullptr;
    std::string deviceLog;
    // Local memories of finished cores, handed to the next core to start: mapping fresh pages
    // for each of 48 cores costs more than the kernel's own work on small launches.
    std::array<std::vector<uint8_t*>, size_t(Mem::COUNT)> spareMem;
    std::unique_ptr<RaceDetector> race;  // null when LaunchArgs::detectRaces is off
};

Runtime& Rt();
Runtime* RtIfLaunched();
// Ends the current core after a fatal diagnostic: throws KernelAbort to unwind it, or, where
// that would terminate the process (inside unwinding), abandons its stack. Abandon never returns.
[[noreturn]] void AbortCurrentCore();
[[noreturn]] void AbandonCurrentCore();

// For the lifetime of a launch: integer division by zero in kernel code continues instead of
// trapping, as on the AI core's scalar unit (src/sim/scalar_division.cpp).
struct ScalarDivisionGuard {
    ScalarDivisionGuard();
    ~ScalarDivisionGuard();
    ScalarDivisionGuard(const ScalarDivisionGuard&) = delete;
    ScalarDivisionGuard& operator=(const ScalarDivisionGuard&) = delete;
};
inline Core& Cur() { return *Rt().cur; }

// Memory.
// A load or store of a running SIMT VF's thread (src/sim/simt.cpp): checked and counted; false
// when no VF runs (the access is then the kernel's own, src/sim/kernel_access.cpp).
bool SimtAccess(const void* p, uint64_t bytes, bool write, const void* caller);
// Adds to `in` the access of one load or store of kernel code through a plain pointer on the
// running core (src/sim/kernel_access.cpp): GM when `p` lies in or next to a GM tensor (a pointer
// running off one lands in its slack or guard page, an access to report), else one of the core's
// local memories; false when `p` is no device memory (the core's stack, tiling data, host objects).
bool PointerAccess(const void* p, uint64_t bytes, bool write, Instr& in);
// Issues the kernel code's raw-pointer stores not issued yet since the core's last API
// instruction (kernel_access.cpp) and forgets its loads: before every API instruction, whose
// effect may change the loaded bytes itself, and when the core ends.
void SettleRawAccesses(Core& c);
uint8_t* LocalMem(Core& c, Mem m);
uint32_t MemCapacity(Mem m);
// Address space reserved per local memory: TPipe may place buffers past the capacity (the
// device does not check at InitBuffer; it faults only when such a buffer is touched).
uint64_t MemReserve(Mem m);
GmRegion* FindGm(uintptr_t addr);
// Whether `addr` lies in a GM tensor's mapping or the guard page on either side of it.
bool NearGmTensor(uintptr_t addr);
const LocalBuffer* FindLocalBuffer(const Core& c, uintptr_t addr);
Mem LocalMemOfAddress(const Core& c, uintptr_t addr);
void ResetCoreMemory(Core& c);
// Finds the launch's block-local sections and gives every core their load-time contents.
void InitBlockLocals(Runtime& rt);
// Copies core c's block-local variables into the sections (in) or back out of them.
void SwapBlockLocals(Core& c, bool in);
// A finished core's local memories go to the spare pool for the next core.
void RecycleCoreMemory(Runtime& rt, Core& c);
void ReleaseCoreMemories(Runtime& rt);

// Diagnostics; Fatal never returns (it unwinds the current core).
// `related`: a second code address the message names as "{related}" (resolved with the caller).
void Diag(const char* code, const void* caller, const std::string& message, const void* related = nullptr);
// The same for a finding about core `core` (index in the launch's core list) made outside it.
void DiagOnCore(int core, const char* code, const void* caller, const std::string& message,
                const void* related = nullptr);
[[noreturn]] void Fatal(const char* code, const void* caller, const std::string& message,
                        const void* related = nullptr);
std::string Format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

// Checker entry (src/sim/check).
bool CheckInstr(const Instr& in);
// SOC_UNSUPPORTED when the platform lists `api` as one its CANN does not support. Entry points
// call it before any other check of theirs.
void CheckSocSupports(const char* api, const void* caller);
void CheckCoreEnd(Core& c);

// Scheduling.
void BlockCurrentCore();
// Wakes the cores blocked in `kind` (on `arg` when given).
void WakeCores(Core::Wait kind, std::optional<uint32_t> arg = std::nullopt);
// An access of one GM word by the scalar unit (GetValue / SetValue, a raw load or store,
// Read/WriteGmByPassDCache): what spin-wait detection and the race detector's flag words look at.
inline bool IsScalarGmWordAccess(const Instr& in) {
    return in.pipe == Pipe::S && in.nacc == 1 && in.acc[0].mem == Mem::GM && in.acc[0].bytes <= 8;
}
// An issued instruction's part in spin-wait detection (src/sim/gm_poll.cpp): a GM write wakes the
// cores polling GM; a scalar GM read of a word this core read unchanged since blocks it until
// another core writes GM.
void NoteGmPoll(Core& c, const Instr& in);
// No core can run: the cores blocked polling GM go on without blocking until GM changes (true if
// there were any).
bool ReleasePollers(Runtime& rt);

// Writes bytes into GM, honouring the core's atomic mode (every engine that writes GM uses it).
void StoreGm(uint8_t* dst, const uint8_t* src, uint64_t bytes);
// Marks the GM writes of `in` as accumulating when the core's atomic mode is set (for the race
// detector): every instruction whose effect goes through StoreGm.
void MarkAtomicGmWrites(Instr& in);
// "core 3" in a single-type launch, "AIC 1" / "AIV 2" in a mixed one.
std::string CoreName(const Core& c);

const char* MemName(Mem m);
const char* PipeName(Pipe p);
size_t DTypeSize(DType t);
// One element of any type read as a double (exact for every type but 64-bit integers).
double ElementAsDouble(const uint8_t* p, DType t);

}  // namespace akg::sim
