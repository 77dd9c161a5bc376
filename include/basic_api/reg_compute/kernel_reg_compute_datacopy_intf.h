// UB <-> register moves of the register-based vector API (asc-devkit
// kernel_reg_compute_datacopy_intf.h): LoadAlign / StoreAlign at 32-byte aligned UB addresses,
// with a fixed address or one that advances after the move (POST_MODE_UPDATE).
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

// POST_MODE_UPDATE: the same move at srcAddr / dstAddr, which then advances by postUpdateStride
// elements (the address is both input and output; PostLiteral in kernel_reg_compute_utils.h).
template <typename T = DefaultType, PostLiteral postMode, LoadDist dist = LoadDist::DIST_NORM, typename U>
AKG_API void LoadAlign(U& dstReg, __ubuf__ T*& srcAddr, int32_t postUpdateStride) {
    static_assert(postMode == PostLiteral::POST_MODE_UPDATE,
                  "Reg::LoadAlign with a stride and an address reference is the POST_MODE_UPDATE form");
    using E = std::conditional_t<std::is_same_v<T, DefaultType>, typename U::ActualT, T>;
    AKG_REG_CHECK(LoadAlign, E, U);
    ::akg::sim::RegMode m;
    m.dist = int(dist);
    ::akg::sim::RegLoad(::akg::sim::DTypeOf<E>(), &dstReg.raw, srcAddr, m, AKG_CALLER);
    srcAddr += postUpdateStride;
}

template <typename T = DefaultType, PostLiteral postMode, StoreDist dist = StoreDist::DIST_NORM, typename U>
AKG_API void StoreAlign(__ubuf__ T*& dstAddr, U& srcReg, int32_t postUpdateStride, MaskReg& mask) {
    static_assert(postMode == PostLiteral::POST_MODE_UPDATE,
                  "Reg::StoreAlign with a stride and an address reference is the POST_MODE_UPDATE form");
    using E = std::conditional_t<std::is_same_v<T, DefaultType>, typename U::ActualT, T>;
    AKG_REG_CHECK(StoreAlign, E, U);
    ::akg::sim::RegMode m;
    m.dist = int(dist);
    ::akg::sim::RegStore(::akg::sim::DTypeOf<E>(), dstAddr, &srcReg.raw, &mask.raw, m, AKG_CALLER);
    dstAddr += postUpdateStride;
}

}  // namespace Reg
}  // namespace AscendC
