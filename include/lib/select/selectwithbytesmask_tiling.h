// Host helpers of Select with a byte mask (lib/select/selectwithbytesmask.h): the range of
// sharedTmpBuffer sizes, from the rule the simulator also checks kernel calls against
// (akg::adv::SelectBytesMaskTmpSize). The scalar operand's shape is {1}; the other is the
// [firstAxis, srcLastAxis] tensor. The GetSelectWithBytesMask... names are the earlier spelling.
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "lib/akg_adv/adv_tmp_rules.h"

namespace AscendC {
namespace akg_select_host {

inline bool IsScalar(const ge::Shape& s) { return s.GetDimNum() == 0 || s.GetShapeSize() == 1; }
inline uint64_t LastAxis(const ge::Shape& s) {
    const int64_t d = s.GetDimNum() ? s.GetDim(s.GetDimNum() - 1) : 0;
    return d > 0 ? uint64_t(d) : 0;
}
inline akg::adv::TmpRange Range(const ge::Shape& src0Shape, const ge::Shape& src1Shape, const ge::Shape& maskShape,
                                uint32_t maskTypeSize, bool isReuseMask) {
    const ge::Shape& tensor = IsScalar(src0Shape) ? src1Shape : src0Shape;
    const int64_t n = tensor.GetShapeSize();
    return akg::adv::SelectBytesMaskTmpSize(n > 0 ? uint64_t(n) : 0, LastAxis(tensor), LastAxis(maskShape),
                                            maskTypeSize, isReuseMask);
}

}  // namespace akg_select_host

inline uint32_t GetSelectMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape, const uint32_t srcTypeSize,
                                    const ge::Shape& maskShape, const uint32_t maskTypeSize, const bool isReuseMask) {
    (void)srcTypeSize;  // the temporary holds the mask as half whatever the data type
    return akg_select_host::Range(src0Shape, src1Shape, maskShape, maskTypeSize, isReuseMask).minValue;
}
inline uint32_t GetSelectMaxTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape, const uint32_t srcTypeSize,
                                    const ge::Shape& maskShape, const uint32_t maskTypeSize, const bool isReuseMask) {
    (void)srcTypeSize;
    return akg_select_host::Range(src0Shape, src1Shape, maskShape, maskTypeSize, isReuseMask).maxValue;
}
inline void GetSelectMaxMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape, const uint32_t srcTypeSize,
                                   const ge::Shape& maskShape, const uint32_t maskTypeSize, const bool isReuseMask,
                                   uint32_t& maxValue, uint32_t& minValue) {
    maxValue = GetSelectMaxTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
    minValue = GetSelectMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
}
inline uint32_t GetSelectWithBytesMaskMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                                                 const uint32_t srcTypeSize, const ge::Shape& maskShape,
                                                 const uint32_t maskTypeSize, const bool isReuseMask) {
    return GetSelectMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
}
inline uint32_t GetSelectWithBytesMaskMaxTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                                                 const uint32_t srcTypeSize, const ge::Shape& maskShape,
                                                 const uint32_t maskTypeSize, const bool isReuseMask) {
    return GetSelectMaxTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
}
inline void GetSelectWithBytesMaskMaxMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                                                const uint32_t srcTypeSize, const ge::Shape& maskShape,
                                                const uint32_t maskTypeSize, const bool isReuseMask,
                                                uint32_t& maxValue, uint32_t& minValue) {
    GetSelectMaxMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask, maxValue, minValue);
}

}  // namespace AscendC
