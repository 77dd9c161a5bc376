// TPipe, TQue/TQueBind and TBuf: the memory-management framework of Ascend C.
//
// TPipe hands out local-memory blocks; a queue owns `num` blocks and moves them through the
// Alloc -> EnQue -> DeQue -> Free protocol, which on the device is a pair of hardware events per
// block. The protocol state lives in the runtime so that every violation becomes a diagnostic
// with the user's call site.
#pragma once

#include "basic_api/kernel_tensor.h"

namespace akg::sim {

constexpr int kMaxQueueBuffers = 8;

enum class BufState : uint8_t { Free, Allocated, Enqueued, Dequeued };

struct QueueState {
    uintptr_t addr[kMaxQueueBuffers] = {};
    BufState state[kMaxQueueBuffers] = {};
    const void* allocCaller[kMaxQueueBuffers] = {};
    uint8_t fifo[kMaxQueueBuffers] = {};
    uint8_t head = 0;
    uint8_t count = 0;
    uint8_t num = 0;
    uint8_t next = 0;  // buffers are handed out in rotation, like the device's ping-pong
    int32_t depth = 0;
    uint32_t len = 0;
    AscendC::TPosition src = AscendC::TPosition::VECIN;
    AscendC::TPosition dst = AscendC::TPosition::VECIN;
    uint32_t pipeEpoch = 0;  // which TPipe generation the buffers belong to
    // A by-value copy of a queue (CANN's TQueBind is copyable; kernels pass queues to helpers by
    // value): it starts from the original's state and leaves the end-of-kernel check to it.
    bool copy = false;
};

// A TBufPool's range of one local memory: the buffers initialised through it are carved from
// [base, base + len) at `cursor` bytes in; Reset rewinds it. Pools sharing a range (InitBufPool
// with shareBuf) start at the same base.
struct PoolState {
    Mem mem = Mem::UB;
    uintptr_t base = 0;
    uint32_t len = 0;
    uint32_t cursor = 0;
};

bool QueueInit(QueueState& q, AscendC::TPosition src, AscendC::TPosition dst, int32_t depth, uint32_t num,
               uint32_t len, const void* caller);
// A queue whose `num` buffers of `len` bytes a user-written pool places itself (QueueBindAt).
void QueueStart(QueueState& q, AscendC::TPosition src, AscendC::TPosition dst, int32_t depth, uint32_t num,
                uint32_t len);
uintptr_t LocalBufferAt(AscendC::TPosition pos, uint32_t offset, uint32_t len, const char* kind, const void* caller);
bool PoolCarve(PoolState& pool, AscendC::TPosition pos, uint32_t len, PoolState* parent, const void* caller);
void PoolShare(PoolState& pool, const PoolState& share, uint32_t len, const void* caller);
void PoolEnter(PoolState* pool);
void PoolReset(PoolState& pool);
uint32_t PoolOffset(const PoolState& pool);  // the pool's base as an offset in its memory
uintptr_t QueueAlloc(QueueState& q, const void* caller);
bool QueueEnque(QueueState& q, uintptr_t addr, const void* caller);
uintptr_t QueueDeque(QueueState& q, const void* caller);
void QueueFree(QueueState& q, uintptr_t addr, const void* caller);
void QueueRelease(QueueState& q);

uintptr_t BufInit(AscendC::TPosition pos, uint32_t len, const void* caller);

void PipeCreate(void* pipe);
void PipeDestroy(void* pipe);
void PipeSelect(void* pipe, const void* caller);  // InitBuffer / InitBufPool through this TPipe
void PipeReset(void* pipe);
void* CurrentPipe();
uintptr_t PipeBaseAddr(AscendC::TPosition pos);
int8_t PipeAllocEvent(AscendC::HardEvent evt, const void* caller);
void PipeReleaseEvent(AscendC::HardEvent evt, int8_t id, const void* caller);
int8_t PipeFetchEvent(AscendC::HardEvent evt);
// PopStackBuffer: the unallocated end of the memory behind `pos`, or false when nothing is left.
bool PipePopStack(AscendC::TPosition pos, uintptr_t* addr, uint32_t* bytes, const void* caller);

}  // namespace akg::sim

