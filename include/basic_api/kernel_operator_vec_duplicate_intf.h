// Duplicate: fill a tensor with a scalar.
#pragma once

#include "akg/sim/vec.h"
#include "basic_api/kernel_tensor.h"

namespace AscendC {


template <typename T>
AKG_API void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, const int32_t& count) {
    static_assert(akg::sim::kVecAccepts<akg::sim::VecOp::Duplicate, T>, "Duplicate: data type not supported on this SoC");
    akg::sim::VecRun<T, T>(akg::sim::VecOp::Duplicate, "Duplicate", dst.Data(), nullptr, nullptr, scalarValue,
                           akg::sim::CountShape(count), AKG_CALLER);
}
// The raw-pointer count form behind Duplicate, which CANN's own operators call directly.
template <typename T>
AKG_API void DuplicateImpl(__ubuf__ T* dstLocal, const T& scalarValue, const int32_t& count) {
    static_assert(akg::sim::kVecAccepts<akg::sim::VecOp::Duplicate, T>, "Duplicate: data type not supported on this SoC");
    akg::sim::VecRun<T, T>(akg::sim::VecOp::Duplicate, "Duplicate", dstLocal, nullptr, nullptr, scalarValue,
                           akg::sim::CountShape(count), AKG_CALLER);
}
template <typename T, bool isSetMask = true>
AKG_API void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, uint64_t mask[], const uint8_t repeatTime,
                       const uint16_t dstBlockStride, const uint8_t dstRepeatStride) {
    static_assert(akg::sim::kVecAccepts<akg::sim::VecOp::Duplicate, T>, "Duplicate: data type not supported on this SoC");
    auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);
    akg::sim::Strides(s, dstBlockStride, 1, 1, dstRepeatStride, 8, 8);
    akg::sim::VecRun<T, T>(akg::sim::VecOp::Duplicate, "Duplicate", dst.Data(), nullptr, nullptr, scalarValue, s,
                           AKG_CALLER);
}
template <typename T, bool isSetMask = true>
AKG_API void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, uint64_t mask, const uint8_t repeatTime,
                       const uint16_t dstBlockStride, const uint8_t dstRepeatStride) {
    static_assert(akg::sim::kVecAccepts<akg::sim::VecOp::Duplicate, T>, "Duplicate: data type not supported on this SoC");
    auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);
    akg::sim::Strides(s, dstBlockStride, 1, 1, dstRepeatStride, 8, 8);
    akg::sim::VecRun<T, T>(akg::sim::VecOp::Duplicate, "Duplicate", dst.Data(), nullptr, nullptr, scalarValue, s,
                           AKG_CALLER);
}


}  // namespace AscendC
