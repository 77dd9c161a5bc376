// Compares into a predicate and predicate selects (asc-devkit kernel_reg_compute_vec_cmpsel_intf.h).
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

// dst = src0 <mode> src1 on the active elements (inactive: false).
template <typename T = DefaultType, CMPMODE mode = CMPMODE::EQ, typename U>
AKG_API void Compare(MaskReg& dst, U& srcReg0, U& srcReg1, MaskReg& mask) {
    using E = detail::Elem<T, U>;
    AKG_REG_CHECK(Compare, E, U);
    ::akg::sim::RegMode m;
    m.cmp = int(mode);
    ::akg::sim::RegCompare(::akg::sim::RegOp::Compare, ::akg::sim::DTypeOf<E>(), &dst.raw, &srcReg0.raw,
                           &srcReg1.raw, 0, &mask.raw, m, AKG_CALLER);
}

// dst = src <mode> scalar on the active elements (CompareScalar; Compares in newer CANN).
template <typename T = DefaultType, CMPMODE mode = CMPMODE::EQ, typename U, typename S>
AKG_API void CompareScalar(MaskReg& dst, U& srcReg, S scalarValue, MaskReg& mask) {
    using E = detail::Elem<T, U>;
    AKG_REG_CHECK(CompareScalar, E, U);
    ::akg::sim::RegMode m;
    m.cmp = int(mode);
    ::akg::sim::RegCompare(::akg::sim::RegOp::CompareScalar, ::akg::sim::DTypeOf<E>(), &dst.raw, &srcReg.raw,
                           nullptr, detail::Bits(static_cast<E>(scalarValue)), &mask.raw, m, AKG_CALLER);
}
template <typename T = DefaultType, CMPMODE mode = CMPMODE::EQ, typename U, typename S>
AKG_API void Compares(MaskReg& dst, U& srcReg, S scalarValue, MaskReg& mask) {
    using E = detail::Elem<T, U>;
    AKG_REG_CHECK(CompareScalar, E, U);
    ::akg::sim::RegMode m;
    m.cmp = int(mode);
    ::akg::sim::RegCompare(::akg::sim::RegOp::CompareScalar, ::akg::sim::DTypeOf<E>(), &dst.raw, &srcReg.raw,
                           nullptr, detail::Bits(static_cast<E>(scalarValue)), &mask.raw, m, AKG_CALLER);
}

// dst = mask ? src0 : src1, every element.
template <typename T = DefaultType, typename U>
AKG_API void Select(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask) {
    using E = detail::Elem<T, U>;
    AKG_REG_CHECK(Select, E, U);
    ::akg::sim::RegSelect(::akg::sim::DTypeOf<E>(), &dstReg.raw, &srcReg0.raw, &srcReg1.raw, &mask.raw, AKG_CALLER);
}

}  // namespace Reg
}  // namespace AscendC