namespace AscendC {

class TPipe;

// A queue buffer as the buffer-level queue calls (DeQue without a type) return it.
using TBufHandle = uint8_t*;

struct TQueConfig {
    bool nd2nz = false;
    bool nz2nd = false;
    bool scmBlockGroup = false;
    uint32_t bufferLen = 0;
    uint32_t bufferNumber = 0;
    uint32_t consumerSize = 0;
    TPosition consumer[8] = {};
    bool enableStaticEvtId = false;
    bool enableLoopQueue = false;
};

template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind {
    // Where the buffers live: the source's memory, or the destination's for a queue out of GM
    // (TSCM<TPosition::GM>: L1).
    static constexpr TPosition kHome = src == TPosition::GM ? dst : src;

public:
    __aicore__ inline TQueBind() = default;
    __aicore__ inline TQueBind(const TQueBind& other) : q_(other.q_) { q_.copy = true; }
    __aicore__ inline TQueBind& operator=(const TQueBind& other) {
        q_ = other.q_;
        q_.copy = true;
        return *this;
    }
    ~TQueBind() { akg::sim::QueueRelease(q_); }

    template <typename T>
    AKG_API LocalTensor<T> AllocTensor() {
        uintptr_t a = akg::sim::QueueAlloc(q_, AKG_CALLER);
        return LocalTensor<T>::FromAddress(a, q_.len / sizeof(T), kHome);
    }
    template <typename T>
    AKG_API void AllocTensor(LocalTensor<T>& tensor) {
        uintptr_t a = akg::sim::QueueAlloc(q_, AKG_CALLER);
        tensor = LocalTensor<T>::FromAddress(a, q_.len / sizeof(T), kHome);
    }
    template <typename T>
    AKG_API bool EnQue(const LocalTensor<T>& tensor) {
        return akg::sim::QueueEnque(q_, tensor.GetPhyAddr(), AKG_CALLER);
    }
    template <TPosition srcUserPos, TPosition dstUserPos, typename T>
    AKG_API bool EnQue(const LocalTensor<T>& tensor) {
        return akg::sim::QueueEnque(q_, tensor.GetPhyAddr(), AKG_CALLER);
    }
    template <typename T>
    AKG_API LocalTensor<T> DeQue() {
        uintptr_t a = akg::sim::QueueDeque(q_, AKG_CALLER);
        return LocalTensor<T>::FromAddress(a, q_.len / sizeof(T), dst);
    }
    template <typename T>
    AKG_API void DeQue(LocalTensor<T>& tensor) {
        uintptr_t a = akg::sim::QueueDeque(q_, AKG_CALLER);
        tensor = LocalTensor<T>::FromAddress(a, q_.len / sizeof(T), dst);
    }
    template <TPosition srcUserPos, TPosition dstUserPos, typename T>
    AKG_API LocalTensor<T> DeQue() {
        uintptr_t a = akg::sim::QueueDeque(q_, AKG_CALLER);
        return LocalTensor<T>::FromAddress(a, q_.len / sizeof(T), dst);
    }
    template <typename T>
    AKG_API void FreeTensor(LocalTensor<T>& tensor) {
        akg::sim::QueueFree(q_, tensor.GetPhyAddr(), AKG_CALLER);
    }
    // The buffer-handle form: dequeues (waiting for the producer as DeQue<T> does) without making
    // a tensor of the buffer, for kernels that keep using the tensor they enqueued.
    AKG_API TBufHandle DeQue() { return reinterpret_cast<TBufHandle>(akg::sim::QueueDeque(q_, AKG_CALLER)); }
    __aicore__ inline bool VacantInQue() { return q_.count < (depth > 0 ? depth : q_.num); }
    __aicore__ inline bool HasTensorInQue() { return q_.count > 0; }
    __aicore__ inline int32_t GetTensorCountInQue() { return q_.count; }
    __aicore__ inline bool HasIdleBuffer() {
        for (int i = 0; i < q_.num; ++i)
            if (q_.state[i] == akg::sim::BufState::Free) return true;
        return false;
    }
    __aicore__ inline void FreeAllEvent() {}

    // Runtime-internal: TPipe::InitBuffer binds the queue to its blocks.
    bool Init(uint8_t num, uint32_t len, const void* caller) {
        return akg::sim::QueueInit(q_, src, dst, depth, num, len, caller);
    }
    // For a user-written TBufPool (EXTERN_IMPL_BUFPOOL): the queue gets `num` buffers of `len`
    // bytes, then each its place (an offset in the queue's memory) from the pool.
    __aicore__ inline void InitStartBufHandle(TBufHandle startBufhandle, uint8_t num, uint32_t len) {
        akg::sim::QueueStart(q_, src, dst, depth, num, len);
    }
    template <typename P>
    AKG_API void InitBufHandle(P* bufPool, uint32_t index, TBufHandle bufhandle, uint32_t curPoolAddr,
                               uint32_t len) {
        if (index < uint32_t(akg::sim::kMaxQueueBuffers))
            q_.addr[index] = akg::sim::LocalBufferAt(src, curPoolAddr, len, "TQue", AKG_CALLER);
    }

private:
    akg::sim::QueueState q_;
};

template <TPosition pos, int32_t depth, auto mask = 0>
class TQue : public TQueBind<pos, pos, depth, mask> {};

// A queue into L1's TSCM position, from `pos` (GM or a UB position): a Matmul operand the library
// reads in place.
template <TPosition pos, int32_t depth = 1, auto mask = 0>
using TSCM = TQueBind<pos, TPosition::TSCM, depth, mask>;

// TBuf derives from TQueBind as in CANN. Its queue-shaped calls are CANN's no-ops: AllocTensor
// and DeQue return the whole buffer (as Get), EnQue and FreeTensor do nothing ("tensors obtained
// from a TBuf need no release").
template <TPosition pos = TPosition::LCM>
class TBuf : public TQueBind<pos, pos, 0, 0> {
public:
    __aicore__ inline TBuf() = default;

