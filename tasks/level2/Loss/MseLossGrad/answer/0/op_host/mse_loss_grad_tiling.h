#ifndef MSE_LOSS_GRAD_TILING_H
#define MSE_LOSS_GRAD_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MseLossGradTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);     // elements of input (= target = dx)
TILING_DATA_FIELD_DEF(uint64_t, bigCoreLength);   // elements of each of the first bigCoreNum cores
TILING_DATA_FIELD_DEF(uint64_t, smallCoreLength); // elements of each remaining core
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);      // elements per UB tile, a multiple of 64
TILING_DATA_FIELD_DEF(float, norm);               // 2 / N ("mean") or 2 ("sum")
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MseLossGrad, MseLossGradTilingData)
}  // namespace optiling

#endif  // MSE_LOSS_GRAD_TILING_H
