// Type conversion between registers (asc-devkit kernel_reg_compute_vec_vconv_intf.h).
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

// dstReg (T) = srcReg (U) converted on the active lanes. Between sizes, the wider type's elements
// are the lanes and trait.layoutMode names the part of each lane the narrower element occupies
// (ZERO: the low part); the predicate is the wider type's.
template <typename T = DefaultType, typename U = DefaultType, const CastTrait& trait = castTrait, typename S,
          typename V>
AKG_API void Cast(S& dstReg, V& srcReg, MaskReg& mask) {
    using To = detail::Elem<T, S>;
    using From = detail::Elem<U, V>;
    AKG_REG_CHECK(Cast, To, S);
    AKG_REG_CHECK(Cast, From, V);
    // Read as a constant, never through the reference: kernels pass a function template's local
    // `constexpr static CastTrait`, whose address g++ 12 and clang 16 cannot emit from here (both
    // crash); CANN's compiler reads the trait at compile time as well.
    constexpr CastTrait t = trait;
    ::akg::sim::RegMode m;
    m.merging = t.mrgMode == MaskMergeMode::MERGING;
    m.layout = int(t.layoutMode);
    m.sat = int(t.satMode);
    m.round = int(t.roundMode);
    ::akg::sim::RegCast(::akg::sim::DTypeOf<To>(), ::akg::sim::DTypeOf<From>(), &dstReg.raw, &srcReg.raw, &mask.raw,
                        m, AKG_CALLER);
}

}  // namespace Reg
}  // namespace AscendC