    template <typename T>
    __aicore__ inline void FreeTensor(LocalTensor<T>&) {}
    template <typename T>
    __aicore__ inline void EnQue(const LocalTensor<T>&) {}
    template <typename T>
    __aicore__ inline LocalTensor<T> AllocTensor() {
        return Get<T>();
    }
    template <typename T>
    __aicore__ inline LocalTensor<T> DeQue() {
        return Get<T>();
    }

    template <typename T>
    __aicore__ inline LocalTensor<T> Get() {
        return LocalTensor<T>::FromAddress(addr_, len_ / sizeof(T), pos);
    }
    template <typename T>
    AKG_API LocalTensor<T> Get(uint32_t len) {
        if (uint64_t(len) * sizeof(T) > len_)
            akg::sim::Report("TBUF_GET_OVERSIZE", AKG_CALLER, false,
                             "TBuf::Get<T>(%u) asks for %llu bytes but the TBuf holds %u", len,
                             static_cast<unsigned long long>(uint64_t(len) * sizeof(T)), len_);
        return LocalTensor<T>::FromAddress(addr_, len, pos);
    }
    template <typename T>
    AKG_API LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset) {
        if (bufOffset % ONE_BLK_SIZE != 0)
            akg::sim::Report("LOCAL_ADDR_MISALIGNED", AKG_CALLER, false,
                             "TBuf::GetWithOffset offset %u is not 32-byte aligned", bufOffset);
        if (uint64_t(size) * sizeof(T) + bufOffset > len_)
            akg::sim::Report("TBUF_GET_OVERSIZE", AKG_CALLER, false,
                             "TBuf::GetWithOffset(%u, %u) reaches past the %u-byte TBuf", size, bufOffset, len_);
        return LocalTensor<T>::FromAddress(addr_ + bufOffset, size, pos);
    }

    __aicore__ inline void InitStartBufHandle(TBufHandle startBufhandle, uint8_t num, uint32_t len) { len_ = len; }
    template <typename P>
    AKG_API void InitBufHandle(P* bufPool, uint32_t index, TBufHandle bufhandle, uint32_t curPoolAddr,
                               uint32_t len) {
        addr_ = akg::sim::LocalBufferAt(pos, curPoolAddr, len, "TBuf", AKG_CALLER);
        len_ = (len + ONE_BLK_SIZE - 1) / ONE_BLK_SIZE * ONE_BLK_SIZE;
    }

