// Compare and select: Compare / Compares (CompareScalar) into a bit mask in UB, Compare into the
// CMPMASK register, GetCmpMask / SetCmpMask, and Select in its three SELMODEs.
//
// Facts the A2/A3 (arch 2201) implementation follows, from the Ascend C documentation:
// - Compare/Compares writing to a tensor ignore the mask ("reserved, no effect"): every repeat
//   compares a full 256 bytes and appends 256/sizeof(T) result bits, least significant bit
//   first, so the destination is dense whatever its strides say. The count form runs
//   count * sizeof(T) / 256 whole repeats; a partial repeat at the end is not computed.
// - int32_t sources support only CMPMODE::EQ (the device always compares for equality).
// - Compare into the register processes one repeat under the mask; bits of disabled lanes keep
//   their previous value.
// - Select picks src0 where the selection bit is 1 and src1 where it is 0. Mode 0 uses the
//   same 256/sizeof(T) bits of CMPMASK for every repeat; modes 1 and 2 consume the selection
//   tensor continuously, 256/sizeof(T) bits per repeat. The mask forms leave disabled lanes of
//   dst unchanged.
#pragma once

#include "akg/sim/vec.h"
#include "basic_api/kernel_struct_binary.h"
#include "basic_api/kernel_struct_unary.h"
#include "basic_api/kernel_tensor.h"

namespace akg::sim {

// Compare(s) into a bit mask. src1 == nullptr selects the scalar form. `shape` gives the repeat
// and the source strides (blk[1], blk[2], rep[1], rep[2]); its Count mode is the count form.
template <typename T>
void VecCompare(const char* api, void* dst, const T* src0, const T* src1, T scalar, AscendC::CMPMODE mode,
                const VecShape& shape, const void* caller);
// Compare of one repeat into the CMPMASK register.
template <typename T>
void VecCompareToCmpMask(const T* src0, const T* src1, AscendC::CMPMODE mode, const VecShape& shape,
                         const void* caller);
// CMPMASK register <-> UB (16 bytes).
void CmpMaskGet(void* dst, const void* caller);
void CmpMaskSet(const void* src, const void* caller);
// Select. selMask == nullptr means the selection comes from the CMPMASK register (the forms
// without a mask argument); src1 == nullptr selects the scalar (mode 1).
template <typename T>
void VecSelect(T* dst, const void* selMask, const T* src0, const T* src1, T scalar, AscendC::SELMODE mode,
               const VecShape& shape, const void* caller);

template <typename T>
inline constexpr bool kCmpSrcType = kOneOf<T, half, float, int32_t>;
template <typename T>
inline constexpr bool kSelType = kOneOf<T, half, float>;

inline VecShape& BinaryStrides(VecShape& s, const AscendC::BinaryRepeatParams& p) {
    return Strides(s, p.dstBlkStride, p.src0BlkStride, p.src1BlkStride, p.dstRepStride, p.src0RepStride,
                   p.src1RepStride);
}
inline VecShape& UnaryStrides(VecShape& s, const AscendC::UnaryRepeatParams& p) {
    return Strides(s, p.dstBlkStride, p.srcBlkStride, 1, p.dstRepStride, p.srcRepStride, 8);
}

}  // namespace akg::sim

namespace AscendC {

// ---- Compare: two tensors into a bit mask ----
template <typename T, typename U>
AKG_API void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                     CMPMODE cmpMode, uint32_t count) {
    static_assert(akg::sim::kCmpSrcType<T>, "Compare: source data type not supported on this SoC (half, float, int32_t)");
    akg::sim::VecCompare<T>("Compare", dst.Data(), src0.Data(), src1.Data(), T{}, cmpMode,
                            akg::sim::CountShape(count), AKG_CALLER);
}
template <typename T, typename U, bool isSetMask = true>
AKG_API void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                     CMPMODE cmpMode, const uint64_t mask[], uint8_t repeatTime,
                     const BinaryRepeatParams& repeatParams) {
    static_assert(akg::sim::kCmpSrcType<T>, "Compare: source data type not supported on this SoC (half, float, int32_t)");
    auto s = akg::sim::MaskShape(true, mask, repeatTime);
    akg::sim::BinaryStrides(s, repeatParams);
    akg::sim::VecCompare<T>("Compare", dst.Data(), src0.Data(), src1.Data(), T{}, cmpMode, s, AKG_CALLER);
}
template <typename T, typename U, bool isSetMask = true>
AKG_API void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                     CMPMODE cmpMode, const uint64_t mask, uint8_t repeatTime,
                     const BinaryRepeatParams& repeatParams) {
    static_assert(akg::sim::kCmpSrcType<T>, "Compare: source data type not supported on this SoC (half, float, int32_t)");
    auto s = akg::sim::MaskShape(true, mask, repeatTime);
    akg::sim::BinaryStrides(s, repeatParams);
    akg::sim::VecCompare<T>("Compare", dst.Data(), src0.Data(), src1.Data(), T{}, cmpMode, s, AKG_CALLER);
}

