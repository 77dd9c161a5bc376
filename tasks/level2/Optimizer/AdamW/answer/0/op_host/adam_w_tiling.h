#ifndef ADAM_W_TILING_H
#define ADAM_W_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AdamWTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);     // elements of each tensor
TILING_DATA_FIELD_DEF(uint64_t, bigCoreLength);   // elements of each of the first bigCoreNum cores
TILING_DATA_FIELD_DEF(uint64_t, smallCoreLength); // elements of each remaining core
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);      // elements per UB tile, a multiple of 64
TILING_DATA_FIELD_DEF(float, decay);              // 1 - lr * weight_decay
TILING_DATA_FIELD_DEF(float, beta1);
TILING_DATA_FIELD_DEF(float, oneMinusBeta1);
TILING_DATA_FIELD_DEF(float, beta2);
TILING_DATA_FIELD_DEF(float, oneMinusBeta2);
TILING_DATA_FIELD_DEF(float, eps);
TILING_DATA_FIELD_DEF(float, negStepSize);        // -lr / (1 - beta1^step)
TILING_DATA_FIELD_DEF(float, invSqrtBc2);         // 1 / sqrt(1 - beta2^step)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AdamW, AdamWTilingData)
}  // namespace optiling

#endif  // ADAM_W_TILING_H
