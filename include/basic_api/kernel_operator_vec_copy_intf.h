// Copy: UB -> UB through the vector unit, with a mask and data-block strides (CopyRepeatParams:
// dstStride/srcStride within a repeat, dstRepeatSize/srcRepeatSize between repeats, all in
// 32-byte blocks). The count form is not available on A2/A3.
//
// In Counter mode Copy differs from the other vector instructions: the mask is the number of
// elements of *each* repeat (they may span more than 8 blocks) and repeatTime stays in effect.
#pragma once

#include "akg/sim/vec.h"
#include "basic_api/kernel_struct_data_copy.h"
#include "basic_api/kernel_tensor.h"

namespace akg::sim {
template <typename T>
void VecCopy(T* dst, const T* src, const VecShape& shape, const void* caller);
}  // namespace akg::sim

namespace AscendC {

#define AKG_COPY_CHECK(T)                                                                                   \
    static_assert(akg::sim::kOneOf<T, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float>,       \
                  "Copy: data type not supported on this SoC (int16_t, uint16_t, half, bfloat16_t, int32_t, "  \
                  "uint32_t, float)")

template <typename T, bool isSetMask = true>
AKG_API void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[], const uint8_t repeatTime,
                  const CopyRepeatParams& repeatParams) {
    AKG_COPY_CHECK(T);
    auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);
    akg::sim::Strides(s, repeatParams.dstStride, repeatParams.srcStride, 1, repeatParams.dstRepeatSize,
                      repeatParams.srcRepeatSize, 8);
    akg::sim::VecCopy<T>(dst.Data(), src.Data(), s, AKG_CALLER);
}
template <typename T, bool isSetMask = true>
AKG_API void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask, const uint8_t repeatTime,
                  const CopyRepeatParams& repeatParams) {
    AKG_COPY_CHECK(T);
    auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);
    akg::sim::Strides(s, repeatParams.dstStride, repeatParams.srcStride, 1, repeatParams.dstRepeatSize,
                      repeatParams.srcRepeatSize, 8);
    akg::sim::VecCopy<T>(dst.Data(), src.Data(), s, AKG_CALLER);
}
#undef AKG_COPY_CHECK

}  // namespace AscendC
