// Raw CCE intrinsics that Ascend C kernels call below the AscendC API (pipe_barrier, set_flag,
// wait_flag, mask registers, the raw block index, and the vector instructions CANN's Norm operators
// use directly: vcadd, vor, vector_dup, vtranspose, copy_ubuf_to_ubuf, the VA-register vnchwconv). They map onto the same runtime entry points
// as their AscendC counterparts, so the checker and cost model see no difference.
#pragma once

#include "akg/sim/vec.h"
#include "basic_api/kernel_operator_block_sync_intf.h"
#include "basic_api/kernel_operator_data_copy_intf.h"
#include "basic_api/kernel_operator_sys_var_intf.h"
#include "basic_api/kernel_operator_vec_mask_intf.h"
#include "basic_api/kernel_operator_vec_reduce_intf.h"
#include "basic_api/kernel_operator_vec_transpose_intf.h"

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

// Element-wise raw forms run under the core's mask register (set_vector_mask / AscendCUtils::
// SetMask, or counter mode), exactly as the AscendC mask forms with isSetMask = false. Strides are
// (dst, src0, src1) data-block strides, then repeat strides, in 32-byte blocks. One overload per
// element type, as the compiler's builtins are: the scalar converts to the destination's type.
#define AKG_CCE_VOR(T)                                                                                            \
    AKG_API inline void vor(T* dst, const T* src0, const T* src1, uint8_t repeat, uint16_t dstBlkStride,           \
                            uint16_t src0BlkStride, uint16_t src1BlkStride, uint16_t dstRepStride,                 \
                            uint16_t src0RepStride, uint16_t src1RepStride) {                                      \
        auto s = akg::sim::MaskShape(false, uint64_t(0), repeat);                                                   \
        akg::sim::Strides(s, dstBlkStride, src0BlkStride, src1BlkStride, dstRepStride, src0RepStride, src1RepStride); \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::Or, "vor", dst, src0, src1, T{}, s, AKG_CALLER);                  \
    }
AKG_CCE_VOR(int16_t)
AKG_CCE_VOR(uint16_t)
#undef AKG_CCE_VOR
// The source strides of vector_dup describe no operand.
#define AKG_CCE_VECTOR_DUP(T)                                                                                      \
    AKG_API inline void vector_dup(T* dst, T scalar, uint8_t repeat, uint16_t dstBlkStride, uint16_t,              \
                                   uint16_t dstRepStride, uint16_t) {                                              \
        auto s = akg::sim::MaskShape(false, uint64_t(0), repeat);                                                   \
        akg::sim::Strides(s, dstBlkStride, 1, 1, dstRepStride, 8, 8);                                               \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::Duplicate, "vector_dup", dst, nullptr, nullptr, scalar, s,          \
                               AKG_CALLER);                                                                        \
    }
AKG_CCE_VECTOR_DUP(int16_t)
AKG_CCE_VECTOR_DUP(uint16_t)
AKG_CCE_VECTOR_DUP(half)
AKG_CCE_VECTOR_DUP(bfloat16_t)
AKG_CCE_VECTOR_DUP(int32_t)
AKG_CCE_VECTOR_DUP(uint32_t)
AKG_CCE_VECTOR_DUP(float)
#undef AKG_CCE_VECTOR_DUP

// UB -> UB copy on the vector pipe: nBurst bursts of lenBurst 32-byte blocks, gaps in blocks.
AKG_API inline void copy_ubuf_to_ubuf(void* dst, const void* src, uint8_t /*sid*/, uint16_t nBurst, uint16_t lenBurst,
                                      uint16_t srcGap, uint16_t dstGap) {
    akg::sim::DmaCopy({akg::sim::DmaApi::CopyUbufToUbuf, akg::sim::Mem::UB, dst, akg::sim::Mem::UB, src, akg::sim::DType::U8,
                       nBurst, uint64_t(lenBurst) * 32, uint64_t(srcGap) * 32, uint64_t(dstGap) * 32, 32, 32, 1},
                      AKG_CALLER);
}

// 16x16 transpose of 16-bit elements (the instruction behind Transpose(dst, src)).
AKG_API inline void vtranspose(uint16_t* dst, const uint16_t* src) {
    akg::sim::VecTranspose16<uint16_t>("vtranspose", dst, src, AKG_CALLER);
}
AKG_API inline void vtranspose(int16_t* dst, const int16_t* src) {
    akg::sim::VecTranspose16<int16_t>("vtranspose", dst, src, AKG_CALLER);
}

// The vnchwconv behind TransDataTo5HD in its raw form: set_va_reg_sb(VAn, addrs) loads 8 UB
// addresses into address register VAn (the first and last 8 of a list go to two consecutive
// registers); scatter_vnchwconv_b* names the first register of the destination and of the source
// pair. The strides and the single-repeat rule are TransDataTo5HD's.
enum ub_addr8_t : uint8_t { VA0, VA1, VA2, VA3, VA4, VA5, VA6, VA7 };
AKG_API inline void set_va_reg_sb(ub_addr8_t reg, uint64_t* addrs) { akg::sim::VecSetVaReg(reg, addrs, AKG_CALLER); }
AKG_API inline void scatter_vnchwconv_b16(ub_addr8_t dst, ub_addr8_t src, uint8_t repeat, uint16_t dstStride,
                                          uint16_t srcStride) {
    akg::sim::VecScatterVnchwconv("scatter_vnchwconv_b16", 2, dst, src,
                                  AscendC::TransDataTo5HDParams(false, false, repeat, dstStride, srcStride), AKG_CALLER);
}
AKG_API inline void scatter_vnchwconv_b32(ub_addr8_t dst, ub_addr8_t src, uint8_t repeat, uint16_t dstStride,
                                          uint16_t srcStride) {
    akg::sim::VecScatterVnchwconv("scatter_vnchwconv_b32", 4, dst, src,
                                  AscendC::TransDataTo5HDParams(false, false, repeat, dstStride, srcStride), AKG_CALLER);
}
AKG_API inline void scatter_vnchwconv_b8(ub_addr8_t dst, ub_addr8_t src, uint8_t repeat, uint16_t dstStride,
                                         uint16_t srcStride, bool dstHighHalf, bool srcHighHalf) {
    akg::sim::VecScatterVnchwconv(
        "scatter_vnchwconv_b8", 1, dst, src,
        AscendC::TransDataTo5HDParams(dstHighHalf, srcHighHalf, repeat, dstStride, srcStride), AKG_CALLER);
}
