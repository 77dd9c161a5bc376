// Deterministic computation by ordering the vector cores: after InitDetermineComputeWorkspace,
// each WaitPreBlock returns only once the previous block (blockIdx - 1; block 0: the last block,
// one round earlier) has called NotifyNextBlock as often, so the cores take turns in ascending
// blockIdx order, round after round.
#pragma once

#include "basic_api/kernel_tensor.h"

namespace akg::sim {
void DetermineInit(int32_t* gmWorkspace, int32_t* ubWorkspace, const void* caller);
void DetermineWaitPre(int32_t* gmWorkspace, int32_t* ubWorkspace, const void* caller);
void DetermineNotifyNext(int32_t* gmWorkspace, int32_t* ubWorkspace, const void* caller);
}  // namespace akg::sim

namespace AscendC {

AKG_API inline void InitDetermineComputeWorkspace(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace) {
    akg::sim::DetermineInit(const_cast<int32_t*>(gmWorkspace.GetPhyAddr()), ubWorkspace.Data(), AKG_CALLER);
}
AKG_API inline void WaitPreBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace) {
    akg::sim::DetermineWaitPre(const_cast<int32_t*>(gmWorkspace.GetPhyAddr()), ubWorkspace.Data(), AKG_CALLER);
}
AKG_API inline void NotifyNextBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace) {
    akg::sim::DetermineNotifyNext(const_cast<int32_t*>(gmWorkspace.GetPhyAddr()), ubWorkspace.Data(), AKG_CALLER);
}

}  // namespace AscendC
