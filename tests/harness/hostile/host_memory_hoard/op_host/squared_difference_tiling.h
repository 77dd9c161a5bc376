#ifndef SQUARED_DIFFERENCE_TILING_H
#define SQUARED_DIFFERENCE_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SquaredDifferenceTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);     // elements in each tensor
TILING_DATA_FIELD_DEF(uint64_t, bigCoreLength);   // elements per core for the first bigCoreNum cores
TILING_DATA_FIELD_DEF(uint64_t, smallCoreLength); // elements per core for the others
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);      // elements per UB tile (a multiple of 128)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SquaredDifference, SquaredDifferenceTilingData)
}  // namespace optiling

#endif  // SQUARED_DIFFERENCE_TILING_H
