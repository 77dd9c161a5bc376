// Synchronisation: PipeBarrier, SetFlag/WaitFlag between pipes of one core, SyncAll and the
// cross-core flags between cores.
#pragma once

#include "basic_api/kernel_tensor.h"

namespace akg::sim {
void SyncBarrier(pipe_t pipe, const void* caller);
void SyncSetFlag(AscendC::HardEvent evt, int32_t id, const void* caller);
void SyncWaitFlag(AscendC::HardEvent evt, int32_t id, const void* caller);
void SyncSetFlagPipes(pipe_t src, pipe_t dst, int32_t id, const void* caller);
void SyncWaitFlagPipes(pipe_t src, pipe_t dst, int32_t id, const void* caller);
void SyncAllCores(bool aivOnly, const void* caller);
void SyncAllCoresSoft(void* gmWorkspace, void* ubWorkspace, int32_t usedCores, const void* caller);
void CrossCoreSet(uint8_t mode, pipe_t pipe, uint16_t flagId, const void* caller);
void CrossCoreWait(uint8_t mode, pipe_t pipe, uint16_t flagId, const void* caller);
void DataSyncBarrierMem(uint8_t mem, const void* caller);
void IbSet(int32_t* gmWorkspace, int32_t* ubWorkspace, int32_t blockIdx, int32_t eventId, bool aivOnly,
           const void* caller);
void IbWait(int32_t* gmWorkspace, int32_t* ubWorkspace, int32_t blockIdx, int32_t eventId, bool aivOnly,
            const void* caller);
}  // namespace akg::sim

namespace AscendC {

template <pipe_t pipe>
AKG_API void PipeBarrier() {
    static_assert(pipe != PIPE_S, "PipeBarrier<PIPE_S> is not allowed: the scalar pipe is ordered by hardware");
    akg::sim::SyncBarrier(pipe, AKG_CALLER);
}

template <HardEvent event>
AKG_API void SetFlag(int32_t eventID) {
    akg::sim::SyncSetFlag(event, eventID, AKG_CALLER);
}
template <HardEvent event>
AKG_API void WaitFlag(int32_t eventID) {
    akg::sim::SyncWaitFlag(event, eventID, AKG_CALLER);
}

// Where DataSyncBarrier waits for earlier memory accesses to finish: GM and UB (ALL), GM (DDR),
// UB, or the SEQ accesses.
enum class MemDsbT : uint8_t { ALL = 0, DDR, UB, SEQ };

template <MemDsbT arg0>
AKG_API void DataSyncBarrier() {
    akg::sim::DataSyncBarrierMem(uint8_t(arg0), AKG_CALLER);
}

// IBSet raises, IBWait waits for and lowers, the 32-byte GM flag of (eventID, blockIdx) in
// gmWorkspace (zeroed by the caller); both calls of a pair take the same arguments.
template <bool isAIVOnly = true>
AKG_API void IBSet(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                   int32_t blockIdx, int32_t eventID) {
    akg::sim::IbSet(const_cast<int32_t*>(gmWorkspace.GetPhyAddr()), ubWorkspace.Data(), blockIdx, eventID,
                    isAIVOnly, AKG_CALLER);
}
template <bool isAIVOnly = true>
AKG_API void IBWait(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                    int32_t blockIdx, int32_t eventID) {
    akg::sim::IbWait(const_cast<int32_t*>(gmWorkspace.GetPhyAddr()), ubWorkspace.Data(), blockIdx, eventID,
                     isAIVOnly, AKG_CALLER);
}

template <bool isAIVOnly = true>
AKG_API void SyncAll() {
    akg::sim::SyncAllCores(isAIVOnly, AKG_CALLER);
}
template <bool isAIVOnly = true>
AKG_API void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                     const int32_t usedCores = 0) {
    akg::sim::SyncAllCoresSoft(const_cast<int32_t*>(gmWorkspace.GetPhyAddr()), ubWorkspace.Data(), usedCores,
                               AKG_CALLER);
}

// The cross-core flag ids SyncAll's hardware form reserves (kernel code uses them for barriers
// of its own, e.g. CrossCoreSetFlag<0, PIPE_MTE3>(SYNC_AIC_FLAG) across the AICs).
constexpr uint16_t SYNC_AIC_FLAG = 11;
constexpr uint16_t SYNC_AIV_FLAG = 12;
constexpr uint16_t SYNC_AIC_AIV_FLAG = 13;
constexpr uint16_t SYNC_AIV_ONLY_ALL = 14;
constexpr uint16_t SYNC_MODE_SHIFT_VALUE = 4;
constexpr uint16_t SYNC_FLAG_SHIFT_VALUE = 8;

template <uint8_t modeId, pipe_t pipe>
AKG_API void CrossCoreSetFlag(uint16_t flagId) {
    akg::sim::CrossCoreSet(modeId, pipe, flagId, AKG_CALLER);
}
template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
AKG_API void CrossCoreWaitFlag(uint16_t flagId) {
    akg::sim::CrossCoreWait(modeId, pipe, flagId, AKG_CALLER);
}

// The AIC <-> AIV hand-off of one AI core: CrossCoreSetFlag in mode 2, and its wait.
template <pipe_t pipe>
AKG_API void NotifyEvent(uint16_t flagId) {
    akg::sim::CrossCoreSet(2, pipe, flagId, AKG_CALLER);
}
template <pipe_t pipe = PIPE_S>
AKG_API void WaitEvent(uint16_t flagId) {
    akg::sim::CrossCoreWait(0, pipe, flagId, AKG_CALLER);
}

}  // namespace AscendC
