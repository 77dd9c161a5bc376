#ifndef REDUCE_MEAN_TILING_H
#define REDUCE_MEAN_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ReduceMeanTilingData)
TILING_DATA_FIELD_DEF(uint32_t, outer);       // product of the dimensions before the axis
TILING_DATA_FIELD_DEF(uint32_t, reduceLen);   // the axis' length R
TILING_DATA_FIELD_DEF(uint32_t, inner);       // product of the dimensions after the axis
TILING_DATA_FIELD_DEF(uint32_t, tileRows);    // rows of a tile (rows of x along the axis or outputs)
TILING_DATA_FIELD_DEF(uint32_t, colChunk);    // columns of a tile
TILING_DATA_FIELD_DEF(uint32_t, chunks);      // inner == 1: chunks per row; else chunks of inner
TILING_DATA_FIELD_DEF(uint32_t, bigCoreUnits);
TILING_DATA_FIELD_DEF(uint32_t, smallCoreUnits);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, splitFactor);   // inner == 1 and few long rows: cores per row (else 1)
TILING_DATA_FIELD_DEF(uint32_t, segmentLen);    // split rows: elements of a row per core
TILING_DATA_FIELD_DEF(float, invLen);         // 1 / R
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ReduceMean, ReduceMeanTilingData)
}  // namespace optiling

#endif  // REDUCE_MEAN_TILING_H
