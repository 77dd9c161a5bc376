// Host helpers of RmsNorm (CANN lib/normalization/rmsnorm_tiling.h): the temporary-space range
// and the RmsNormTiling the kernel API takes, in the optiling (tiling-data class) and
// AscendC::tiling (plain struct) forms. The rules live in lib/akg_adv/rmsnorm_rules.h, which the
// simulator also checks kernel calls against. Shapes are [B, S, H]; anything else, or a
// basic-block request the shape does not meet, or too little space, returns false.
#pragma once

#include <cstdint>

#include "adv_api/utils/types.h"
#include "lib/akg_adv/rmsnorm_rules.h"
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(RmsNormTiling)
TILING_DATA_FIELD_DEF(uint32_t, bLength);
TILING_DATA_FIELD_DEF(uint32_t, sLength);
TILING_DATA_FIELD_DEF(uint32_t, hLength);
TILING_DATA_FIELD_DEF(uint32_t, originalHLength);
TILING_DATA_FIELD_DEF(float, reciprocalOfHLength);
TILING_DATA_FIELD_DEF(uint32_t, mainBshLength);
TILING_DATA_FIELD_DEF(uint32_t, mainBsLength);
TILING_DATA_FIELD_DEF(uint32_t, mainBsLengthAlign);
TILING_DATA_FIELD_DEF(uint32_t, loopRound);
TILING_DATA_FIELD_DEF(uint32_t, inputTailPos);
TILING_DATA_FIELD_DEF(uint32_t, tailBshLength);
TILING_DATA_FIELD_DEF(uint32_t, tailBsLength);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace AscendC {

inline bool GetRmsNormMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                    uint32_t& minValue, const bool isBasicBlock = false) {
    if (srcShape.GetDimNum() != 3) return false;
    const akg::adv::RmsNormTmp r = akg::adv::RmsNormTmpSize(uint64_t(srcShape.GetDim(0)), uint64_t(srcShape.GetDim(1)),
                                                            uint64_t(srcShape.GetDim(2)), typeSize, isBasicBlock);
    if (!r.ok) return false;
    maxValue = r.maxValue;
    minValue = r.minValue;
    return true;
}

inline bool GetRmsNormTilingInfo(const AscendC::TensorShape& srcShape, const AscendC::TensorShape& originSrcShape,
                                 const uint32_t stackBufferByteSize, const uint32_t typeSize,
                                 AscendC::tiling::RmsNormTiling& tiling, const bool isBasicBlock = false) {
    if (srcShape.GetDimNum() != 3 || originSrcShape.GetDimNum() != 3) return false;
    return akg::adv::RmsNormTilingFor(uint32_t(srcShape.GetDim(0)), uint32_t(srcShape.GetDim(1)),
                                      uint32_t(srcShape.GetDim(2)), uint32_t(originSrcShape.GetDim(2)),
                                      stackBufferByteSize, typeSize, isBasicBlock, tiling);
}

inline bool GetRmsNormTilingInfo(const AscendC::TensorShape& srcShape, const AscendC::TensorShape& originSrcShape,
                                 const uint32_t stackBufferByteSize, const uint32_t typeSize,
                                 optiling::RmsNormTiling& tiling, const bool isBasicBlock = false) {
    AscendC::tiling::RmsNormTiling t;
    if (!GetRmsNormTilingInfo(srcShape, originSrcShape, stackBufferByteSize, typeSize, t, isBasicBlock)) return false;
    tiling.set_bLength(t.bLength);
    tiling.set_sLength(t.sLength);
    tiling.set_hLength(t.hLength);
    tiling.set_originalHLength(t.originalHLength);
    tiling.set_reciprocalOfHLength(t.reciprocalOfHLength);
    tiling.set_mainBshLength(t.mainBshLength);
    tiling.set_mainBsLength(t.mainBsLength);
    tiling.set_mainBsLengthAlign(t.mainBsLengthAlign);
    tiling.set_loopRound(t.loopRound);
    tiling.set_inputTailPos(t.inputTailPos);
    tiling.set_tailBshLength(t.tailBshLength);
    tiling.set_tailBsLength(t.tailBsLength);
    return true;
}

}  // namespace AscendC
