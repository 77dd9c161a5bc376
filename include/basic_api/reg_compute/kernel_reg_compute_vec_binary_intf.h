// Register-register arithmetic of the register-based vector API (asc-devkit
// kernel_reg_compute_vec_binary_intf.h): dst = src0 op src1 on the active elements.
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

#define AKG_REG_BINARY(OP)                                                                                   \
    template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>            \
    AKG_API void OP(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask) {                                      \
        using E = detail::Elem<T, U>;                                                                        \
        AKG_REG_CHECK(OP, E, U);                                                                             \
        ::akg::sim::RegCompute(::akg::sim::RegOp::OP, ::akg::sim::DTypeOf<E>(), &dstReg.raw, &srcReg0.raw,    \
                               &srcReg1.raw, 0, &mask.raw, detail::Merge(mode), AKG_CALLER);                 \
    }
AKG_REG_BINARY(Add)
AKG_REG_BINARY(Sub)
AKG_REG_BINARY(Mul)
AKG_REG_BINARY(Div)
AKG_REG_BINARY(Max)
AKG_REG_BINARY(Min)
// Bitwise, on integer elements
AKG_REG_BINARY(And)
AKG_REG_BINARY(Or)
// dst = src0 * src1 + dst
AKG_REG_BINARY(MulAddDst)
#undef AKG_REG_BINARY

}  // namespace Reg
}  // namespace AscendC
