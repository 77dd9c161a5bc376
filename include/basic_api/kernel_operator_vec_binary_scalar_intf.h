// Vector-scalar element-wise instructions: Adds, Muls, Maxs, Mins, LeakyRelu, ShiftLeft,
// ShiftRight, and Axpy (dst += src * scalar, possibly into a wider type).
#pragma once

#include "akg/sim/vec.h"
#include "basic_api/kernel_operator_vec_mask_intf.h"
#include "basic_api/kernel_struct_unary.h"
#include "basic_api/kernel_tensor.h"

// The scalar is `const T&`, so its type must match the tensors exactly (as in CANN).
#define AKG_VEC_SCALAR_API(NAME)                                                                    \
    template <typename T, bool isSetMask = true>                                                              \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,       \
                      const int32_t& count) {                                                                 \
        static_assert(akg::sim::kVecAccepts<akg::sim::VecOp::NAME, T>, #NAME ": data type not supported on this SoC"); \
        akg::sim::VecShape s = akg::sim::CountShape(count);                                                   \
        if (!isSetMask) {                                                                                     \
            s.mode = akg::sim::VecShape::Mode::Register;                                                      \
            akg::sim::MaskRequireCounter(#NAME, AKG_CALLER);                                                  \
        }                                                                                                     \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::NAME, #NAME, dst.Data(), src.Data(), nullptr,                 \
                               static_cast<T>(scalarValue), s, AKG_CALLER);                                   \
    }                                                                                                         \
    template <typename T, bool isSetMask = true>                                                              \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,       \
                      uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& p) {                \
        static_assert(akg::sim::kVecAccepts<akg::sim::VecOp::NAME, T>, #NAME ": data type not supported on this SoC"); \
        auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);                                            \
        akg::sim::Strides(s, p.dstBlkStride, p.srcBlkStride, 1, p.dstRepStride, p.srcRepStride, 8);           \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::NAME, #NAME, dst.Data(), src.Data(), nullptr,                 \
                               static_cast<T>(scalarValue), s, AKG_CALLER);                                   \
    }                                                                                                         \
    template <typename T, bool isSetMask = true>                                                              \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,       \
                      uint64_t mask, const uint8_t repeatTime, const UnaryRepeatParams& p) {                  \
        static_assert(akg::sim::kVecAccepts<akg::sim::VecOp::NAME, T>, #NAME ": data type not supported on this SoC"); \
        auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);                                            \
        akg::sim::Strides(s, p.dstBlkStride, p.srcBlkStride, 1, p.dstRepStride, p.srcRepStride, 8);           \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::NAME, #NAME, dst.Data(), src.Data(), nullptr,                 \
                               static_cast<T>(scalarValue), s, AKG_CALLER);                                   \
    }

namespace AscendC {

#define AKG_VEC_SCALAR_ROW(NAME, FORM, COST, API, TYPES) AKG_VEC_STAMP_##API(AKG_VEC_SCALAR_API, NAME)
AKG_VEC_SCALAR_TABLE(AKG_VEC_SCALAR_ROW)
#undef AKG_VEC_SCALAR_ROW

template <typename T, typename U>
AKG_API void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, const int32_t& count) {
    static_assert((std::is_same_v<T, U> && akg::sim::kVecAccepts<akg::sim::VecOp::Axpy, T>) ||
                      (std::is_same_v<T, float> && std::is_same_v<U, half>),
                  "Axpy: data type not supported on this SoC");
    akg::sim::VecRun<T, U>(akg::sim::VecOp::Axpy, "Axpy", dst.Data(), src.Data(), nullptr, scalarValue,
                           akg::sim::CountShape(count), AKG_CALLER);
}
template <typename T, typename U, bool isSetMask = true>
AKG_API void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, uint64_t mask[],
                  const uint8_t repeatTime, const UnaryRepeatParams& p) {
    auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);
    akg::sim::Strides(s, p.dstBlkStride, p.srcBlkStride, 1, p.dstRepStride, p.srcRepStride, 8);
    akg::sim::VecRun<T, U>(akg::sim::VecOp::Axpy, "Axpy", dst.Data(), src.Data(), nullptr, scalarValue, s, AKG_CALLER);
}
template <typename T, typename U, bool isSetMask = true>
AKG_API void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, uint64_t mask,
                  const uint8_t repeatTime, const UnaryRepeatParams& p) {
    auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);
    akg::sim::Strides(s, p.dstBlkStride, p.srcBlkStride, 1, p.dstRepStride, p.srcRepStride, 8);
    akg::sim::VecRun<T, U>(akg::sim::VecOp::Axpy, "Axpy", dst.Data(), src.Data(), nullptr, scalarValue, s, AKG_CALLER);
}

}  // namespace AscendC
