// Cast between element types with an explicit rounding mode, and the int32 -> half dequantising
// path that uses the DEQSCALE register.
#pragma once

#include "akg/sim/vec.h"
#include "basic_api/kernel_struct_unary.h"
#include "basic_api/kernel_tensor.h"

namespace akg::sim {

// Runs one conversion; D and S are the destination and source element types.
template <typename D, typename S>
void VecCast(D* dst, const S* src, AscendC::RoundMode mode, const VecShape& shape, const void* caller);

void SetDeqScaleValue(float scale);

// The (destination, source) pairs the A2/A3 vector unit converts.
template <typename D, typename S>
inline constexpr bool kCastSupported =
    (std::is_same_v<D, half> && kOneOf<S, int8_t, uint8_t, int16_t, int32_t, float>) ||
    (std::is_same_v<D, float> && kOneOf<S, int16_t, half, bfloat16_t, int32_t, float, int64_t>) ||
    (std::is_same_v<D, int8_t> && kOneOf<S, half>) || (std::is_same_v<D, uint8_t> && kOneOf<S, half>) ||
    (std::is_same_v<D, int16_t> && kOneOf<S, half, int32_t, float>) ||
    (std::is_same_v<D, int32_t> && kOneOf<S, half, bfloat16_t, float, int64_t>) ||
    (std::is_same_v<D, int64_t> && kOneOf<S, int32_t, float>) || (std::is_same_v<D, bfloat16_t> && kOneOf<S, float>);

}  // namespace akg::sim

namespace AscendC {

template <typename T, typename U>
AKG_API void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode,
                  const uint32_t count) {
    static_assert(akg::sim::kCastSupported<T, U>, "Cast: this pair of data types is not supported on this SoC");
    akg::sim::VecCast<T, U>(dst.Data(), src.Data(), roundMode, akg::sim::CountShape(count), AKG_CALLER);
}
template <typename T, typename U, bool isSetMask = true>
AKG_API void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode,
                  const uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& p) {
    static_assert(akg::sim::kCastSupported<T, U>, "Cast: this pair of data types is not supported on this SoC");
    auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);
    akg::sim::Strides(s, p.dstBlkStride, p.srcBlkStride, 1, p.dstRepStride, p.srcRepStride, 8);
    akg::sim::VecCast<T, U>(dst.Data(), src.Data(), roundMode, s, AKG_CALLER);
}
template <typename T, typename U, bool isSetMask = true>
AKG_API void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode,
                  const uint64_t mask, const uint8_t repeatTime, const UnaryRepeatParams& p) {
    static_assert(akg::sim::kCastSupported<T, U>, "Cast: this pair of data types is not supported on this SoC");
    auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);
    akg::sim::Strides(s, p.dstBlkStride, p.srcBlkStride, 1, p.dstRepStride, p.srcRepStride, 8);
    akg::sim::VecCast<T, U>(dst.Data(), src.Data(), roundMode, s, AKG_CALLER);
}

__aicore__ inline void SetDeqScale(half scale) { akg::sim::SetDeqScaleValue(static_cast<float>(scale)); }

}  // namespace AscendC
