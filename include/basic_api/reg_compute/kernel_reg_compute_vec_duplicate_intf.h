// Broadcast of a scalar into a register (asc-devkit kernel_reg_compute_vec_duplicate_intf.h).
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

// Every element of dstReg = scalarValue.
template <typename T = DefaultType, typename U, typename S>
AKG_API void Duplicate(S& dstReg, U scalarValue) {
    using E = detail::Elem<T, S>;
    AKG_REG_CHECK(Duplicate, E, S);
    ::akg::sim::RegCompute(::akg::sim::RegOp::Duplicate, ::akg::sim::DTypeOf<E>(), &dstReg.raw, nullptr, nullptr,
                           detail::Bits(static_cast<E>(scalarValue)), nullptr, {}, AKG_CALLER);
}

// The active elements of dstReg = scalarValue.
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U, typename S>
AKG_API void Duplicate(S& dstReg, U scalarValue, MaskReg& mask) {
    using E = detail::Elem<T, S>;
    AKG_REG_CHECK(Duplicate, E, S);
    ::akg::sim::RegCompute(::akg::sim::RegOp::Duplicate, ::akg::sim::DTypeOf<E>(), &dstReg.raw, nullptr, nullptr,
                           detail::Bits(static_cast<E>(scalarValue)), &mask.raw, detail::Merge(mode), AKG_CALLER);
}

}  // namespace Reg
}  // namespace AscendC
