// UB <-> register moves of the register-based vector API (asc-devkit
// kernel_reg_compute_datacopy_intf.h): LoadAlign / StoreAlign at 32-byte aligned UB addresses.
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

// A whole register from srcAddr (DIST_NORM: 256 bytes; DIST_UNPACK_B16: 128 bytes, each 16-bit
// element into the low half of a 32-bit lane).
template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U>
AKG_API void LoadAlign(U& dstReg, __ubuf__ T* srcAddr) {
    using E = std::conditional_t<std::is_same_v<T, DefaultType>, typename U::ActualT, T>;
    AKG_REG_CHECK(LoadAlign, E, U);
    ::akg::sim::RegMode m;
    m.dist = int(dist);
    ::akg::sim::RegLoad(::akg::sim::DTypeOf<E>(), &dstReg.raw, srcAddr, m, AKG_CALLER);
}

// The active elements of srcReg to dstAddr (DIST_PACK_B32: the low 16 bits of each active 32-bit
// lane, packed).
template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename U>
AKG_API void StoreAlign(__ubuf__ T* dstAddr, U& srcReg, MaskReg& mask) {
    using E = std::conditional_t<std::is_same_v<T, DefaultType>, typename U::ActualT, T>;
    AKG_REG_CHECK(StoreAlign, E, U);
    ::akg::sim::RegMode m;
    m.dist = int(dist);
    ::akg::sim::RegStore(::akg::sim::DTypeOf<E>(), dstAddr, &srcReg.raw, &mask.raw, m, AKG_CALLER);
}

}  // namespace Reg
}  // namespace AscendC
