// Host helper of CumSum (lib/math/cumsum.h): its temporary space for a 2-D source shape, from
// the rule the simulator also checks kernel calls against (akg::adv::CumSumTmpSize). A shape
// that is not 2-D, a typeSize other than 2 or 4, or an inner axis that is not a whole number of
// 32-byte blocks leaves maxValue and minValue unchanged, as CANN's host assertion returns.
#pragma once

#include <cstdint>

#include "adv_api/utils/types.h"
#include "lib/akg_adv/adv_tmp_rules.h"

namespace AscendC {

inline void GetCumSumMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize,
                                   const bool isLastAxis, const bool isReuseSource, uint32_t& maxValue,
                                   uint32_t& minValue) {
    (void)isReuseSource;  // reserved by the API
    if (srcShape.GetDimNum() != 2 || (typeSize != 2 && typeSize != 4)) return;
    const int64_t outter = srcShape.GetDim(0), inner = srcShape.GetDim(1);
    if (outter < 0 || inner <= 0 || uint64_t(inner) * typeSize % 32 != 0) return;
    const akg::adv::TmpRange r = akg::adv::CumSumTmpSize(uint64_t(outter), uint64_t(inner), typeSize, isLastAxis);
    maxValue = r.maxValue;
    minValue = r.minValue;
}

}  // namespace AscendC
