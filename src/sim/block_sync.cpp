// Intra-core event flags and barriers, and the cross-core barrier and flags. Within a core the
// functional model executes in program order, so these only matter for the checker (pairing)
// and the cost model (ordering); across cores they are real scheduling points (design §3).
#include <algorithm>

#include "basic_api/kernel_operator_block_sync_intf.h"
#include "basic_api/kernel_operator_determine_compute_sync_intf.h"
#include "basic_api/kernel_operator_group_barrier_intf.h"
#include "basic_api/kernel_operator_tiling_intf.h"
#include "sim/race.h"
#include "sim/runtime.h"

namespace akg::sim {

namespace {

using AscendC::HardEvent;

struct EventPipes {
    Pipe src;
    Pipe dst;
};

EventPipes PipesOf(HardEvent e) {
    switch (e) {
        case HardEvent::MTE2_MTE1: return {Pipe::MTE2, Pipe::MTE1};
        case HardEvent::MTE1_MTE2: return {Pipe::MTE1, Pipe::MTE2};
        case HardEvent::MTE1_M: return {Pipe::MTE1, Pipe::M};
        case HardEvent::M_MTE1: return {Pipe::M, Pipe::MTE1};
        case HardEvent::MTE2_V: return {Pipe::MTE2, Pipe::V};
        case HardEvent::V_MTE2: return {Pipe::V, Pipe::MTE2};
        case HardEvent::MTE3_V: return {Pipe::MTE3, Pipe::V};
        case HardEvent::V_MTE3: return {Pipe::V, Pipe::MTE3};
        case HardEvent::M_V: return {Pipe::M, Pipe::V};
        case HardEvent::V_M: return {Pipe::V, Pipe::M};
        case HardEvent::V_V: return {Pipe::V, Pipe::V};
        case HardEvent::MTE3_MTE1: return {Pipe::MTE3, Pipe::MTE1};
        case HardEvent::MTE1_MTE3: return {Pipe::MTE1, Pipe::MTE3};
        case HardEvent::MTE1_V: return {Pipe::MTE1, Pipe::V};
        case HardEvent::MTE2_M: return {Pipe::MTE2, Pipe::M};
        case HardEvent::M_MTE2: return {Pipe::M, Pipe::MTE2};
        case HardEvent::V_MTE1: return {Pipe::V, Pipe::MTE1};
        case HardEvent::M_FIX: return {Pipe::M, Pipe::FIX};
        case HardEvent::FIX_M: return {Pipe::FIX, Pipe::M};
        case HardEvent::MTE3_MTE2: return {Pipe::MTE3, Pipe::MTE2};
        case HardEvent::MTE2_MTE3: return {Pipe::MTE2, Pipe::MTE3};
        case HardEvent::S_V: return {Pipe::S, Pipe::V};
        case HardEvent::V_S: return {Pipe::V, Pipe::S};
        case HardEvent::S_MTE2: return {Pipe::S, Pipe::MTE2};
        case HardEvent::MTE2_S: return {Pipe::MTE2, Pipe::S};
        case HardEvent::S_MTE3: return {Pipe::S, Pipe::MTE3};
        case HardEvent::MTE3_S: return {Pipe::MTE3, Pipe::S};
        case HardEvent::MTE2_FIX: return {Pipe::MTE2, Pipe::FIX};
        case HardEvent::FIX_MTE2: return {Pipe::FIX, Pipe::MTE2};
        case HardEvent::FIX_S: return {Pipe::FIX, Pipe::S};
        case HardEvent::M_S: return {Pipe::M, Pipe::S};
        case HardEvent::FIX_MTE3: return {Pipe::FIX, Pipe::MTE3};
        case HardEvent::MTE1_FIX: return {Pipe::MTE1, Pipe::FIX};
        case HardEvent::FIX_MTE1: return {Pipe::FIX, Pipe::MTE1};
        case HardEvent::FIX_FIX: return {Pipe::FIX, Pipe::FIX};
        default: return {Pipe::S, Pipe::S};
    }
}

const char* EventName(HardEvent e) {
    static const char* names[] = {"MTE2_MTE1", "MTE1_MTE2", "MTE1_M",   "M_MTE1",    "MTE2_V",    "V_MTE2",
                                  "MTE3_V",    "V_MTE3",    "M_V",      "V_M",       "V_V",       "MTE3_MTE1",
                                  "MTE1_MTE3", "MTE1_V",    "MTE2_M",   "M_MTE2",    "V_MTE1",    "M_FIX",
                                  "FIX_M",     "MTE3_MTE2", "MTE2_MTE3", "S_V",      "V_S",       "S_MTE2",
                                  "MTE2_S",    "S_MTE3",    "MTE3_S",   "MTE2_FIX",  "FIX_MTE2",  "FIX_S",
                                  "M_S",       "FIX_MTE3",  "MTE1_FIX", "FIX_MTE1",  "FIX_FIX"};
    return e < HardEvent::MAX ? names[size_t(e)] : "?";
}

Pipe ToPipe(pipe_t p) {
    switch (p) {
        case PIPE_S: return Pipe::S;
        case PIPE_V: return Pipe::V;
        case PIPE_M: return Pipe::M;
        case PIPE_MTE1: return Pipe::MTE1;
        case PIPE_MTE2: return Pipe::MTE2;
        case PIPE_MTE3: return Pipe::MTE3;
        case PIPE_FIX: return Pipe::FIX;
        default: return Pipe::ALL;
    }
}

bool EventOfPipes(Pipe src, Pipe dst, HardEvent* out) {
    for (size_t e = 0; e < size_t(HardEvent::MAX); ++e) {
        EventPipes p = PipesOf(HardEvent(e));
        if (p.src == src && p.dst == dst) {
            *out = HardEvent(e);
            return true;
        }
    }
    return false;
}

void EmitSync(SyncInstr id, Pipe pipe, Pipe src, Pipe dst, int32_t event, const void* caller) {
    Instr in(id, pipe, caller);
    in.syncSrc = src;
    in.syncDst = dst;
    in.eventId = event;
    Issue(in);
}

// A barrier over every pipe: SyncAll, DataSyncBarrier, InitDetermineComputeWorkspace.
void EmitBarrierAll(InstrId id, const void* caller) {
    Instr in(id, caller);
    in.syncSrc = in.syncDst = Pipe::ALL;
    Issue(in);
}

void CheckId(const char* api, int32_t id, const void* caller) {
    if (id < 0 || id > 7) Fatal("EVENT_ID_RANGE", caller, Format("%s with event id %d: ids are 0..7", api, id));
}

// Who a barrier synchronises: SyncAll<true> the cores of the caller's type (the AIVs of a
// vector or mixed kernel), SyncAll<false> every core of a mixed launch, the software SyncAll the
// first `usedCores` AIVs, InitDetermineComputeWorkspace every AIV.
enum BarrierScope : uint32_t { kScopeAiv, kScopeAic, kScopeAll, kScopeSoft, kScopeDetermine };

// Every participating core must arrive before any leaves; a core that never arrives leaves
// the others waiting, which the scheduler reports as a deadlock.
void Barrier(InstrId id, BarrierScope scope, uint32_t participants, const void* caller) {
    Runtime& rt = Rt();
    EmitBarrierAll(id, caller);
    const uint32_t generation = rt.barrierGeneration[scope];
    const uint32_t waitArg = (scope << 24) | (generation & 0xffffffu);
    if (rt.race) rt.race->Arrive(Cur().idx, scope);
    if (++rt.barrierArrived[scope] >= participants) {
        if (rt.race) rt.race->Complete(scope);
        rt.barrierArrived[scope] = 0;
        ++rt.barrierGeneration[scope];
        WakeCores(Core::Wait::SyncAll, waitArg);
        return;
    }
    Core& c = Cur();
    c.waitKind = Core::Wait::SyncAll;
    c.waitArg = waitArg;
    c.waitCaller = caller;
    BlockCurrentCore();
}

// A launch with more cores of a type than the SoC has runs in rounds; a barrier over all of them
// waits for cores of a later round that cannot start before the first round ends.
void CheckOneRound(const char* api, const void* caller) {
    const Runtime& rt = Rt();
    if (rt.aicCount <= rt.platform.aicCores && rt.aivCount <= rt.platform.aivCores) return;
    Fatal("DEADLOCK", caller,
          Format("%s across a launch of %u AIC and %u AIV cores, more than the %u AIC / %u AIV cores of %s: the "
                 "cores beyond them start only when earlier ones finish, so the device waits forever",
                 api, rt.aicCount, rt.aivCount, rt.platform.aicCores, rt.platform.aivCores,
                 rt.platform.socVersion.c_str()));
}

bool MixedCubeVector(int32_t kernelType) {
    return kernelType == KERNEL_TYPE_MIX_AIC_1_1 || kernelType == KERNEL_TYPE_MIX_AIC_1_2;
}

// Flag ids are 4 bits; the hardware keeps the low 4 bits of a larger id.
uint16_t CrossFlagId(const char* api, uint16_t flagId, const void* caller) {
    if (flagId > 15)
        Diag("CROSS_FLAG_ID", caller,
             Format("%s(%u): cross-core flag ids are 0..15; the hardware uses the low 4 bits (%u)", api, flagId,
                    flagId & 15u));
    return flagId & 15u;
}

// Modes 0, 1 and 2 exist on Atlas A2/A3 (4 only on Ascend 950). The scheduling module that
// counts cross-core flags runs only for MIX kernel types; 1 and 2 need cube and vector cores.
// A wait only consumes its own core's counter: its mode and pipe do not matter.
void CheckCrossMode(const char* api, bool set, uint8_t mode, pipe_t pipe, const void* caller) {
    const Runtime& rt = Rt();
    const Core& c = Cur();
    const char* why = nullptr;
    if (rt.kernelType == KERNEL_TYPE_AIV_ONLY || rt.kernelType == KERNEL_TYPE_AIC_ONLY)
        why = "a KERNEL_TYPE_AIV_ONLY or KERNEL_TYPE_AIC_ONLY kernel runs without the scheduling module that counts "
              "cross-core flags (declare a MIX type, e.g. KERNEL_TYPE_MIX_AIV_1_0)";
    else if (!set)
        return;
    else if (mode > 2)
        why = "modes 0, 1 and 2 exist on this SoC";
    else if (mode != 0 && !MixedCubeVector(rt.kernelType))
        why = "modes 1 and 2 need a KERNEL_TYPE_MIX_AIC_1_1 or KERNEL_TYPE_MIX_AIC_1_2 kernel";
    else if (mode == 1 && c.type == AIC)
        why = "mode 1 synchronises the AIVs of one AI core; an AIC takes no part";
    else if (pipe == PIPE_S || pipe == PIPE_ALL)
        why = "the pipe must be PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3 or PIPE_FIX";
    if (why)
        Fatal("CROSS_FLAG_MODE", caller,
              Format("%s with mode %u on %s of a %s launch: %s", api, mode, CoreName(c).c_str(),
                     KernelTypeName(rt.kernelType), why));
}

// The cores a cross-core set of `mode` by `c` waits for (participants) and signals (receivers).
void CrossPeers(uint8_t mode, const Core& c, std::vector<Core*>* participants, std::vector<Core*>* receivers) {
    Runtime& rt = Rt();
    auto ofType = [](const std::vector<Core*>& cores, CoreType t, std::vector<Core*>* out) {
        for (Core* k : cores)
            if (k->type == t) out->push_back(k);
    };
    if (mode == 0) {
        for (auto& k : rt.cores)
            if (k->type == c.type) participants->push_back(k.get());
        *receivers = *participants;
        return;
    }
    const std::vector<Core*>& group = rt.groups[size_t(c.group)];
    if (mode == 1) {
        ofType(group, AIV, participants);
        *receivers = *participants;
        return;
    }
    // Mode 2: the AIC signals each of its AIVs; the AIVs together signal their AIC.
    if (c.type == AIC) {
        participants->push_back(const_cast<Core*>(&c));
        ofType(group, AIV, receivers);
    } else {
        ofType(group, AIV, participants);
        ofType(group, AIC, receivers);
    }
}

}  // namespace

void SyncSetFlag(HardEvent evt, int32_t id, const void* caller) {
    CheckId("SetFlag", id, caller);
    Core& c = Cur();
    if (c.flags[size_t(evt)][id])
        Diag("FLAG_SET_TWICE", caller,
             Format("SetFlag<%s>(%d) while the same flag is already set and not yet waited for", EventName(evt), id));
    if (c.flags[size_t(evt)][id] < UINT8_MAX) ++c.flags[size_t(evt)][id];
    c.flagSetter[size_t(evt)][id] = caller;
    EventPipes p = PipesOf(evt);
    EmitSync(SyncInstr::SetFlag, p.src, p.src, p.dst, id, caller);
}

void SyncWaitFlag(HardEvent evt, int32_t id, const void* caller) {
    CheckId("WaitFlag", id, caller);
    Core& c = Cur();
    if (!c.flags[size_t(evt)][id])
        Fatal("FLAG_WAIT_UNSET", caller,
              Format("WaitFlag<%s>(%d) with no SetFlag<%s>(%d) before it: the device would wait forever",
                     EventName(evt), id, EventName(evt), id));
    --c.flags[size_t(evt)][id];
    EventPipes p = PipesOf(evt);
    EmitSync(SyncInstr::WaitFlag, p.dst, p.src, p.dst, id, caller);
}

void SyncSetFlagPipes(pipe_t src, pipe_t dst, int32_t id, const void* caller) {
    HardEvent e;
    if (!EventOfPipes(ToPipe(src), ToPipe(dst), &e))
        Fatal("EVENT_ID_RANGE", caller,
              Format("set_flag between pipes %d and %d, which share no hardware event (the device would wait forever)",
                     src, dst));
    SyncSetFlag(e, id, caller);
}

void SyncWaitFlagPipes(pipe_t src, pipe_t dst, int32_t id, const void* caller) {
    HardEvent e;
    if (!EventOfPipes(ToPipe(src), ToPipe(dst), &e))
        Fatal("EVENT_ID_RANGE", caller,
              Format("wait_flag between pipes %d and %d, which share no hardware event (the device would wait forever)",
                     src, dst));
    SyncWaitFlag(e, id, caller);
}

void SyncBarrier(pipe_t pipe, const void* caller) {
    Pipe p = ToPipe(pipe);
    EmitSync(SyncInstr::PipeBarrier, p, p, p, 0, caller);
}

void SyncAllCores(bool aivOnly, const void* caller) {
    CheckSocSupports("SyncAll", caller);
    Runtime& rt = Rt();
    const Core& c = Cur();
    if (!aivOnly && (rt.aicCount == 0 || rt.aivCount == 0))
        Fatal("DEADLOCK", caller,
              Format("SyncAll<false> synchronises cube and vector cores, but this %s launch has no %s cores: the "
                     "device waits forever (a vector-only kernel needs SyncAll<true>)",
                     KernelTypeName(rt.kernelType), rt.aicCount == 0 ? "cube" : "vector"));
    CheckOneRound("SyncAll", caller);
    if (aivOnly) {
        const bool cube = c.type == AIC;
        Barrier(InstrId::SyncAll, cube ? kScopeAic : kScopeAiv, cube ? rt.aicCount : rt.aivCount, caller);
    } else {
        Barrier(InstrId::SyncAll, kScopeAll, uint32_t(rt.cores.size()), caller);
    }
}

void SyncAllCoresSoft(void* gmWorkspace, void* ubWorkspace, int32_t usedCores, const void* caller) {
    Runtime& rt = Rt();
    // AI cores and Vector Cores run a MIX_VECTOR_CORE kernel as separate tasks
    // ([ADK] 如何在矢量编程时启用Vector-Core.md: no inter-core sync such as SyncAll there).
    if (rt.platform.coupled && rt.kernelType == KERNEL_TYPE_MIX_VECTOR_CORE)
        Fatal("SOC_UNSUPPORTED", caller,
              Format("SyncAll in a KERNEL_TYPE_MIX_VECTOR_CORE kernel on %s: its AI cores and Vector Cores are "
                     "scheduled as separate tasks, which cannot synchronise",
                     rt.platform.socVersion.c_str()));
    uint32_t n = usedCores > 0 ? uint32_t(usedCores) : rt.aivCount;
    // The software barrier writes this core's 32-byte slot of the GM workspace and polls all of them.
    Instr in(InstrId::SyncAllWorkspace, caller);
    in.Write(Mem::GM, static_cast<uint8_t*>(gmWorkspace) + uint64_t(Cur().block) * 32, 32);
    in.Read(Mem::GM, gmWorkspace, uint64_t(n) * 32);
    in.Write(Mem::UB, ubWorkspace, 32, 32);
    in.gmSyncWords = true;
    if (!Issue(in)) return;
    Barrier(InstrId::SyncAll, kScopeSoft, n, caller);
}

void CrossCoreSet(uint8_t mode, pipe_t pipe, uint16_t flagId, const void* caller) {
    Runtime& rt = Rt();
    Core& c = Cur();
    CheckSocSupports("CrossCoreSetFlag", caller);
    const uint16_t id = CrossFlagId("CrossCoreSetFlag", flagId, caller);
    CheckCrossMode("CrossCoreSetFlag", true, mode, pipe, caller);
    if (mode == 0) CheckOneRound("CrossCoreSetFlag in mode 0", caller);
    const Pipe p = ToPipe(pipe);
    Instr in(SyncInstr::CrossCoreSetFlag, p, caller);
    in.syncSrc = p;
    in.syncDst = Pipe::ALL;
    in.eventId = id;
    in.crossSet = ++rt.crossSets;
    std::vector<Core*> participants, receivers;
    CrossPeers(mode, c, &participants, &receivers);
    // Cores run one at a time here: a setter that runs ahead of its receiver waits for room in
    // the receiver's counter rather than overflowing it, unless the receiver has finished.
    auto fullAndWaiting = [&] {
        for (Core* r : receivers)
            if (r->crossReleases[id].size() >= 15 && r->state != CoreState::Done) return true;
        return false;
    };
    while (fullAndWaiting()) {
        c.waitKind = Core::Wait::CrossFlagRoom;
        c.waitArg = id;
        c.waitCaller = caller;
        BlockCurrentCore();
    }
    if (!Issue(in)) return;

    const int scope = mode == 0 ? -1 : c.group;
    // A release needs one pending set from every participant; a core that sets again before the
    // others did keeps its second set pending for the next release.
    auto& pending = rt.crossArrivals[{mode, scope, int(c.type), id}];
    pending[c.idx].push_back(in.crossSet);
    for (Core* k : participants)
        if (pending[k->idx].empty()) return;
    std::vector<uint32_t> sets;
    for (Core* k : participants) {
        sets.push_back(pending[k->idx].front());
        pending[k->idx].pop_front();
    }
    // Each receiver's counter counts 0..15; one more increment is a hardware error.
    for (Core* r : receivers) {
        if (r->crossReleases[id].size() >= 15)
            Fatal("CROSS_FLAG_OVERFLOW", caller,
                  Format("CrossCoreSetFlag(%u) in mode %u raises the flag counter of %s beyond 15: more sets than "
                         "that core waits for",
                         id, mode, CoreName(*r).c_str()));
        r->crossReleases[id].push_back(sets);
    }
    WakeCores(Core::Wait::CrossFlag, id);
}

void CrossCoreWait(uint8_t mode, pipe_t pipe, uint16_t flagId, const void* caller) {
    Core& c = Cur();
    CheckSocSupports("CrossCoreWaitFlag", caller);
    const uint16_t id = CrossFlagId("CrossCoreWaitFlag", flagId, caller);
    CheckCrossMode("CrossCoreWaitFlag", false, mode, pipe, caller);
    while (c.crossReleases[id].empty()) {
        c.waitKind = Core::Wait::CrossFlag;
        c.waitArg = id;
        c.waitCaller = caller;
        BlockCurrentCore();
    }
    const std::vector<uint32_t> sets = std::move(c.crossReleases[id].front());
    c.crossReleases[id].pop_front();
    WakeCores(Core::Wait::CrossFlagRoom, id);
    // Issued once released, so that it names the sets it waited for.
    Instr in(InstrId::CrossCoreWaitFlag, caller);
    in.syncSrc = Pipe::ALL;
    in.syncDst = Pipe::S;
    in.eventId = id;
    in.crossReleasedBy = sets.data();
    in.crossReleasedCount = uint32_t(sets.size());
    Issue(in);
}

}  // namespace akg::sim

