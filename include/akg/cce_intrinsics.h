// Raw CCE intrinsics that Ascend C kernels call below the AscendC API (pipe_barrier, set_flag,
// wait_flag, mask registers, the raw block index). They map onto the same runtime entry points
// as their AscendC counterparts, so the checker and cost model see no difference.
#pragma once

#include "basic_api/kernel_operator_block_sync_intf.h"
#include "basic_api/kernel_operator_sys_var_intf.h"
#include "basic_api/kernel_operator_vec_mask_intf.h"

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
