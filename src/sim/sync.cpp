// Intra-core event flags and barriers, and the cross-core barrier and flags. Within a core the
// functional model executes in program order, so these only matter for the checker (pairing)
// and the cost model (ordering); across cores they are real scheduling points (design §3).
#include "basic_api/kernel_operator_block_sync_intf.h"
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

void EmitSync(const char* api, SyncKind kind, Pipe pipe, Pipe src, Pipe dst, int32_t id, const void* caller) {
    Instr in;
    in.api = api;
    in.pipe = pipe;
    in.sync = kind;
    in.syncSrc = src;
    in.syncDst = dst;
    in.eventId = id;
    in.caller = caller;
    Issue(in);
}

void CheckId(const char* api, int32_t id, const void* caller) {
    if (id < 0 || id > 7) Fatal("EVENT_ID_RANGE", caller, Format("%s with event id %d: ids are 0..7", api, id));
}

// Every participating core must arrive before any leaves; a core that never arrives leaves
// the others waiting, which the scheduler reports as a deadlock.
void Barrier(const char* api, uint32_t participants, const void* caller) {
    Runtime& rt = Rt();
    EmitSync(api, SyncKind::Barrier, Pipe::ALL, Pipe::ALL, Pipe::ALL, 0, caller);
    uint32_t generation = rt.syncAllGeneration;
    if (++rt.syncAllArrived >= participants) {
        rt.syncAllArrived = 0;
        ++rt.syncAllGeneration;
        WakeCores(Core::Wait::SyncAll, generation);
        return;
    }
    Core& c = Cur();
    c.waitKind = Core::Wait::SyncAll;
    c.waitArg = generation;
    c.waitCaller = caller;
    BlockCurrentCore();
}

}  // namespace

void SyncSetFlag(HardEvent evt, int32_t id, const void* caller) {
    CheckId("SetFlag", id, caller);
    Core& c = Cur();
    if (c.flags[size_t(evt)][id])
        Diag("FLAG_SET_TWICE", caller,
             Format("SetFlag<%s>(%d) while the same flag is already set and not yet waited for", EventName(evt), id));
    c.flags[size_t(evt)][id] = 1;
    c.flagSetter[size_t(evt)][id] = caller;
    EventPipes p = PipesOf(evt);
    EmitSync("SetFlag", SyncKind::SetFlag, p.src, p.src, p.dst, id, caller);
}

void SyncWaitFlag(HardEvent evt, int32_t id, const void* caller) {
    CheckId("WaitFlag", id, caller);
    Core& c = Cur();
    if (!c.flags[size_t(evt)][id])
        Fatal("FLAG_WAIT_UNSET", caller,
              Format("WaitFlag<%s>(%d) with no SetFlag<%s>(%d) before it: the device would wait forever",
                     EventName(evt), id, EventName(evt), id));
    c.flags[size_t(evt)][id] = 0;
    EventPipes p = PipesOf(evt);
    EmitSync("WaitFlag", SyncKind::WaitFlag, p.dst, p.src, p.dst, id, caller);
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
    EmitSync("PipeBarrier", SyncKind::Barrier, p, p, p, 0, caller);
}

void SyncAllCores(bool aivOnly, const void* caller) {
    (void)aivOnly;
    Barrier("SyncAll", Rt().launch.blockDim, caller);
}

void SyncAllCoresSoft(void* gmWorkspace, void* ubWorkspace, int32_t usedCores, const void* caller) {
    Runtime& rt = Rt();
    uint32_t n = usedCores > 0 ? uint32_t(usedCores) : rt.launch.blockDim;
    // The software barrier writes this core's 32-byte slot of the GM workspace and polls all of them.
    Instr in;
    in.api = "SyncAll";
    in.pipe = Pipe::MTE3;
    in.caller = caller;
    in.Write(Mem::GM, static_cast<uint8_t*>(gmWorkspace) + uint64_t(Cur().idx) * 32, 32);
    in.Read(Mem::GM, gmWorkspace, uint64_t(n) * 32);
    in.Write(Mem::UB, ubWorkspace, 32, 32);
    if (!Issue(in)) return;
    Barrier("SyncAll", n, caller);
}

void CrossCoreSet(uint8_t mode, pipe_t pipe, uint16_t flagId, const void* caller) {
    Runtime& rt = Rt();
    Core& c = Cur();
    if (flagId >= 16) Fatal("EVENT_ID_RANGE", caller, Format("CrossCoreSetFlag(%u): flag ids are 0..15", flagId));
    Pipe p = ToPipe(pipe);
    EmitSync("CrossCoreSetFlag", SyncKind::SetFlag, p, p, Pipe::ALL, flagId, caller);
    if (mode == 0) {
        // Mode 0 signals every core once all cores of the launch have set the flag.
        if (++rt.crossFlags[flagId] >= rt.launch.blockDim) {
            rt.crossFlags[flagId] = 0;
            for (auto& other : rt.cores) ++other->crossCounter[flagId];
            WakeCores(Core::Wait::CrossFlag, flagId);
        }
        return;
    }
    // Modes 1 and 2 signal the partner core of the same AI core.
    size_t partner = size_t(c.idx ^ 1);
    if (partner < rt.cores.size()) {
        ++rt.cores[partner]->crossCounter[flagId];
        WakeCores(Core::Wait::CrossFlag, flagId);
    }
}

void CrossCoreWait(uint16_t flagId, const void* caller) {
    Core& c = Cur();
    if (flagId >= 16) Fatal("EVENT_ID_RANGE", caller, Format("CrossCoreWaitFlag(%u): flag ids are 0..15", flagId));
    EmitSync("CrossCoreWaitFlag", SyncKind::WaitFlag, Pipe::S, Pipe::ALL, Pipe::S, flagId, caller);
    while (c.crossCounter[flagId] == 0) {
        c.waitKind = Core::Wait::CrossFlag;
        c.waitArg = flagId;
        c.waitCaller = caller;
        BlockCurrentCore();
    }
    --c.crossCounter[flagId];
}

}  // namespace akg::sim
