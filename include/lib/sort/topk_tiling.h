// Host helpers of TopK (CANN lib/sort/topk_tiling.h): GetTopKMaxMinTmpSize and TopKTilingFunc, in
// the optiling (tiling-data class) and AscendC::tiling (plain struct) forms, from the rules the
// simulator also checks kernel calls against (lib/akg_adv/topk_rules.h). A shape TopK does not
// take (inner not a positive multiple of 32, Small mode with inner other than 32, Normal mode
// beyond 4096, outter < 1, a type size other than 2 or 4, k outside 1..inner, a source larger
// than UB) returns false and leaves the outputs untouched.
#pragma once

#include <cstdint>

#include "lib/akg_adv/topk_rules.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(TopkTiling)
TILING_DATA_FIELD_DEF(int32_t, tmpLocalSize);
TILING_DATA_FIELD_DEF(int32_t, allDataSize);
TILING_DATA_FIELD_DEF(int32_t, innerDataSize);
TILING_DATA_FIELD_DEF(uint32_t, sortRepeat);
TILING_DATA_FIELD_DEF(int32_t, mrgSortRepeat);
TILING_DATA_FIELD_DEF(int32_t, kAlignFourBytes);
TILING_DATA_FIELD_DEF(int32_t, kAlignTwoBytes);
TILING_DATA_FIELD_DEF(int32_t, maskOffset);
TILING_DATA_FIELD_DEF(int32_t, maskVreducev2FourBytes);
TILING_DATA_FIELD_DEF(int32_t, maskVreducev2TwoBytes);
TILING_DATA_FIELD_DEF(int32_t, mrgSortSrc1offset);
TILING_DATA_FIELD_DEF(int32_t, mrgSortSrc2offset);
TILING_DATA_FIELD_DEF(int32_t, mrgSortSrc3offset);
TILING_DATA_FIELD_DEF(int32_t, mrgSortTwoQueueSrc1Offset);
TILING_DATA_FIELD_DEF(int32_t, mrgFourQueueTailPara1);
TILING_DATA_FIELD_DEF(int32_t, mrgFourQueueTailPara2);
TILING_DATA_FIELD_DEF(int32_t, srcIndexOffset);
TILING_DATA_FIELD_DEF(uint32_t, copyUbToUbBlockCount);
TILING_DATA_FIELD_DEF(int32_t, topkMrgSrc1MaskSizeOffset);
TILING_DATA_FIELD_DEF(int32_t, topkNSmallSrcIndexOffset);
TILING_DATA_FIELD_DEF(uint32_t, vreduceValMask0);
TILING_DATA_FIELD_DEF(uint32_t, vreduceValMask1);
TILING_DATA_FIELD_DEF(uint32_t, vreduceIdxMask0);
TILING_DATA_FIELD_DEF(uint32_t, vreduceIdxMask1);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask0);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask1);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask2);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask3);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask4);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask5);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask6);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask7);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace AscendC {

namespace akg_topk {
inline bool HostShapeOk(const platform_ascendc::PlatformAscendC& platform, int32_t inner, int32_t outter,
                        TopKMode mode, uint32_t typeSize) {
    if (akg::adv::TopKShapeProblem(inner, outter, mode, typeSize)) return false;
    uint64_t ub = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
    return uint64_t(inner) * uint64_t(outter) * typeSize <= ub;
}
inline bool V200(const platform_ascendc::PlatformAscendC& platform) {
    return platform.GetSocVersion() == platform_ascendc::SocVersion::ASCEND310P;
}
}  // namespace akg_topk

inline bool GetTopKMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                                 const int32_t outter, const bool isReuseSource, const bool isInitIndex,
                                 enum TopKMode mode, const bool isLargest, const uint32_t dataTypeSize,
                                 uint32_t& maxValue, uint32_t& minValue) {
    (void)isReuseSource;  // reserved by the API
    if (!akg_topk::HostShapeOk(ascendcPlatform, inner, outter, mode, dataTypeSize)) return false;
    minValue = maxValue = akg::adv::TopKTmpBytes(inner, outter, isInitIndex, mode, isLargest, dataTypeSize,
                                                 akg_topk::V200(ascendcPlatform));
    return true;
}

inline bool TopKTilingFunc(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                           const int32_t outter, const int32_t k, const uint32_t dataTypeSize, const bool isInitIndex,
                           enum TopKMode mode, const bool isLargest, AscendC::tiling::TopkTiling& topKTiling) {
    if (!akg_topk::HostShapeOk(ascendcPlatform, inner, outter, mode, dataTypeSize) || k < 1 || k > inner)
        return false;
    akg::adv::TopKTilingFor(inner, outter, k, dataTypeSize, isInitIndex, mode, isLargest,
                            akg_topk::V200(ascendcPlatform), topKTiling);
    return true;
}

inline bool TopKTilingFunc(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                           const int32_t outter, const int32_t k, const uint32_t dataTypeSize, const bool isInitIndex,
                           enum TopKMode mode, const bool isLargest, optiling::TopkTiling& topKTiling) {
    AscendC::tiling::TopkTiling t;
    if (!TopKTilingFunc(ascendcPlatform, inner, outter, k, dataTypeSize, isInitIndex, mode, isLargest, t))
        return false;
    topKTiling.set_tmpLocalSize(t.tmpLocalSize);
    topKTiling.set_allDataSize(t.allDataSize);
    topKTiling.set_innerDataSize(t.innerDataSize);
    topKTiling.set_sortRepeat(t.sortRepeat);
    topKTiling.set_mrgSortRepeat(t.mrgSortRepeat);
    topKTiling.set_kAlignFourBytes(t.kAlignFourBytes);
    topKTiling.set_kAlignTwoBytes(t.kAlignTwoBytes);
    topKTiling.set_maskOffset(t.maskOffset);
    topKTiling.set_maskVreducev2FourBytes(t.maskVreducev2FourBytes);
    topKTiling.set_maskVreducev2TwoBytes(t.maskVreducev2TwoBytes);
    topKTiling.set_mrgSortSrc1offset(t.mrgSortSrc1offset);
    topKTiling.set_mrgSortSrc2offset(t.mrgSortSrc2offset);
    topKTiling.set_mrgSortSrc3offset(t.mrgSortSrc3offset);
    topKTiling.set_mrgSortTwoQueueSrc1Offset(t.mrgSortTwoQueueSrc1Offset);
    topKTiling.set_mrgFourQueueTailPara1(t.mrgFourQueueTailPara1);
    topKTiling.set_mrgFourQueueTailPara2(t.mrgFourQueueTailPara2);
    topKTiling.set_srcIndexOffset(t.srcIndexOffset);
    topKTiling.set_copyUbToUbBlockCount(t.copyUbToUbBlockCount);
    topKTiling.set_topkMrgSrc1MaskSizeOffset(t.topkMrgSrc1MaskSizeOffset);
    topKTiling.set_topkNSmallSrcIndexOffset(t.topkNSmallSrcIndexOffset);
    return true;
}

}  // namespace AscendC
