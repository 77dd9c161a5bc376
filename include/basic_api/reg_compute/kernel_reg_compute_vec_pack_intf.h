// Width changes of the register-based vector API (asc-devkit Reg::Pack / Reg::UnPack, register
// and predicate forms): Pack keeps the low half of each element in one half of the destination,
// UnPack widens one half's elements (zero- or sign-extended).
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

template <typename T = DefaultType, typename U = DefaultType, HighLowPart part = HighLowPart::LOWEST, typename S,
          typename V>
AKG_API void Pack(S& dstReg, V& srcReg) {
    using To = std::conditional_t<std::is_same_v<T, DefaultType>, typename S::ActualT, T>;
    using From = std::conditional_t<std::is_same_v<U, DefaultType>, typename V::ActualT, U>;
    AKG_REG_CHECK(Pack, To, S);
    static_assert(sizeof(From) == 2 * sizeof(To), "Reg::Pack: the source elements are twice as wide as the destination's");
    ::akg::sim::RegPack(::akg::sim::DTypeOf<To>(), ::akg::sim::DTypeOf<From>(), &dstReg.raw, &srcReg.raw,
                        part == HighLowPart::HIGHEST, AKG_CALLER);
}

template <typename T = DefaultType, typename U = DefaultType, HighLowPart part = HighLowPart::LOWEST, typename S,
          typename V>
AKG_API void UnPack(S& dstReg, V& srcReg) {
    using To = std::conditional_t<std::is_same_v<T, DefaultType>, typename S::ActualT, T>;
    using From = std::conditional_t<std::is_same_v<U, DefaultType>, typename V::ActualT, U>;
    AKG_REG_CHECK(UnPack, To, S);
    static_assert(sizeof(To) == 2 * sizeof(From), "Reg::UnPack: the destination elements are twice as wide as the source's");
    ::akg::sim::RegUnPack(::akg::sim::DTypeOf<To>(), ::akg::sim::DTypeOf<From>(), &dstReg.raw, &srcReg.raw,
                          part == HighLowPart::HIGHEST, AKG_CALLER);
}

// Predicates: Pack takes every second flag (a 32-bit element's predicate becomes a 16-bit
// element's), UnPack spreads one half's flags to every second flag.
template <HighLowPart part = HighLowPart::LOWEST>
AKG_API void Pack(MaskReg& dst, MaskReg& src) {
    ::akg::sim::MaskPack(&dst.raw, &src.raw, part == HighLowPart::HIGHEST, AKG_CALLER);
}

template <HighLowPart part = HighLowPart::LOWEST>
AKG_API void UnPack(MaskReg& dst, MaskReg& src) {
    ::akg::sim::MaskUnPack(&dst.raw, &src.raw, part == HighLowPart::HIGHEST, AKG_CALLER);
}

}  // namespace Reg
}  // namespace AscendC
