// Host helper of Broadcast (lib/pad/broadcast.h): the range of sharedTmpBuffer sizes a call with
// these shapes can use. The rule is shared with the simulator's check of the kernel call
// (akg::adv::BroadcastTmpSize), so a kernel sized by this helper is never told it is short.
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "lib/akg_adv/adv_tiling.h"

namespace AscendC {

// Shapes that cannot broadcast (different ranks, a rank other than 1 or 2, a dimension neither
// equal nor 1, an empty source) report 0 / 0, the values CANN leaves when it rejects them.
inline void GetBroadCastMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                                      const ge::Shape& srcShape, const ge::Shape& dstShape, uint32_t typeSize,
                                      const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
    (void)isReuseSource;  // reserved by the API
    maxValue = 0;
    minValue = 0;
    const size_t dim = dstShape.GetDimNum();
    if ((dim != 1 && dim != 2) || srcShape.GetDimNum() != dim || typeSize == 0) return;
    uint64_t src[2] = {}, dst[2] = {};
    for (size_t i = 0; i < dim; ++i) {
        if (srcShape.GetDim(i) <= 0 || dstShape.GetDim(i) <= 0) return;
        if (srcShape.GetDim(i) != dstShape.GetDim(i) && srcShape.GetDim(i) != 1) return;
        src[i] = uint64_t(srcShape.GetDim(i));
        dst[i] = uint64_t(dstShape.GetDim(i));
    }
    const akg::adv::TmpRange r = akg::adv::BroadcastTmpSize(uint32_t(dim), src, dst, typeSize,
                                                            akg_adv_host::IsV200(ascendcPlatform.GetSocVersion()));
    maxValue = r.maxValue;
    minValue = r.minValue;
}

}  // namespace AscendC
