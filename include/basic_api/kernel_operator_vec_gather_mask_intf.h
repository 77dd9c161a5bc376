// GatherMask: keep the elements of src0 whose pattern bit is 1, packed contiguously into dst;
// rsvdCnt receives how many were kept.
//
// reduceMode = false (Normal): gatherMaskParams.repeatTimes repeats of 256 bytes each; the mask
// argument has no effect. reduceMode = true (Counter, A2/A3 "configuration 1"): every repeat
// processes `mask` elements and the total is repeatTimes * mask. The pattern is either a fixed
// mode 1..7 (the same in every repeat) or a uint16_t/uint32_t tensor whose bits are consumed
// continuously within a repeat, src1RepeatStride blocks apart between repeats. Elements are
// handled at the width of the pattern type (2 or 4 bytes), as the device does. Afterwards the
// core is in Normal mask mode (the device leaves it so, with the mask register set to `mask`).
#pragma once

#include "akg/sim/vec.h"
#include "basic_api/kernel_struct_gather.h"
#include "basic_api/kernel_tensor.h"

namespace akg::sim {
// pattern == nullptr: fixed pattern mode `patternMode`.
void VecGatherMask(uint32_t esize, void* dst, const void* src0, const void* pattern, uint8_t patternMode,
                   bool reduceMode, uint32_t mask, const AscendC::GatherMaskParams& params, uint64_t& rsvdCnt,
                   const void* caller);
}  // namespace akg::sim

namespace AscendC {

template <typename T, typename U, GatherMaskMode mode = defaultGatherMaskMode>
AKG_API void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1Pattern,
                        const bool reduceMode, const uint32_t mask, const GatherMaskParams& gatherMaskParams,
                        uint64_t& rsvdCnt) {
    static_assert(akg::sim::kOneOf<U, uint16_t, uint32_t>, "GatherMask: src1Pattern must be a uint16_t or uint32_t tensor");
    akg::sim::VecGatherMask(sizeof(U), dst.Data(), src0.Data(), src1Pattern.Data(), 0, reduceMode, mask,
                            gatherMaskParams, rsvdCnt, AKG_CALLER);
}
template <typename T, GatherMaskMode mode = defaultGatherMaskMode>
AKG_API void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t src1Pattern,
                        const bool reduceMode, const uint32_t mask, const GatherMaskParams& gatherMaskParams,
                        uint64_t& rsvdCnt) {
    static_assert(sizeof(T) == 2 || sizeof(T) == 4,
                  "GatherMask: data type not supported on this SoC (16-bit or 32-bit types: int16_t, uint16_t, "
                  "half, bfloat16_t, int32_t, uint32_t, float)");
    akg::sim::VecGatherMask(sizeof(T), dst.Data(), src0.Data(), nullptr, src1Pattern, reduceMode, mask,
                            gatherMaskParams, rsvdCnt, AKG_CALLER);
}

}  // namespace AscendC