// ---- Compare: result into the CMPMASK register (one repeat) ----
template <typename T, bool isSetMask = true>
AKG_API void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode, const uint64_t mask[],
                     const BinaryRepeatParams& repeatParams) {
    static_assert(akg::sim::kSelType<T>, "Compare (result in register): data type not supported on this SoC (half, float)");
    auto s = akg::sim::MaskShape(isSetMask, mask, 1);
    akg::sim::BinaryStrides(s, repeatParams);
    akg::sim::VecCompareToCmpMask<T>(src0.Data(), src1.Data(), cmpMode, s, AKG_CALLER);
}
template <typename T, bool isSetMask = true>
AKG_API void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode, const uint64_t mask,
                     const BinaryRepeatParams& repeatParams) {
    static_assert(akg::sim::kSelType<T>, "Compare (result in register): data type not supported on this SoC (half, float)");
    auto s = akg::sim::MaskShape(isSetMask, mask, 1);
    akg::sim::BinaryStrides(s, repeatParams);
    akg::sim::VecCompareToCmpMask<T>(src0.Data(), src1.Data(), cmpMode, s, AKG_CALLER);
}

template <typename T>
AKG_API void GetCmpMask(const LocalTensor<T>& dst) {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4, "GetCmpMask: data type must be b8, b16 or b32");
    akg::sim::CmpMaskGet(dst.Data(), AKG_CALLER);
}
template <typename T>
AKG_API void SetCmpMask(const LocalTensor<T>& src) {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                  "SetCmpMask: data type must be b8, b16, b32 or b64");
    akg::sim::CmpMaskSet(src.Data(), AKG_CALLER);
}

