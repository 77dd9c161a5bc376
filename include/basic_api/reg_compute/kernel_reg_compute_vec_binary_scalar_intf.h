// Register-scalar arithmetic of the register-based vector API (asc-devkit
// kernel_reg_compute_vec_binary_scalar_intf.h): dst = src op scalar on the active elements.
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

#define AKG_REG_SCALAR(OP)                                                                                   \
    template <typename T = DefaultType, typename U, MaskMergeMode mode = MaskMergeMode::ZEROING, typename S>  \
    AKG_API void OP(S& dstReg, S& srcReg, U scalarValue, MaskReg& mask) {                                    \
        using E = detail::Elem<T, S>;                                                                        \
        AKG_REG_CHECK(OP, E, S);                                                                             \
        ::akg::sim::RegCompute(::akg::sim::RegOp::OP, ::akg::sim::DTypeOf<E>(), &dstReg.raw, &srcReg.raw,     \
                               nullptr, detail::Bits(static_cast<E>(scalarValue)), &mask.raw,                \
                               detail::Merge(mode), AKG_CALLER);                                             \
    }
AKG_REG_SCALAR(Adds)
AKG_REG_SCALAR(Muls)
AKG_REG_SCALAR(Maxs)
AKG_REG_SCALAR(Mins)
// The scalar is the shift count (ShiftLefts<int32_t, int16_t>(dst, src, n, mask)).
AKG_REG_SCALAR(ShiftLefts)
AKG_REG_SCALAR(ShiftRights)
#undef AKG_REG_SCALAR

}  // namespace Reg
}  // namespace AscendC
