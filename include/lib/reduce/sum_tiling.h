// Host helper of Sum (lib/reduce/sum.h): its temporary space, from the rule the simulator also
// checks kernel calls against (akg::adv::SumTmpSize).
#pragma once

#include <cstdint>

#include "lib/akg_adv/adv_tmp_rules.h"

namespace AscendC {

// typeSize 0 or n = 0 report 0 / 0.
inline void GetSumMaxMinTmpSize(const uint32_t n, const uint32_t typeSize, const bool isReuseSource, uint32_t& maxSize,
                                uint32_t& minSize) {
    (void)isReuseSource;  // reserved by the API
    const akg::adv::TmpRange r = akg::adv::SumTmpSize(n, typeSize);
    maxSize = r.maxValue;
    minSize = r.minValue;
}

}  // namespace AscendC
