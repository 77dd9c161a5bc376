// Fused register instructions of the register-based vector API (asc-devkit
// kernel_reg_compute_vec_fused_intf.h).
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

// dst = dst * src0 + src1 on the active elements, rounded once (MulDstAdd, also spelled
// FusedMulDstAdd).
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
AKG_API void FusedMulDstAdd(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask) {
    using E = detail::Elem<T, U>;
    AKG_REG_CHECK(FusedMulDstAdd, E, U);
    ::akg::sim::RegCompute(::akg::sim::RegOp::FusedMulDstAdd, ::akg::sim::DTypeOf<E>(), &dstReg.raw, &srcReg0.raw,
                           &srcReg1.raw, 0, &mask.raw, detail::Merge(mode), AKG_CALLER);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
AKG_API void MulDstAdd(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask) {
    using E = detail::Elem<T, U>;
    AKG_REG_CHECK(FusedMulDstAdd, E, U);
    ::akg::sim::RegCompute(::akg::sim::RegOp::FusedMulDstAdd, ::akg::sim::DTypeOf<E>(), &dstReg.raw, &srcReg0.raw,
                           &srcReg1.raw, 0, &mask.raw, detail::Merge(mode), AKG_CALLER);
}

}  // namespace Reg
}  // namespace AscendC
