// Predicate generation of the register-based vector API (asc-devkit kernel_reg_compute_maskreg_intf.h).
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

// The first min(scalarValue, VL / sizeof(T)) elements active; scalarValue decreases by as many
// (the loop-tail idiom: one call per register step).
template <typename T, const RegTrait& regTrait = RegTraitNumOne>
AKG_API MaskReg UpdateMask(uint32_t& scalarValue) {
    static_assert(::akg::sim::kRegAccepts<::akg::sim::RegOp::UpdateMask, T>, "AscendC::Reg::UpdateMask: element type");
    MaskReg m;
    ::akg::sim::RegUpdateMask(::akg::sim::DTypeOf<T>(), scalarValue, &m.raw, AKG_CALLER);
    return m;
}

// ALL: every element; VLk: the first k elements.
template <typename T, MaskPattern mode = MaskPattern::ALL, const RegTrait& regTrait = RegTraitNumOne>
AKG_API MaskReg CreateMask() {
    static_assert(::akg::sim::kRegAccepts<::akg::sim::RegOp::CreateMask, T>, "AscendC::Reg::CreateMask: element type");
    static_assert(mode == MaskPattern::ALL || mode == MaskPattern::ALLF ||
                      (mode >= MaskPattern::VL1 && mode <= MaskPattern::VL128),
                  "AscendC::Reg::CreateMask: only ALL and VLk patterns are modelled");
    constexpr uint32_t kCounts[] = {~0u, 1, 2, 3, 4, 8, 16, 32, 64, 128};
    const uint32_t active = mode == MaskPattern::ALL || mode == MaskPattern::ALLF ? ~0u : kCounts[int(mode)];
    MaskReg m;
    ::akg::sim::RegCreateMask(::akg::sim::DTypeOf<T>(), active, &m.raw, AKG_CALLER);
    return m;
}

}  // namespace Reg
}  // namespace AscendC