    // Runtime-internal: TPipe::InitBuffer binds the buffer.
    bool Init(uint32_t len, const void* caller) {
        addr_ = akg::sim::BufInit(pos, len, caller);
        len_ = (len + ONE_BLK_SIZE - 1) / ONE_BLK_SIZE * ONE_BLK_SIZE;
        return addr_ != 0;
    }

private:
    uintptr_t addr_ = 0;
    uint32_t len_ = 0;
};

// A pool of local memory carved from the TPipe (or from another pool): queues and buffers
// initialised through it take its bytes, Reset hands them all back, and a pool initialised with
// shareBuf reuses that pool's bytes (for stages that never run at the same time).
template <TPosition pos, uint32_t bufIDSize = 4>
class TBufPool {
public:
    __aicore__ inline TBufPool() = default;
    template <class T>
    AKG_API bool InitBufPool(T& bufPool, uint32_t len) {
        return akg::sim::PoolCarve(bufPool.AkgPool(), T::poolPos, len, &pool_, AKG_CALLER);
    }
    template <class T, class U>
    AKG_API bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf) {
        akg::sim::PoolShare(bufPool.AkgPool(), shareBuf.AkgPool(), len, AKG_CALLER);
        return true;
    }
    template <class T>
    AKG_API bool InitBuffer(T& que, uint8_t num, uint32_t len) {
        akg::sim::PoolEnter(&pool_);
        const bool ok = que.Init(num, len, AKG_CALLER);
        akg::sim::PoolEnter(nullptr);
        return ok;
    }
    template <TPosition bufPos>
    AKG_API bool InitBuffer(TBuf<bufPos>& buf, uint32_t len) {
        akg::sim::PoolEnter(&pool_);
        const bool ok = buf.Init(len, AKG_CALLER);
        akg::sim::PoolEnter(nullptr);
        return ok;
    }
    __aicore__ inline void Reset() { akg::sim::PoolReset(pool_); }

    static constexpr TPosition poolPos = pos;
    // Runtime-internal: the pool's range, for TPipe / TBufPool::InitBufPool.
    akg::sim::PoolState& AkgPool() { return pool_; }

private:
    akg::sim::PoolState pool_;
};

class TPipe {
public:
    __aicore__ inline TPipe() { akg::sim::PipeCreate(this); }
    ~TPipe() { akg::sim::PipeDestroy(this); }
    // CANN's TPipe is copyable (its copy constructor and assignment are the implicit ones): ops-cv's
    // GridSample kernels pass the entry's pipe by value into Init and assign it to a member pipe.
    // A copy is not constructed by the TPipe() constructor, so here it neither becomes the core's
    // current pipe nor, when destroyed, releases the core's buffers: the allocation state stays with
    // the pipe constructed last.
    __aicore__ inline TPipe(const TPipe&) {}
    __aicore__ inline TPipe& operator=(const TPipe&) { return *this; }

    __aicore__ inline void Init() {}

    template <class T>
    AKG_API bool InitBuffer(T& que, uint8_t num, uint32_t len) {
        akg::sim::PipeSelect(this, AKG_CALLER);
        return que.Init(num, len, AKG_CALLER);
    }
    template <TPosition bufPos>
    AKG_API bool InitBuffer(TBuf<bufPos>& buf, uint32_t len) {
        akg::sim::PipeSelect(this, AKG_CALLER);
        return buf.Init(len, AKG_CALLER);
    }

