#ifndef FILL_TILING_H
#define FILL_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(FillTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);       // elements of y
TILING_DATA_FIELD_DEF(uint64_t, formerCoreLength);  // elements of each of the first formerCoreNum cores
TILING_DATA_FIELD_DEF(uint64_t, latterCoreLength);  // elements of each remaining core (one 32-byte block less)
TILING_DATA_FIELD_DEF(uint32_t, formerCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);        // elements of the UB tile that is copied out repeatedly
TILING_DATA_FIELD_DEF(float, value);                // the fill value for floating-point y
TILING_DATA_FIELD_DEF(int32_t, intValue);           // the fill value for int32 y (truncated, saturated)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Fill, FillTilingData)
}  // namespace optiling

#endif  // FILL_TILING_H