// GM-word protocols. On the device the cores poll words in GM; here a core whose word is not yet
// what it waits for blocks, and each change of such a word wakes the blocked cores to look again.
// A wait nobody will satisfy leaves every core blocked: the scheduler's DEADLOCK names it.
namespace akg::sim {

namespace {

void GmWait(std::string label, const void* caller) {
    Core& c = Cur();
    c.waitKind = Core::Wait::GmFlag;
    c.waitLabel = std::move(label);
    c.waitCaller = caller;
    BlockCurrentCore();
}

void GmChanged() { WakeCores(Core::Wait::GmFlag); }

// The scalar unit's read-modify-write of a GM word through the UB workspace (both checked).
bool IssueGmWord(InstrId id, const void* gmWord, uint64_t gmBytes, const void* ub, const void* caller) {
    Instr in(id, caller);
    in.Read(Mem::GM, gmWord, gmBytes);
    in.Write(Mem::GM, gmWord, 32);
    in.Write(Mem::UB, ub, 32, 32);
    in.gmSyncWords = true;
    return Issue(in);
}

// A set (cross-core release) or the wait it released, for the cost model's cross-core edge.
uint32_t EmitRelease(InstrId id, const void* caller) {
    Instr in(id, caller);
    in.syncSrc = in.pipe;
    in.syncDst = Pipe::ALL;
    in.crossSet = ++Rt().crossSets;
    Issue(in);
    return in.crossSet;
}
void EmitReleased(InstrId id, const std::vector<uint32_t>& sets, const void* caller) {
    Instr in(id, caller);
    in.syncSrc = Pipe::ALL;
    in.syncDst = Pipe::S;
    in.crossReleasedBy = sets.data();
    in.crossReleasedCount = uint32_t(sets.size());
    Issue(in);
}

// IBSet/IBWait's flag of (eventID, blockIdx): 32 bytes each, eventID-major over the launch's cores
// (GetBlockNum(), twice that for a mixed kernel).
int32_t* IbSlot(InstrId gmWord, int32_t* gm, int32_t* ub, int32_t blockIdx, int32_t eventId, bool aivOnly,
                const void* caller) {
    const char* api = ApiOf(gmWord);
    CheckSocSupports(api, caller);
    CheckOneRound(api, caller);
    const int64_t cores = BlockNum() * (aivOnly ? 1 : 2);
    if (blockIdx < 0 || blockIdx >= cores || eventId < 0)
        Fatal("IB_SYNC_RANGE", caller,
              Format("%s(blockIdx %d, eventID %d): blockIdx must be in 0..%lld (the launch's cores) and eventID at "
                     "least 0",
                     api, blockIdx, eventId, (long long)cores - 1));
    int32_t* slot = gm + (int64_t(eventId) * cores + blockIdx) * 8;
    return IssueGmWord(gmWord, slot, 4, ub, caller) ? slot : nullptr;
}

}  // namespace

void DataSyncBarrierMem(uint8_t mem, const void* caller) {
    CheckSocSupports("DataSyncBarrier", caller);
    if (mem > 3) Fatal("EVENT_ID_RANGE", caller, Format("DataSyncBarrier with MemDsbT %u: ALL, DDR, UB, SEQ", mem));
    // The functional model completes each access when issued; for the timeline the scalar unit
    // waits for every pipe's memory accesses, as PipeBarrier<PIPE_ALL> does.
    EmitBarrierAll(InstrId::DataSyncBarrier, caller);
}

void IbSet(int32_t* gmWorkspace, int32_t* ubWorkspace, int32_t blockIdx, int32_t eventId, bool aivOnly,
           const void* caller) {
    int32_t* slot = IbSlot(InstrId::IBSetGmWord, gmWorkspace, ubWorkspace, blockIdx, eventId, aivOnly, caller);
    if (!slot) return;
    // A flag still raised (its IBWait has not lowered it yet) holds the next IBSet back.
    while (*slot != 0)
        GmWait(Format("IBSet(blockIdx %d, eventID %d) for the IBWait that lowers the flag it raised before",
                      blockIdx, eventId),
               caller);
    Rt().ibSets[slot] = EmitRelease(InstrId::IBSet, caller);
    *slot = 1;
    GmChanged();
}

void IbWait(int32_t* gmWorkspace, int32_t* ubWorkspace, int32_t blockIdx, int32_t eventId, bool aivOnly,
            const void* caller) {
    int32_t* slot = IbSlot(InstrId::IBWaitGmWord, gmWorkspace, ubWorkspace, blockIdx, eventId, aivOnly, caller);
    if (!slot) return;
    while (*slot != 1)
        GmWait(Format("IBWait(blockIdx %d, eventID %d) for an IBSet with the same arguments", blockIdx, eventId),
               caller);
    *slot = 0;
    GmChanged();
    std::vector<uint32_t> sets;
    if (auto it = Rt().ibSets.find(slot); it != Rt().ibSets.end()) sets.push_back(it->second);
    EmitReleased(InstrId::IBWait, sets, caller);
}

void GroupBarrierCheck(const void* workspace, uint32_t arriveSize, uint32_t waitSize, const void* caller) {
    CheckSocSupports("GroupBarrier", caller);
    const int64_t blocks = BlockNum();
    if (arriveSize == 0 || waitSize == 0 || arriveSize > blocks || waitSize > blocks)
        Fatal("GROUP_BARRIER_SIZE", caller,
              Format("GroupBarrier(arriveSize %u, waitSize %u): each must be in 1..%lld (GetBlockNum())", arriveSize,
                     waitSize, (long long)blocks));
    if (reinterpret_cast<uintptr_t>(workspace) % 512 != 0)
        Fatal("GROUP_BARRIER_SIZE", caller, "GroupBarrier: the GM workspace must be 512-byte aligned");
    // The arrive and wait counters: one 512-byte line per member of the larger group.
    Instr in(InstrId::GroupBarrier, caller);
    in.Read(Mem::GM, workspace, uint64_t(std::max(arriveSize, waitSize)) * 512);
    in.gmSyncWords = true;
    Issue(in);
}

void GroupBarrierArrive(const void* workspace, uint32_t arriveSize, uint32_t waitSize, uint32_t index,
                        uint32_t round, const void* caller) {
    if (index >= arriveSize)
        Fatal("GROUP_BARRIER_SIZE", caller,
              Format("GroupBarrier::Arrive(%u) of an Arrive group of %u: the index must be in 0..%u", index,
                     arriveSize, arriveSize - 1));
    auto& st = Rt().groupBarriers[workspace];
    auto waitsDone = [&] {
        uint32_t n = 0;
        for (uint32_t w : st.waits) n += w;
        return n;
    };
    // A later round's Arrive waits for every Wait of the round before.
    while (round > 1 && waitsDone() < (round - 1) * waitSize)
        GmWait(Format("GroupBarrier::Arrive(%u) of round %u for the %u Waits of round %u", index, round, waitSize,
                      round - 1),
               caller);
    if (st.arrivals.size() < arriveSize) st.arrivals.resize(arriveSize);
    st.arrivals[index].push_back(EmitRelease(InstrId::GroupBarrierArrive, caller));
    GmChanged();
}

void GroupBarrierWait(const void* workspace, uint32_t arriveSize, uint32_t waitSize, uint32_t index, uint32_t round,
                      const void* caller) {
    if (index >= waitSize)
        Fatal("GROUP_BARRIER_SIZE", caller,
              Format("GroupBarrier::Wait(%u) of a Wait group of %u: the index must be in 0..%u", index, waitSize,
                     waitSize - 1));
    auto& st = Rt().groupBarriers[workspace];
    auto arrived = [&] {
        uint32_t n = 0;
        for (const auto& a : st.arrivals) n += uint32_t(a.size());
        return n;
    };
    while (arrived() < round * arriveSize)
        GmWait(Format("GroupBarrier::Wait(%u) for the %u Arrives of round %u (%u so far)", index, arriveSize, round,
                      arrived()),
               caller);
    std::vector<uint32_t> sets;
    for (const auto& a : st.arrivals)
        if (a.size() >= round) sets.push_back(a[round - 1]);
    if (st.waits.size() < waitSize) st.waits.resize(waitSize);
    ++st.waits[index];
    GmChanged();
    EmitReleased(InstrId::GroupBarrierWait, sets, caller);
}

// The deterministic-order helpers keep each vector core's counts here; the GM workspace (a
// 32-byte slot per block) and the UB workspace are checked as the device's accesses would be.
namespace {

uint32_t DetermineBlock(InstrId gmRow, int32_t* gm, int32_t* ub, const void* caller) {
    const char* api = ApiOf(gmRow);
    Runtime& rt = Rt();
    const Core& c = Cur();
    CheckSocSupports(api, caller);
    if (c.type == AIC)
        Fatal("CORE_TYPE_MISMATCH", caller, Format("%s on %s: it orders the vector cores only", api,
                                                   CoreName(c).c_str()));
    const uint32_t blocks = uint32_t(BlockNum());
    Instr in(gmRow, caller);
    in.Read(Mem::GM, gm, uint64_t(blocks) * 32);
    in.Write(Mem::UB, ub, uint64_t(blocks) * 32 + 32, 32);
    in.gmSyncWords = true;
    Issue(in);
    if (rt.determineNotifies.size() < rt.cores.size()) {
        rt.determineNotifies.resize(rt.cores.size());
        rt.determineWaits.resize(rt.cores.size());
        rt.determineLastSet.resize(rt.cores.size());
        rt.determineReady.resize(rt.cores.size());
    }
    return uint32_t(c.block);
}

// The vector core whose GetBlockIdx() is `b`.
const Core* AivOfBlock(uint32_t b) {
    for (const auto& k : Rt().cores)
        if (k->type != AIC && uint32_t(k->block) == b) return k.get();
    return nullptr;
}

}  // namespace

void DetermineInit(int32_t* gmWorkspace, int32_t* ubWorkspace, const void* caller) {
    Runtime& rt = Rt();
    DetermineBlock(InstrId::InitDetermineComputeWorkspaceGm, gmWorkspace, ubWorkspace, caller);
    CheckOneRound("InitDetermineComputeWorkspace", caller);
    Core& c = Cur();
    rt.determineReady[c.idx] = true;
    rt.determineNotifies[c.idx] = rt.determineWaits[c.idx] = 0;
    // Every vector core initialises its slot before any relies on the others'.
    Barrier(InstrId::InitDetermineComputeWorkspace, kScopeDetermine, rt.aivCount, caller);
}

void DetermineWaitPre(int32_t* gmWorkspace, int32_t* ubWorkspace, const void* caller) {
    Runtime& rt = Rt();
    const uint32_t b = DetermineBlock(InstrId::WaitPreBlockGm, gmWorkspace, ubWorkspace, caller);
    const Core& c = Cur();
    if (!rt.determineReady[c.idx])
        Fatal("DETERMINE_UNINITIALIZED", caller,
              "WaitPreBlock before InitDetermineComputeWorkspace on this core: the GM workspace holds no order yet");
    const uint32_t blocks = rt.aivCount;
    const uint32_t round = rt.determineWaits[c.idx]++;
    // Block b > 0 waits for block b - 1's notify of this round; block 0 for the last block's of
    // the previous round.
    const uint32_t prevBlock = b == 0 ? blocks - 1 : b - 1;
    const uint32_t need = b == 0 ? round : round + 1;
    const Core* prev = AivOfBlock(prevBlock);
    std::vector<uint32_t> sets;
    if (prev && prev != &c && need > 0) {
        while (rt.determineNotifies[prev->idx] < need)
            GmWait(Format("WaitPreBlock (round %u) for NotifyNextBlock of block %u", round, prevBlock), caller);
        sets.push_back(rt.determineLastSet[prev->idx]);
    }
    EmitReleased(InstrId::WaitPreBlock, sets, caller);
}

void DetermineNotifyNext(int32_t* gmWorkspace, int32_t* ubWorkspace, const void* caller) {
    Runtime& rt = Rt();
    DetermineBlock(InstrId::NotifyNextBlockGm, gmWorkspace, ubWorkspace, caller);
    const Core& c = Cur();
    if (!rt.determineReady[c.idx])
        Fatal("DETERMINE_UNINITIALIZED", caller,
              "NotifyNextBlock before InitDetermineComputeWorkspace on this core: the GM workspace holds no order yet");
    rt.determineLastSet[c.idx] = EmitRelease(InstrId::NotifyNextBlock, caller);
    ++rt.determineNotifies[c.idx];
    GmChanged();
}

}  // namespace akg::sim
