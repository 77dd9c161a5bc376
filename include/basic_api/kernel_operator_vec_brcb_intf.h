// Brcb: each of 8 consecutive source elements per repeat fills one 32-byte destination block.
// The source is read contiguously (8 elements per repeat); the destination strides are in
// blocks. The mask does not apply.
#pragma once

#include "akg/sim/vec.h"
#include "basic_api/kernel_struct_brcb.h"
#include "basic_api/kernel_tensor.h"

namespace akg::sim {
template <typename T>
void VecBrcb(T* dst, const T* src, uint8_t repeat, uint16_t dstBlkStride, uint16_t dstRepStride, const void* caller);
}  // namespace akg::sim

namespace AscendC {

template <typename T>
AKG_API void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint8_t repeatTime,
                  const BrcbRepeatParams& repeatParams) {
    static_assert(akg::sim::kOneOf<T, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float>,
                  "Brcb: data type not supported on this SoC (int16_t, uint16_t, half, bfloat16_t, int32_t, "
                  "uint32_t, float)");
    akg::sim::VecBrcb<T>(dst.Data(), src.Data(), repeatTime, repeatParams.dstBlkStride, repeatParams.dstRepStride,
                         AKG_CALLER);
}

}  // namespace AscendC
