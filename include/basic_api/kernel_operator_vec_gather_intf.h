// Gather: dst[i] = the element at byte address src + srcBaseAddr + srcOffset[i] (offsets are
// uint32_t byte offsets, read contiguously, one per lane: repeat r uses srcOffset[r * lanes ...]).
// The mask forms write each repeat's lanes contiguously at dst + r * dstRepStride blocks.
// Gatherb collects whole 32-byte blocks.
#pragma once

#include "akg/sim/vec.h"
#include "basic_api/kernel_struct_gather.h"
#include "basic_api/kernel_tensor.h"

namespace akg::sim {
template <typename T>
void VecGather(T* dst, const T* src, const uint32_t* offsets, uint32_t srcBaseAddr, const VecShape& shape,
               const void* caller);
void VecGatherb(uint32_t esize, void* dst, const void* src, const uint32_t* offsets, uint8_t repeatTime,
                const AscendC::GatherRepeatParams& params, const void* caller);
}  // namespace akg::sim

namespace AscendC {

#define AKG_GATHER_CHECK(T)                                                                                  \
    static_assert(akg::sim::kOneOf<T, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float>,        \
                  "Gather: data type not supported on this SoC (int16_t, uint16_t, half, bfloat16_t, int32_t, " \
                  "uint32_t, float)")

template <typename T>
AKG_API void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
                    const uint32_t srcBaseAddr, const uint32_t count) {
    AKG_GATHER_CHECK(T);
    akg::sim::VecGather<T>(dst.Data(), src.Data(), srcOffset.Data(), srcBaseAddr, akg::sim::CountShape(count),
                           AKG_CALLER);
}
template <typename T>
AKG_API void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
                    const uint32_t srcBaseAddr, const uint64_t mask[], const uint8_t repeatTime,
                    const uint16_t dstRepStride) {
    AKG_GATHER_CHECK(T);
    auto s = akg::sim::MaskShape(true, mask, repeatTime);
    akg::sim::Strides(s, 1, 1, 1, dstRepStride, 8, 8);
    akg::sim::VecGather<T>(dst.Data(), src.Data(), srcOffset.Data(), srcBaseAddr, s, AKG_CALLER);
}
template <typename T>
AKG_API void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
                    const uint32_t srcBaseAddr, const uint64_t mask, const uint8_t repeatTime,
                    const uint16_t dstRepStride) {
    AKG_GATHER_CHECK(T);
    auto s = akg::sim::MaskShape(true, mask, repeatTime);
    akg::sim::Strides(s, 1, 1, 1, dstRepStride, 8, 8);
    akg::sim::VecGather<T>(dst.Data(), src.Data(), srcOffset.Data(), srcBaseAddr, s, AKG_CALLER);
}
#undef AKG_GATHER_CHECK

// Gatherb: per repeat, 8 32-byte blocks of src, each at the byte offset offset[r * 8 + j] from src,
// to the destination blocks j * dstBlkStride of repeat r (dstRepStride blocks apart).
template <typename T>
AKG_API void Gatherb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& offset,
                     const uint8_t repeatTime, const GatherRepeatParams& repeatParams) {
    static_assert(akg::sim::kOneOf<T, uint16_t, uint32_t>, "Gatherb: data type not supported on this SoC (uint16_t, "
                                                           "uint32_t)");
    akg::sim::VecGatherb(sizeof(T), dst.Data(), src.Data(), offset.Data(), repeatTime, repeatParams, AKG_CALLER);
}

}  // namespace AscendC
