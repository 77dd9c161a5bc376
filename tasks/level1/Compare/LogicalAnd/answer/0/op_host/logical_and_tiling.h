#ifndef LOGICAL_AND_TILING_H
#define LOGICAL_AND_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(LogicalAndTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);       // elements (bytes) in each tensor
TILING_DATA_FIELD_DEF(uint64_t, formerCoreLength);  // elements of each of the first formerCoreNum cores
TILING_DATA_FIELD_DEF(uint64_t, latterCoreLength);  // elements of each remaining core (32 less)
TILING_DATA_FIELD_DEF(uint32_t, formerCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);        // elements per UB tile, a multiple of 256
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(LogicalAnd, LogicalAndTilingData)
}  // namespace optiling

#endif  // LOGICAL_AND_TILING_H
