// Host helpers of Mean (lib/reduce/mean.h): its temporary space, from the rule the simulator
// also checks kernel calls against (akg::adv::MeanTmpSize).
#pragma once

#include <cstdint>

#include "lib/akg_adv/adv_tmp_rules.h"

namespace AscendC {

// (srcTypeSize, accTypeSize) is (2, 2), (4, 4) or (2, 4); other pairs and n = 0 report 0 / 0.
inline void GetMeanMaxMinTmpSize(const uint32_t n, const uint32_t srcTypeSize, const uint32_t accTypeSize,
                                 const bool isReuseSource, uint32_t& maxSize, uint32_t& minSize) {
    (void)isReuseSource;  // reserved by the API
    maxSize = minSize = 0;
    const bool supported = (srcTypeSize == 2 && (accTypeSize == 2 || accTypeSize == 4)) ||
                           (srcTypeSize == 4 && accTypeSize == 4);
    if (!supported) return;
    const akg::adv::TmpRange r = akg::adv::MeanTmpSize(n, srcTypeSize, accTypeSize);
    maxSize = r.maxValue;
    minSize = r.minValue;
}

// One live copy of the input, no extra buffer.
inline void GetMeanTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    (void)typeSize;
    maxLiveNodeCount = 1;
    extraBuffer = 0;
}

}  // namespace AscendC
