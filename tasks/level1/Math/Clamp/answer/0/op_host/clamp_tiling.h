#ifndef CLAMP_TILING_H
#define CLAMP_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ClampTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);       // elements in x (and y)
TILING_DATA_FIELD_DEF(uint64_t, formerCoreLength);  // elements of each of the first formerCoreNum cores
TILING_DATA_FIELD_DEF(uint64_t, latterCoreLength);  // elements of each remaining core (one 32-byte block less)
TILING_DATA_FIELD_DEF(uint32_t, formerCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);        // elements per UB tile, a multiple of 128
TILING_DATA_FIELD_DEF(float, minValue);             // lower bound for floating-point x
TILING_DATA_FIELD_DEF(float, maxValue);             // upper bound for floating-point x
TILING_DATA_FIELD_DEF(int32_t, minInt);             // the bounds for int32 x, saturated to its range
TILING_DATA_FIELD_DEF(int32_t, maxInt);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Clamp, ClampTilingData)
}  // namespace optiling

#endif  // CLAMP_TILING_H
