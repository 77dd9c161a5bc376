// One-operand register instructions of the register-based vector API (asc-devkit
// kernel_reg_compute_vec_unary_intf.h): dst = f(src) on the active elements.
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

#define AKG_REG_UNARY(OP)                                                                                    \
    template <typename T = DefaultType, auto mode = MaskMergeMode::ZEROING, typename U>                      \
    AKG_API void OP(U& dstReg, U& srcReg, MaskReg& mask) {                                                   \
        using E = detail::Elem<T, U>;                                                                        \
        AKG_REG_CHECK(OP, E, U);                                                                             \
        MaskMergeMode merge = MaskMergeMode::ZEROING;                                                        \
        if constexpr (std::is_same_v<decltype(mode), MaskMergeMode>) merge = mode;                           \
        else merge = mode.mrgMode;                                                                           \
        ::akg::sim::RegCompute(::akg::sim::RegOp::OP, ::akg::sim::DTypeOf<E>(), &dstReg.raw, &srcReg.raw,     \
                               nullptr, 0, &mask.raw, detail::Merge(merge), AKG_CALLER);                     \
    }
AKG_REG_UNARY(Exp)
AKG_REG_UNARY(Ln)
AKG_REG_UNARY(Sqrt)
AKG_REG_UNARY(Abs)
AKG_REG_UNARY(Relu)
#undef AKG_REG_UNARY

}  // namespace Reg
}  // namespace AscendC
