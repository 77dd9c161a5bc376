// TPipe buffer allocation and the TQue protocol. On the device a queue buffer carries a pair of
// hardware events: EnQue sets the producer->consumer event and DeQue waits for it; FreeTensor
// sets the consumer->producer event and AllocTensor waits for it. Misuse makes the device hang
// or race, so every violation is a diagnostic here.
#include <algorithm>

#include "sim/runtime.h"

namespace akg::sim {

namespace {

constexpr uint32_t kMaxPipeBuffers = 64;

uint32_t Align32(uint32_t n) { return (n + 31u) / 32u * 32u; }

// The pipes that write into and read out of a queue's buffers. L0C (CO1) is read, and UB as CO2
// written, by the FIX pipe; without one (310P) by the vector unit (queue events M_V / V_M there,
// ascend-hardware-model.md section 4.4).
struct QueuePipes {
    Pipe producer;
    Pipe consumer;
};
QueuePipes PipesOf(AscendC::TPosition src, AscendC::TPosition dst) {
    using AscendC::TPosition;
    auto producerOf = [](TPosition p) {
        switch (p) {
            case TPosition::VECIN:
            case TPosition::A1:
            case TPosition::B1:
            case TPosition::C1: return Pipe::MTE2;
            case TPosition::A2:
            case TPosition::B2:
            case TPosition::C2: return Pipe::MTE1;
            case TPosition::CO1: return Pipe::M;
            case TPosition::CO2: return Rt().platform.fixPipe ? Pipe::FIX : Pipe::V;
            default: return Pipe::V;
        }
    };
    auto consumerOf = [](TPosition p) {
        switch (p) {
            case TPosition::VECOUT: return Pipe::MTE3;
            case TPosition::A1:
            case TPosition::B1:
            case TPosition::C1: return Pipe::MTE1;
            case TPosition::A2:
            case TPosition::B2:
            case TPosition::C2: return Pipe::M;
            case TPosition::CO1: return Rt().platform.fixPipe ? Pipe::FIX : Pipe::V;
            case TPosition::CO2: return Pipe::MTE3;
            default: return Pipe::V;
        }
    };
    return {producerOf(src), consumerOf(dst)};
}

// `bytes` from the TPipe's cursor of `mem`.
uintptr_t Reserve(Mem mem, uint32_t bytes, const char* kind, const void* caller) {
    Core& c = Cur();
    uint32_t& cursor = c.cursor[size_t(mem)];
    // Past the capacity is legal until touched (the checker reports the access), but not past
    // what anyone could mean.
    if (uint64_t(cursor) + bytes > MemReserve(mem))
        Fatal("LOCAL_CAPACITY", caller,
              Format("InitBuffer of %u bytes for a %s: %u %s bytes are already allocated of the %u the core has",
                     bytes, kind, cursor, MemName(mem), MemCapacity(mem)));
    uintptr_t addr = reinterpret_cast<uintptr_t>(LocalMem(c, mem)) + cursor;
    cursor += bytes;
    return addr;
}

// `bytes` from a TBufPool's range.
uintptr_t ReserveInPool(PoolState& pool, uint32_t bytes, const char* kind, const void* caller) {
    if (uint64_t(pool.cursor) + bytes > pool.len)
        Fatal("LOCAL_CAPACITY", caller,
              Format("InitBuffer of %u bytes for a %s in a TBufPool of %u bytes with %u already allocated", bytes,
                     kind, pool.len, pool.cursor));
    const uintptr_t addr = pool.base + pool.cursor;
    pool.cursor += bytes;
    return addr;
}

void AddBuffer(Mem mem, uintptr_t addr, uint32_t bytes, const char* kind, const void* caller) {
    Core& c = Cur();
    if (c.buffers.size() >= kMaxPipeBuffers)
        Fatal("QUE_TOO_MANY_BUFFERS", caller,
              Format("InitBuffer would create buffer %zu; a kernel may use at most %u", c.buffers.size() + 1,
                     kMaxPipeBuffers));
    c.buffers.push_back({mem, addr, addr + bytes, kind, caller});
}

uintptr_t Allocate(Mem mem, uint32_t len, const char* kind, const void* caller) {
    Core& c = Cur();
    const uint32_t bytes = Align32(len);
    PoolState* pool = c.activePool;
    if (pool && pool->mem != mem)
        Fatal("LOCAL_CAPACITY", caller,
              Format("InitBuffer of a %s in %s through a TBufPool of %s", kind, MemName(mem), MemName(pool->mem)));
    const uintptr_t addr = pool ? ReserveInPool(*pool, bytes, kind, caller) : Reserve(mem, bytes, kind, caller);
    AddBuffer(mem, addr, bytes, kind, caller);
    return addr;
}

void EmitQueueSync(SyncInstr id, Pipe pipe, Pipe src, Pipe dst, const void* caller) {
    Instr in(id, pipe, caller);
    in.syncSrc = src;
    in.syncDst = dst;
    Issue(in);
}

// The buffer of q that holds addr. Zero-length buffers (InitBuffer(que, num, 0) on a core whose
// share of the work is empty, as vendor kernels do) all sit at one address and own only it: the
// device identifies a buffer by the tensor's handle, not its address, so among them the one the
// kernel holds (allocated or dequeued) is meant.
int FindBuffer(const QueueState& q, uintptr_t addr) {
    int empty = -1;
    for (int i = 0; i < q.num; ++i) {
        if (q.len == 0 && addr == q.addr[i]) {
            if (q.state[i] == BufState::Allocated || q.state[i] == BufState::Dequeued) return i;
            if (empty < 0) empty = i;
        } else if (addr >= q.addr[i] && addr < q.addr[i] + Align32(q.len)) {
            return i;
        }
    }
    return empty;
}

void RequireInitialized(const QueueState& q, const char* api, const void* caller) {
    if (q.num == 0)
        Fatal("QUE_NOT_INITIALIZED", caller, Format("%s on a queue that TPipe::InitBuffer never initialised", api));
    if (q.pipeEpoch != Cur().pipeEpoch)
        Fatal("QUE_NOT_INITIALIZED", caller,
              Format("%s on a queue whose buffers belonged to a TPipe that was since reset or destroyed", api));
}

const char* StateName(BufState s) {
    switch (s) {
        case BufState::Free: return "free";
        case BufState::Allocated: return "allocated";
        case BufState::Enqueued: return "queued";
        default: return "dequeued";
    }
}

}  // namespace

namespace {

// Sets aside the allocation state of the core's current TPipe (if any) in idlePipes.
void ParkCurrentPipe(Core& c) {
    if (!c.pipe) return;
    for (auto& idle : c.idlePipes)
        if (idle.first == c.pipe) {
            idle.second = c.cursor;
            return;
        }
    c.idlePipes.emplace_back(c.pipe, c.cursor);
}

void ForgetIdlePipe(Core& c, void* pipe) {
    for (size_t i = 0; i < c.idlePipes.size(); ++i)
        if (c.idlePipes[i].first == pipe) {
            c.idlePipes.erase(c.idlePipes.begin() + long(i));
            return;
        }
}

}  // namespace

void PipeCreate(void* pipe) {
    Core& c = Cur();
    ParkCurrentPipe(c);
    ForgetIdlePipe(c, pipe);  // a new object at the address of a destroyed one
    c.pipe = pipe;
    c.lastPipe = pipe;
    ++c.pipeEpoch;
    c.cursor.fill(0);
    c.buffers.clear();
    std::fill(std::begin(c.eventAlloc), std::end(c.eventAlloc), 0);
}

// InitBuffer through `pipe`: allocation continues from that TPipe's own state. A kernel that
// constructs several TPipe objects up front and uses and destroys them one after another (as
// ops-transformer's MoeTokenPermute does) gets each stage's buffers from the start of UB, not
// after the buffers of the stages it has destroyed.
//
// CANN allows one TPipe at a time: allocating through a second TPipe while the one used before it
// still holds buffers (neither Destroy nor Reset) gives both the same UB bytes, and the device
// "may hang" (TPipe constructor page). Reported, not stopped: the buffers alias as on the device.
void PipeSelect(void* pipe, const void* caller) {
    Core& c = Cur();
    if (c.pipe == pipe) return;
    if (c.pipe) {
        uint64_t held = 0;
        for (uint32_t bytes : c.cursor) held += bytes;
        if (held)
            Diag("TPIPE_NOT_DESTROYED", caller,
                 Format("InitBuffer through a second TPipe while the TPipe used before it still holds %llu bytes of "
                        "buffers: every TPipe allocates from the start of UB, so the two share bytes; call Destroy() "
                        "on the other TPipe first (CANN allows one TPipe at a time)",
                        static_cast<unsigned long long>(held)));
    }
    ParkCurrentPipe(c);
    c.cursor.fill(0);
    for (size_t i = 0; i < c.idlePipes.size(); ++i)
        if (c.idlePipes[i].first == pipe) {
            c.cursor = c.idlePipes[i].second;
            c.idlePipes.erase(c.idlePipes.begin() + long(i));
            break;
        }
    c.pipe = pipe;
}

void PipeDestroy(void* pipe) {
    if (!RtIfLaunched() || !Rt().cur) return;
    Core& c = Cur();
    if (c.lastPipe == pipe) c.lastPipe = nullptr;
    if (c.pipe != pipe) {
        ForgetIdlePipe(c, pipe);
        return;
    }
    c.pipe = nullptr;
    ++c.pipeEpoch;
    c.cursor.fill(0);
    c.buffers.clear();
}

void PipeReset(void* pipe) {
    Core& c = Cur();
    if (c.pipe != pipe) {
        ForgetIdlePipe(c, pipe);
        return;
    }
    ++c.pipeEpoch;
    c.cursor.fill(0);
    c.buffers.clear();
}

void* CurrentPipe() { return Cur().lastPipe ? Cur().lastPipe : Cur().pipe; }

uintptr_t PipeBaseAddr(AscendC::TPosition pos) { return reinterpret_cast<uintptr_t>(LocalMem(Cur(), MemOf(pos))); }

bool PipePopStack(AscendC::TPosition pos, uintptr_t* addr, uint32_t* bytes, const void* caller) {
    const Mem mem = MemOf(pos);
    if (mem == Mem::GM) return false;
    Core& c = Cur();
    const uint32_t used = c.cursor[size_t(mem)], capacity = MemCapacity(mem);
    if (used >= capacity) return false;
    if (mem == Mem::UB && !c.popStackCaller) c.popStackCaller = caller;
    if (mem == Mem::UB && c.stackTmpCaller)
        Diag("POP_STACK_CONFLICT", caller,
             "PopStackBuffer hands out the unallocated end of UB, where a high-level API of this kernel ({related}) "
             "takes its temporary space when no sharedTmpBuffer is given; CANN forbids PopStackBuffer in operators "
             "that call high-level APIs",
             c.stackTmpCaller);
    *addr = reinterpret_cast<uintptr_t>(LocalMem(c, mem)) + used;
    *bytes = capacity - used;
    return true;
}

bool PoolCarve(PoolState& pool, AscendC::TPosition pos, uint32_t len, PoolState* parent, const void* caller) {
    const Mem mem = MemOf(pos);
    const uint32_t bytes = Align32(len);
    if (parent && parent->mem != mem)
        Fatal("LOCAL_CAPACITY", caller,
              Format("InitBufPool of a %s pool inside a TBufPool of %s", MemName(mem), MemName(parent->mem)));
    pool = PoolState{};
    pool.mem = mem;
    pool.len = bytes;
    pool.base = parent ? ReserveInPool(*parent, bytes, "TBufPool", caller) : Reserve(mem, bytes, "TBufPool", caller);
    return true;
}

void PoolShare(PoolState& pool, const PoolState& share, uint32_t len, const void* caller) {
    if (Align32(len) > share.len)
        Fatal("LOCAL_CAPACITY", caller,
              Format("InitBufPool of %u bytes sharing a TBufPool of %u bytes", Align32(len), share.len));
    pool = PoolState{};
    pool.mem = share.mem;
    pool.base = share.base;
    pool.len = Align32(len);
}

void PoolEnter(PoolState* pool) { Cur().activePool = pool; }

// The pool's buffers are gone: a pool sharing its bytes may place others there.
void PoolReset(PoolState& pool) {
    pool.cursor = 0;
    auto& b = Cur().buffers;
    b.erase(std::remove_if(b.begin(), b.end(),
                           [&](const LocalBuffer& x) {
                               return x.mem == pool.mem && x.begin >= pool.base && x.end <= pool.base + pool.len;
                           }),
            b.end());
}

uint32_t PoolOffset(const PoolState& pool) {
    return pool.base ? uint32_t(pool.base - reinterpret_cast<uintptr_t>(LocalMem(Cur(), pool.mem))) : 0;
}

uintptr_t LocalBufferAt(AscendC::TPosition pos, uint32_t offset, uint32_t len, const char* kind, const void* caller) {
    const Mem mem = MemOf(pos);
    const uint32_t bytes = Align32(len);
    if (uint64_t(offset) + bytes > MemReserve(mem))
        Fatal("LOCAL_CAPACITY", caller,
              Format("a %s placed at %s offset %u with %u bytes lies past the memory", kind, MemName(mem), offset,
                     bytes));
    const uintptr_t addr = reinterpret_cast<uintptr_t>(LocalMem(Cur(), mem)) + offset;
    AddBuffer(mem, addr, bytes, kind, caller);
    return addr;
}

void QueueStart(QueueState& q, AscendC::TPosition src, AscendC::TPosition dst, int32_t depth, uint32_t num,
                uint32_t len) {
    q = QueueState{};
    q.src = src;
    q.dst = dst;
    q.depth = depth;
    q.len = len;
    q.num = uint8_t(std::min<uint32_t>(num, kMaxQueueBuffers));
    q.pipeEpoch = Cur().pipeEpoch;
    std::vector<QueueState*>& live = Cur().queues;
    if (std::find(live.begin(), live.end(), &q) == live.end()) live.push_back(&q);
}

uintptr_t BufInit(AscendC::TPosition pos, uint32_t len, const void* caller) {
    return Allocate(MemOf(pos), len, "TBuf", caller);
}

bool QueueInit(QueueState& q, AscendC::TPosition src, AscendC::TPosition dst, int32_t depth, uint32_t num,
               uint32_t len, const void* caller) {
    if (num == 0 || num > uint32_t(kMaxQueueBuffers))
        Fatal("QUE_TOO_MANY_BUFFERS", caller,
              Format("InitBuffer with %u buffers: a queue holds 1 to %d (one hardware event each)", num,
                     kMaxQueueBuffers));
    q = QueueState{};
    q.src = src;
    q.dst = dst;
    q.depth = depth;
    q.len = len;
    // A queue out of GM (TSCM<TPosition::GM>) keeps its buffers at its destination.
    const Mem home = MemOf(src) == Mem::GM ? MemOf(dst) : MemOf(src);
    for (uint32_t i = 0; i < num; ++i) q.addr[i] = Allocate(home, len, "TQue", caller);
    q.num = uint8_t(num);
    q.pipeEpoch = Cur().pipeEpoch;
    std::vector<QueueState*>& live = Cur().queues;
    if (std::find(live.begin(), live.end(), &q) == live.end()) live.push_back(&q);
    return true;
}

uintptr_t QueueAlloc(QueueState& q, const void* caller) {
    RequireInitialized(q, "AllocTensor", caller);
    for (int k = 0; k < q.num; ++k) {
        int i = (q.next + k) % q.num;
        if (q.state[i] != BufState::Free) continue;
        q.state[i] = BufState::Allocated;
        q.allocCaller[i] = caller;
        q.next = uint8_t((i + 1) % q.num);
        auto pipes = PipesOf(q.src, q.dst);
        EmitQueueSync(SyncInstr::AllocTensor, pipes.producer, pipes.consumer, pipes.producer, caller);
        return q.addr[i];
    }
    Fatal("QUE_ALLOC_EXHAUSTED", caller,
          Format("AllocTensor while all %u buffers of the queue are in use; FreeTensor one first (the device would "
                 "wait forever)",
                 q.num));
}

bool QueueEnque(QueueState& q, uintptr_t addr, const void* caller) {
    RequireInitialized(q, "EnQue", caller);
    int i = FindBuffer(q, addr);
    if (i < 0)
        Fatal("QUE_ENQUE_FOREIGN", caller, "EnQue of a tensor that was not allocated from this queue");
    // CANN's TQueBind::EnQue accepts a buffer that is allocated or dequeued (a consumer may hand a
    // dequeued tensor back through the queue); one that is free or already queued is an error.
    if (q.state[i] != BufState::Allocated && q.state[i] != BufState::Dequeued)
        Fatal("QUE_ENQUE_FOREIGN", caller,
              Format("EnQue of a buffer that is %s; enqueue only tensors obtained by AllocTensor or DeQue",
                     StateName(q.state[i])));
    if (q.depth > 0 && q.count >= q.depth)
        Diag("QUE_ENQUE_OVERFLOW", caller,
             Format("EnQue number %u without a DeQue exceeds the queue depth %d", q.count + 1, q.depth));
    q.state[i] = BufState::Enqueued;
    q.fifo[(q.head + q.count) % kMaxQueueBuffers] = uint8_t(i);
    ++q.count;
    auto pipes = PipesOf(q.src, q.dst);
    EmitQueueSync(SyncInstr::EnQue, pipes.producer, pipes.producer, pipes.consumer, caller);
    return true;
}

uintptr_t QueueDeque(QueueState& q, const void* caller) {
    RequireInitialized(q, "DeQue", caller);
    if (q.count == 0)
        Fatal("QUE_DEQUE_EMPTY", caller, "DeQue from an empty queue: no EnQue is pending (the device would wait forever)");
    int i = q.fifo[q.head];
    q.head = uint8_t((q.head + 1) % kMaxQueueBuffers);
    --q.count;
    q.state[i] = BufState::Dequeued;
    auto pipes = PipesOf(q.src, q.dst);
    EmitQueueSync(SyncInstr::DeQue, pipes.consumer, pipes.producer, pipes.consumer, caller);
    return q.addr[i];
}

void QueueFree(QueueState& q, uintptr_t addr, const void* caller) {
    RequireInitialized(q, "FreeTensor", caller);
    int i = FindBuffer(q, addr);
    if (i < 0) {
        // A buffer of another queue, in use: the device frees a buffer through the handle the
        // tensor carries, so it is freed in its own queue.
        for (QueueState* owner : Cur().queues) {
            const int k = owner == &q ? -1 : FindBuffer(*owner, addr);
            if (k < 0 || (owner->state[k] != BufState::Allocated && owner->state[k] != BufState::Dequeued)) continue;
            Diag("QUE_FREE_WRONG_QUEUE", caller,
                 "FreeTensor of a tensor that another queue of this core handed out; it is freed in that queue");
            QueueFree(*owner, addr, caller);
            return;
        }
        Fatal("QUE_FREE_FOREIGN", caller, "FreeTensor of a tensor that does not belong to this queue");
    }
    if (q.state[i] == BufState::Free || q.state[i] == BufState::Enqueued)
        Fatal("QUE_FREE_FOREIGN", caller,
              Format("FreeTensor of a buffer that is %s; free only tensors obtained by AllocTensor or DeQue",
                     StateName(q.state[i])));
    q.state[i] = BufState::Free;
    auto pipes = PipesOf(q.src, q.dst);
    EmitQueueSync(SyncInstr::FreeTensor, pipes.consumer, pipes.consumer, pipes.producer, caller);
}

void QueueRelease(QueueState& q) {
    Runtime* rt = RtIfLaunched();
    if (rt && rt->cur) std::erase(rt->cur->queues, &q);
    if (!rt || !rt->cur || rt->aborting || q.copy || q.num == 0 || q.pipeEpoch != rt->cur->pipeEpoch) return;
    for (int i = 0; i < q.num; ++i)
        if (q.state[i] != BufState::Free)
            Diag("QUE_HELD_AT_END", q.allocCaller[i],
                 Format("a tensor allocated here is still %s when the kernel ends; every AllocTensor needs a "
                        "FreeTensor",
                        StateName(q.state[i])));
}

int8_t PipeFetchEvent(AscendC::HardEvent evt) {
    uint8_t used = Cur().eventAlloc[size_t(evt)];
    for (int8_t id = 0; id < 8; ++id)
        if (!(used & (1u << id))) return id;
    return 0;
}

int8_t PipeAllocEvent(AscendC::HardEvent evt, const void* caller) {
    uint8_t& used = Cur().eventAlloc[size_t(evt)];
    for (int8_t id = 0; id < 8; ++id) {
        if (!(used & (1u << id))) {
            used |= uint8_t(1u << id);
            return id;
        }
    }
    Fatal("EVENT_ID_RANGE", caller, "AllocEventID: all 8 event ids of this event type are allocated");
}

void PipeReleaseEvent(AscendC::HardEvent evt, int8_t id, const void* caller) {
    if (id < 0 || id > 7) Fatal("EVENT_ID_RANGE", caller, Format("ReleaseEventID(%d): ids are 0..7", id));
    Cur().eventAlloc[size_t(evt)] &= uint8_t(~(1u << id));
}

}  // namespace akg::sim
