#ifndef ONLINE_SOFTMAX_TILING_H
#define ONLINE_SOFTMAX_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(OnlineSoftmaxTilingData)
TILING_DATA_FIELD_DEF(uint32_t, cols);
TILING_DATA_FIELD_DEF(uint32_t, segNum);          // segments per row (> 1: a row is split among cores)
TILING_DATA_FIELD_DEF(uint32_t, segLen);          // columns per segment (the last one may be shorter)
TILING_DATA_FIELD_DEF(uint32_t, unitNum);         // rows * segNum work units
TILING_DATA_FIELD_DEF(uint32_t, bigCoreUnits);
TILING_DATA_FIELD_DEF(uint32_t, smallCoreUnits);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLen);         // elements per UB tile
TILING_DATA_FIELD_DEF(uint32_t, workElems);       // floats of the ReduceMax/ReduceSum work area
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(OnlineSoftmax, OnlineSoftmaxTilingData)
}  // namespace optiling

#endif  // ONLINE_SOFTMAX_TILING_H