// ---- Compares / CompareScalar: a tensor against a scalar ----
#define AKG_COMPARES_API(NAME)                                                                                    \
    template <typename T, typename U>                                                                             \
    AKG_API void NAME(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode, \
                      uint32_t count) {                                                                           \
        static_assert(akg::sim::kCmpSrcType<T>, #NAME ": source data type not supported on this SoC (half, float, int32_t)"); \
        akg::sim::VecCompare<T>(#NAME, dst.Data(), src0.Data(), nullptr, src1Scalar, cmpMode,                     \
                                akg::sim::CountShape(count), AKG_CALLER);                                         \
    }                                                                                                             \
    template <typename T, typename U, bool isSetMask = true>                                                      \
    AKG_API void NAME(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode, \
                      const uint64_t mask[], uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {         \
        static_assert(akg::sim::kCmpSrcType<T>, #NAME ": source data type not supported on this SoC (half, float, int32_t)"); \
        auto s = akg::sim::MaskShape(true, mask, repeatTime);                                                     \
        akg::sim::UnaryStrides(s, repeatParams);                                                                  \
        akg::sim::VecCompare<T>(#NAME, dst.Data(), src0.Data(), nullptr, src1Scalar, cmpMode, s, AKG_CALLER);    \
    }                                                                                                             \
    template <typename T, typename U, bool isSetMask = true>                                                      \
    AKG_API void NAME(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode, \
                      const uint64_t mask, uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {           \
        static_assert(akg::sim::kCmpSrcType<T>, #NAME ": source data type not supported on this SoC (half, float, int32_t)"); \
        auto s = akg::sim::MaskShape(true, mask, repeatTime);                                                     \
        akg::sim::UnaryStrides(s, repeatParams);                                                                  \
        akg::sim::VecCompare<T>(#NAME, dst.Data(), src0.Data(), nullptr, src1Scalar, cmpMode, s, AKG_CALLER);    \
    }

AKG_COMPARES_API(Compares)
AKG_COMPARES_API(CompareScalar)  // the CANN 8.x name of Compares
#undef AKG_COMPARES_API

// ---- Select ----
// Modes 0 and 2: two tensors.
template <typename T, typename U>
AKG_API void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                    const LocalTensor<T>& src1, SELMODE selMode, uint32_t count) {
    static_assert(akg::sim::kSelType<T>, "Select: data type not supported on this SoC (half, float)");
    akg::sim::VecSelect<T>(dst.Data(), selMask.Data(), src0.Data(), src1.Data(), T{}, selMode,
                           akg::sim::CountShape(count), AKG_CALLER);
}
template <typename T, typename U, bool isSetMask = true>
AKG_API void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                    const LocalTensor<T>& src1, SELMODE selMode, uint64_t mask[], uint8_t repeatTime,
                    const BinaryRepeatParams& repeatParams) {
    static_assert(akg::sim::kSelType<T>, "Select: data type not supported on this SoC (half, float)");
    auto s = akg::sim::MaskShape(true, mask, repeatTime);
    akg::sim::BinaryStrides(s, repeatParams);
    akg::sim::VecSelect<T>(dst.Data(), selMask.Data(), src0.Data(), src1.Data(), T{}, selMode, s, AKG_CALLER);
}
template <typename T, typename U, bool isSetMask = true>
AKG_API void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                    const LocalTensor<T>& src1, SELMODE selMode, uint64_t mask, uint8_t repeatTime,
                    const BinaryRepeatParams& repeatParams) {
    static_assert(akg::sim::kSelType<T>, "Select: data type not supported on this SoC (half, float)");
    auto s = akg::sim::MaskShape(true, mask, repeatTime);
    akg::sim::BinaryStrides(s, repeatParams);
    akg::sim::VecSelect<T>(dst.Data(), selMask.Data(), src0.Data(), src1.Data(), T{}, selMode, s, AKG_CALLER);
}
// Mode 1: a tensor and a scalar.
template <typename T, typename U>
AKG_API void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T src1,
                    SELMODE selMode, uint32_t count) {
    static_assert(akg::sim::kSelType<T>, "Select: data type not supported on this SoC (half, float)");
    akg::sim::VecSelect<T>(dst.Data(), selMask.Data(), src0.Data(), nullptr, src1, selMode,
                           akg::sim::CountShape(count), AKG_CALLER);
}
template <typename T, typename U, bool isSetMask = true>
AKG_API void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T src1,
                    SELMODE selMode, uint64_t mask[], uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {
    static_assert(akg::sim::kSelType<T>, "Select: data type not supported on this SoC (half, float)");
    auto s = akg::sim::MaskShape(true, mask, repeatTime);
    akg::sim::BinaryStrides(s, repeatParams);
    akg::sim::VecSelect<T>(dst.Data(), selMask.Data(), src0.Data(), nullptr, src1, selMode, s, AKG_CALLER);
}
template <typename T, typename U, bool isSetMask = true>
AKG_API void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T src1,
                    SELMODE selMode, uint64_t mask, uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {
    static_assert(akg::sim::kSelType<T>, "Select: data type not supported on this SoC (half, float)");
    auto s = akg::sim::MaskShape(true, mask, repeatTime);
    akg::sim::BinaryStrides(s, repeatParams);
    akg::sim::VecSelect<T>(dst.Data(), selMask.Data(), src0.Data(), nullptr, src1, selMode, s, AKG_CALLER);
}
// Without a mask argument: the mask register (SetVectorMask) and CMPMASK (SetCmpMask) apply.
// Mode 0 / mode 2: CMPMASK holds the selection bits / the address of the selection tensor.
template <typename T, SELMODE selMode>
AKG_API void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                    uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {
    static_assert(akg::sim::kSelType<T>, "Select: data type not supported on this SoC (half, float)");
    auto s = akg::sim::MaskShape(false, uint64_t(0), repeatTime);
    akg::sim::BinaryStrides(s, repeatParams);
    akg::sim::VecSelect<T>(dst.Data(), nullptr, src0.Data(), src1.Data(), T{}, selMode, s, AKG_CALLER);
}
// Mode 1: CMPMASK holds the scalar.
template <typename T, typename U>
AKG_API void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                    uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {
    static_assert(akg::sim::kSelType<T>, "Select: data type not supported on this SoC (half, float)");
    auto s = akg::sim::MaskShape(false, uint64_t(0), repeatTime);
    akg::sim::BinaryStrides(s, repeatParams);
    akg::sim::VecSelect<T>(dst.Data(), selMask.Data(), src0.Data(), nullptr, T{}, SELMODE::VSEL_TENSOR_SCALAR_MODE,
                           s, AKG_CALLER);
}

}  // namespace AscendC
