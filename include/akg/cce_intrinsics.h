// Raw CCE intrinsics that Ascend C kernels call below the AscendC API (pipe_barrier, set_flag,
// wait_flag, mask registers, the raw block index). They map onto the same runtime entry points
// as their AscendC counterparts, so the checker and cost model see no difference.
#pragma once

#include "basic_api/kernel_operator_block_sync_intf.h"
#include "basic_api/kernel_operator_sys_var_intf.h"
#include "basic_api/kernel_operator_vec_mask_intf.h"
#include "basic_api/kernel_operator_vec_reduce_intf.h"

AKG_API inline void pipe_barrier(pipe_t pipe) { akg::sim::SyncBarrier(pipe, AKG_CALLER); }
AKG_API inline void set_flag(pipe_t src, pipe_t dst, event_t id) {
    akg::sim::SyncSetFlagPipes(src, dst, id, AKG_CALLER);
}
AKG_API inline void wait_flag(pipe_t src, pipe_t dst, event_t id) {
    akg::sim::SyncWaitFlagPipes(src, dst, id, AKG_CALLER);
}
AKG_API inline void set_flag(pipe_t src, pipe_t dst, int id) { akg::sim::SyncSetFlagPipes(src, dst, id, AKG_CALLER); }
AKG_API inline void wait_flag(pipe_t src, pipe_t dst, int id) {
    akg::sim::SyncWaitFlagPipes(src, dst, id, AKG_CALLER);
}
inline void set_vector_mask(uint64_t high, uint64_t low) { akg::sim::MaskSet(high, low, 16, false); }
inline void set_mask_norm() { akg::sim::MaskMode(false); }
inline void set_mask_count() { akg::sim::MaskMode(true); }
inline int64_t get_block_idx() { return akg::sim::BlockIdx(); }
inline int64_t get_block_num() { return akg::sim::BlockNum(); }

// vcadd: per-repeat sums under the current mask register (WholeReduceSum), or with `accumulate`
// the sum of every repeat into ACC_VAL (read back with get_acc_val / GetAccVal); dst may then be
// null.
AKG_API inline void vcadd(float* dst, const float* src, uint8_t repeat, uint16_t dstRepStride, uint16_t srcBlkStride,
                          uint16_t srcRepStride, bool accumulate) {
    akg::sim::VecVcadd<float>(dst, src, repeat, dstRepStride, srcBlkStride, srcRepStride, accumulate, AKG_CALLER);
}
AKG_API inline void vcadd(half* dst, const half* src, uint8_t repeat, uint16_t dstRepStride, uint16_t srcBlkStride,
                          uint16_t srcRepStride, bool accumulate) {
    akg::sim::VecVcadd<half>(dst, src, repeat, dstRepStride, srcBlkStride, srcRepStride, accumulate, AKG_CALLER);
}
AKG_API inline uint64_t get_acc_val() { return akg::sim::ReadAccVal("get_acc_val", AKG_CALLER); }