    template <class T>
    AKG_API bool InitBufPool(T& bufPool, uint32_t len) {
        akg::sim::PipeSelect(this, AKG_CALLER);
        return akg::sim::PoolCarve(bufPool.AkgPool(), T::poolPos, len, nullptr, AKG_CALLER);
    }
    template <class T, class U>
    AKG_API bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf) {
        akg::sim::PipeSelect(this, AKG_CALLER);
        akg::sim::PoolShare(bufPool.AkgPool(), shareBuf.AkgPool(), len, AKG_CALLER);
        return true;
    }

    __aicore__ inline void Destroy() { akg::sim::PipeDestroy(this); }
    __aicore__ inline void Reset() { akg::sim::PipeReset(this); }

    template <HardEvent evt>
    AKG_API TEventID AllocEventID() {
        return akg::sim::PipeAllocEvent(evt, AKG_CALLER);
    }
    template <HardEvent evt>
    AKG_API void ReleaseEventID(TEventID id) {
        akg::sim::PipeReleaseEvent(evt, id, AKG_CALLER);
    }
    template <HardEvent evt>
    __aicore__ inline TEventID FetchEventID() {
        return akg::sim::PipeFetchEvent(evt);
    }
    __aicore__ inline TEventID FetchEventID(HardEvent evt) { return akg::sim::PipeFetchEvent(evt); }

    __aicore__ inline uint64_t GetBaseAddr(int8_t logicPos) {
        return akg::sim::PipeBaseAddr(static_cast<TPosition>(logicPos));
    }
};

__aicore__ inline TPipe* GetTPipePtr() { return static_cast<TPipe*>(akg::sim::CurrentPipe()); }

// Temporary space without an InitBuffer: every byte of `pos`'s memory that TPipe has not handed
// out yet. CANN's high-level APIs take their framework-allocated temporary space from the same
// bytes, which is why the documentation forbids the two in one operator (POP_STACK_CONFLICT).
template <typename T, TPosition pos>
AKG_API bool PopStackBuffer(LocalTensor<T>& popLocal) {
    uintptr_t addr = 0;
    uint32_t bytes = 0;
    if (!akg::sim::PipePopStack(pos, &addr, &bytes, AKG_CALLER)) return false;
    popLocal = LocalTensor<T>::FromAddress(addr, bytes / sizeof(T), pos);
    return true;
}

}  // namespace AscendC

// A user-written TBufPool: the class that invokes this macro gets the pool's range (filled by
// TPipe::InitBufPool), `bufIDSize` buffer handles and the bookkeeping its own InitBuffer uses to
// place queue and TBuf buffers (GetCurAddr: the next free offset in the pool's memory).
#define EXTERN_IMPL_BUFPOOL(NAME, POS, BUF_ID_SIZE)                                                   \
public:                                                                                             \
    static constexpr AscendC::TPosition poolPos = POS;                                              \
    akg::sim::PoolState& AkgPool() { return akgPool_; }                                             \
    __aicore__ inline void Init() { akgCurBufSize_ = 0; }                                           \
    __aicore__ inline void Reset() {                                                                \
        akg::sim::PoolReset(akgPool_);                                                              \
        akgCurBufSize_ = 0;                                                                         \
        akgCurAddr_ = 0;                                                                            \
    }                                                                                               \
    __aicore__ inline AscendC::TBufHandle GetBufHandle(uint8_t offset) {                            \
        return &akgHandles_[offset < (BUF_ID_SIZE) ? offset : 0];                                   \
    }                                                                                               \
    __aicore__ inline uint32_t GetCurAddr() {                                                       \
        return akgCurAddr_ ? akgCurAddr_ : akg::sim::PoolOffset(akgPool_);                          \
    }                                                                                               \
    __aicore__ inline void SetCurAddr(uint32_t curAddr) { akgCurAddr_ = curAddr; }                  \
    __aicore__ inline uint8_t GetCurBufSize() { return akgCurBufSize_; }                            \
    __aicore__ inline void SetCurBufSize(uint8_t curBufSize) { akgCurBufSize_ = curBufSize; }       \
                                                                                                    \
private:                                                                                            \
    akg::sim::PoolState akgPool_;                                                                   \
    uint8_t akgHandles_[(BUF_ID_SIZE) > 0 ? (BUF_ID_SIZE) : 1] = {};                                \
    uint32_t akgCurAddr_ = 0;                                                                       \
    uint8_t akgCurBufSize_ = 0

// CANN declares GetTPipePtr at global scope as well: helpers of its own operators
// (safe_data_copy.h) call it unqualified before any `using namespace AscendC`.
using AscendC::GetTPipePtr;
