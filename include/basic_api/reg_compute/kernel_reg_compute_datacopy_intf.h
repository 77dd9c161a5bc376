// UB <-> register moves of the register-based vector API (asc-devkit
// kernel_reg_compute_datacopy_intf.h): LoadAlign / StoreAlign at 32-byte aligned UB addresses,
// with a fixed address, one that advances after the move (POST_MODE_UPDATE) or one plus an
// address register; and the contiguous unaligned moves (LoadUnAlign, StoreUnAlign) that go
// through an unaligned-move register.
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_addrreg_intf.h"

namespace AscendC {
namespace Reg {

// A whole register from srcAddr (DIST_NORM: 256 bytes; DIST_UNPACK_B16: 128 bytes, each 16-bit
// element into the low half of a 32-bit lane).
template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U>
AKG_API void LoadAlign(U& dstReg, __ubuf__ T* srcAddr) {
    using E = detail::Elem<T, U>;
    AKG_REG_CHECK(LoadAlign, E, U);
    ::akg::sim::RegMode m;
    m.dist = int(dist);
    ::akg::sim::RegLoad(::akg::sim::DTypeOf<E>(), &dstReg.raw, srcAddr, m, AKG_CALLER);
}

// The active elements of srcReg to dstAddr (DIST_PACK_B32: the low 16 bits of each active 32-bit
// lane, packed).
template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename U>
AKG_API void StoreAlign(__ubuf__ T* dstAddr, U& srcReg, MaskReg& mask) {
    using E = detail::Elem<T, U>;
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
    using E = detail::Elem<T, U>;
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
    using E = detail::Elem<T, U>;
    AKG_REG_CHECK(StoreAlign, E, U);
    ::akg::sim::RegMode m;
    m.dist = int(dist);
    ::akg::sim::RegStore(::akg::sim::DTypeOf<E>(), dstAddr, &srcReg.raw, &mask.raw, m, AKG_CALLER);
    dstAddr += postUpdateStride;
}

// The same moves at the UB base plus an address register's offset.
template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U>
AKG_API void LoadAlign(U& dstReg, __ubuf__ T* srcAddr, AddrReg offset) {
    LoadAlign<T, dist>(dstReg, reinterpret_cast<__ubuf__ T*>(reinterpret_cast<__ubuf__ uint8_t*>(srcAddr) + offset.bytes));
}

template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename U>
AKG_API void StoreAlign(__ubuf__ T* dstAddr, U& srcReg, AddrReg offset, MaskReg& mask) {
    StoreAlign<T, dist>(reinterpret_cast<__ubuf__ T*>(reinterpret_cast<__ubuf__ uint8_t*>(dstAddr) + offset.bytes), srcReg,
                        mask);
}

// Gather from UB: active element i of dstReg is baseAddr[index[i]], the index an element offset
// of the data's width (uint16_t for 16-bit data, uint32_t for 32-bit); inactive elements zero.
template <typename T0 = DefaultType, typename T1, typename T2 = DefaultType, typename T3, typename T4>
AKG_API void Gather(T3& dstReg, __ubuf__ T1* baseAddr, T4& index, MaskReg& mask) {
    using E = detail::Elem<T0, T3>;
    AKG_REG_CHECK(Gather, E, T3);
    static_assert(sizeof(T1) == sizeof(E), "AscendC::Reg::Gather: the UB data and the destination have one width");
    static_assert(std::is_unsigned_v<typename T4::ActualT>, "AscendC::Reg::Gather: indices are unsigned");
    ::akg::sim::RegGather(::akg::sim::DTypeOf<E>(), &dstReg.raw, baseAddr, &index.raw,
                          sizeof(typename T4::ActualT), &mask.raw, AKG_CALLER);
}

// Contiguous unaligned loads: LoadUnAlignPre primes the buffer at the first address, then each
// LoadUnAlign takes a whole register from the address (advanced by postUpdateStride elements
// after the move in the POST_MODE_UPDATE form).
template <typename T>
AKG_API void LoadUnAlignPre(UnalignRegForLoad&, __ubuf__ T* srcAddr) {
    ::akg::sim::RegLoadUnAlignPre(srcAddr, AKG_CALLER);
}

template <typename T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, typename U>
AKG_API void LoadUnAlign(U& dstReg, UnalignRegForLoad&, __ubuf__ T*& srcAddr, uint32_t postUpdateStride) {
    static_assert(postMode == PostLiteral::POST_MODE_UPDATE,
                  "Reg::LoadUnAlign with a stride and an address reference is the POST_MODE_UPDATE form");
    using E = detail::Elem<T, U>;
    AKG_REG_CHECK(LoadUnAlign, E, U);
    ::akg::sim::RegLoadUnAlign(::akg::sim::DTypeOf<E>(), &dstReg.raw, srcAddr, AKG_CALLER);
    srcAddr += postUpdateStride;
}

template <typename T = DefaultType, typename U>
AKG_API void LoadUnAlign(U& dstReg, UnalignRegForLoad&, __ubuf__ T* srcAddr) {
    using E = detail::Elem<T, U>;
    AKG_REG_CHECK(LoadUnAlign, E, U);
    ::akg::sim::RegLoadUnAlign(::akg::sim::DTypeOf<E>(), &dstReg.raw, srcAddr, AKG_CALLER);
}

// Contiguous unaligned stores: StoreUnAlign writes the first postUpdateStride elements of srcReg
// at dstAddr, which then advances by as many; the bytes that do not complete a 32-byte block wait
// in ureg for the next StoreUnAlign or for StoreUnAlignPost, which writes them (and advances
// dstAddr by its own postUpdateStride). A run without its StoreUnAlignPost loses its tail, as on
// the device. (The forms that take their count from Squeeze's AR register, or an AddrReg, are not
// modelled.)
template <typename T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, typename U>
AKG_API void StoreUnAlign(__ubuf__ T*& dstAddr, U& srcReg, UnalignRegForStore& ureg, uint32_t postUpdateStride) {
    static_assert(postMode == PostLiteral::POST_MODE_UPDATE,
                  "Reg::StoreUnAlign with a count and an address reference is the POST_MODE_UPDATE form");
    using E = detail::Elem<T, U>;
    AKG_REG_CHECK(StoreUnAlign, E, U);
    ::akg::sim::RegStoreUnAlign(::akg::sim::DTypeOf<E>(), dstAddr, &srcReg.raw, postUpdateStride, &ureg.raw, AKG_CALLER);
    dstAddr += postUpdateStride;
}

template <typename T, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE>
AKG_API void StoreUnAlignPost(__ubuf__ T*& dstAddr, UnalignRegForStore& ureg, int32_t postUpdateStride) {
    static_assert(postMode == PostLiteral::POST_MODE_UPDATE,
                  "Reg::StoreUnAlignPost with a stride and an address reference is the POST_MODE_UPDATE form");
    ::akg::sim::RegStoreUnAlignPost(&ureg.raw, AKG_CALLER);
    dstAddr += postUpdateStride;
}

}  // namespace Reg
}  // namespace AscendC
