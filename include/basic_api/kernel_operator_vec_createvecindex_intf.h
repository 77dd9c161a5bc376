// CreateVecIndex: dst[i] = firstValue + i. As on the device, the values are built by adds: the
// first data block holds firstValue + j, every further block of a repeat adds one block's
// element count to the block before it, and every further repeat adds one repeat's element
// count, each add rounded to T. (For integers, and for floats below 2^11 (half) or 2^24
// (float), that equals firstValue + i exactly.)
#pragma once

#include "akg/sim/vec.h"
#include "basic_api/kernel_tensor.h"

namespace akg::sim {
template <typename T>
void VecCreateVecIndex(T* dst, T firstValue, const VecShape& shape, const void* caller);
}  // namespace akg::sim

namespace AscendC {

#define AKG_CREATEVECINDEX_CHECK(T) \
    static_assert(akg::sim::kOneOf<T, int16_t, half, int32_t, float>, \
                  "CreateVecIndex: data type not supported on this SoC (int16_t, half, int32_t, float)")

template <typename T>
AKG_API void CreateVecIndex(LocalTensor<T> dst, const T& firstValue, uint32_t count) {
    AKG_CREATEVECINDEX_CHECK(T);
    akg::sim::VecCreateVecIndex<T>(dst.Data(), firstValue, akg::sim::CountShape(count), AKG_CALLER);
}
template <typename T>
AKG_API void CreateVecIndex(LocalTensor<T>& dst, const T& firstValue, uint64_t mask, uint8_t repeatTime,
                            uint16_t dstBlkStride, uint8_t dstRepStride) {
    AKG_CREATEVECINDEX_CHECK(T);
    auto s = akg::sim::MaskShape(true, mask, repeatTime);
    akg::sim::Strides(s, dstBlkStride, 1, 1, dstRepStride, 8, 8);
    akg::sim::VecCreateVecIndex<T>(dst.Data(), firstValue, s, AKG_CALLER);
}
template <typename T>
AKG_API void CreateVecIndex(LocalTensor<T>& dst, const T& firstValue, uint64_t mask[], uint8_t repeatTime,
                            uint16_t dstBlkStride, uint8_t dstRepStride) {
    AKG_CREATEVECINDEX_CHECK(T);
    auto s = akg::sim::MaskShape(true, mask, repeatTime);
    akg::sim::Strides(s, dstBlkStride, 1, 1, dstRepStride, 8, 8);
    akg::sim::VecCreateVecIndex<T>(dst.Data(), firstValue, s, AKG_CALLER);
}
#undef AKG_CREATEVECINDEX_CHECK

}  // namespace AscendC
