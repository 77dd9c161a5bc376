#ifndef SILU_GRAD_TILING_H
#define SILU_GRAD_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SiluGradTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);   // elements of dy (= x = dx)
TILING_DATA_FIELD_DEF(uint64_t, bigCoreLength);   // elements handled by each of the first bigCoreNum cores
TILING_DATA_FIELD_DEF(uint64_t, smallCoreLength); // elements handled by each remaining core
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);      // elements per UB tile, a multiple of 64
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SiluGrad, SiluGradTilingData)
}  // namespace optiling

#endif  // SILU_GRAD_TILING_H
