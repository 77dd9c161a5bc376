// Ascend C device API: the single header kernels include.
#pragma once

#include "akg/lang/device_lang.h"
#include "basic_api/kernel_base_types.h"
#include "basic_api/kernel_type.h"
#include "basic_api/kernel_tensor.h"
#include "basic_api/kernel_tpipe.h"
#include "basic_api/kernel_log.h"
#include "basic_api/kernel_operator_data_copy_intf.h"
#include "basic_api/kernel_operator_vec_mask_intf.h"
#include "kernel_utils.h"
// CANN's kernel_operator.h reaches AscendC::Std (tuples, traits, utilities) and Coord through its
// layout headers.
#include "basic_api/kernel_operator_coord.h"
#include "basic_api/kernel_operator_vec_binary_intf.h"
#include "basic_api/kernel_operator_vec_binary_scalar_intf.h"
#include "basic_api/kernel_operator_vec_unary_intf.h"
#include "basic_api/kernel_operator_vec_duplicate_intf.h"
#include "basic_api/kernel_operator_vec_vconv_intf.h"
#include "basic_api/kernel_operator_block_sync_intf.h"
#include "basic_api/kernel_operator_determine_compute_sync_intf.h"
#include "basic_api/kernel_operator_group_barrier_intf.h"
#include "basic_api/kernel_operator_sys_var_intf.h"
#include "basic_api/kernel_operator_set_atomic_intf.h"
#include "basic_api/kernel_operator_dump_tensor_intf.h"
#include "basic_api/kernel_operator_tiling_intf.h"
#include "basic_api/kernel_operator_workspace_intf.h"
#include "basic_api/kernel_operator_cache_intf.h"
#include "basic_api/kernel_operator_scalar_intf.h"
#include "akg/intrinsics/cce_intrinsics.h"
#include "basic_api/kernel_operator_vec_cmpsel_intf.h"
#include "basic_api/kernel_operator_vec_reduce_intf.h"
#include "basic_api/kernel_operator_vec_brcb_intf.h"
#include "basic_api/kernel_operator_vec_gather_intf.h"
#include "basic_api/kernel_operator_vec_gather_mask_intf.h"
#include "basic_api/kernel_operator_vec_createvecindex_intf.h"
#include "basic_api/kernel_operator_vec_transpose_intf.h"
#include "basic_api/kernel_operator_vec_copy_intf.h"
// The cube path: L0A/L0B loads, Mmad, Fixpipe.
#include "basic_api/kernel_operator_mm_intf.h"
#include "basic_api/kernel_operator_fixpipe_intf.h"
// High-level element-wise math and activation APIs (Tanh, Sigmoid, Power, Gelu, ...), which
// CANN's kernel_operator.h makes available as well.
#include "lib/akg_adv/adv_api.h"
// ArithProgression / Arange, composed of basic instructions.
#include "lib/akg_adv/arith_progression.h"
// High-level tensor transformation, reduce and utility APIs.
#include "lib/pad/broadcast.h"
#include "lib/reduce/mean.h"
#include "lib/reduce/sum.h"
#include "lib/reduce/reduce.h"
#include "lib/math/cumsum.h"
#include "lib/normalization/rmsnorm.h"
#include "lib/sort/topk.h"
#include "lib/activation/softmax.h"
#include "lib/select/selectwithbytesmask.h"
#include "lib/utils/init_global_memory.h"
#include "utils/debug/asc_assert.h"
// InitSocState and LocalMemAllocator (direct-launch samples).
#include "basic_api/kernel_operator_common_intf.h"
#include "basic_api/kernel_local_mem_allocator.h"
// The sort instructions (Region Proposal and (score, index) forms).
#include "basic_api/kernel_operator_proposal_intf.h"
// Ascend 950: AscendC::Simt, the helpers of SIMT code (the SIMT programming model itself is in
// simt_api/, which only SIMT platforms allow).
#if __NPU_ARCH__ == 3510
#include "simt_api/cpp/kernel_simt_intf.h"
// Ascend 950: the register-based vector API (AscendC::Reg / MicroAPI, __simd_vf__ functions).
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
#endif
