#ifndef ABS_MATH_TILING_H
#define ABS_MATH_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AbsMathTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);   // elements of x
TILING_DATA_FIELD_DEF(uint64_t, formerLength);  // elements of each of the first formerNum cores
TILING_DATA_FIELD_DEF(uint64_t, tailLength);    // elements of each remaining core (one block fewer)
TILING_DATA_FIELD_DEF(uint32_t, formerNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);    // elements per UB tile, a multiple of 128
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AbsMath, AbsMathTilingData)
}  // namespace optiling

#endif  // ABS_MATH_TILING_H
