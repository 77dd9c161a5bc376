#ifndef POW_MATH_TILING_H
#define POW_MATH_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(PowMathTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);   // elements of x1
TILING_DATA_FIELD_DEF(uint64_t, formerLength);  // elements of each of the first formerNum cores
TILING_DATA_FIELD_DEF(uint64_t, tailLength);    // elements of each remaining core (one block fewer)
TILING_DATA_FIELD_DEF(uint32_t, formerNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);    // elements per UB tile, a multiple of 128
TILING_DATA_FIELD_DEF(uint32_t, tmpBufferSize); // bytes of Power's scratch buffer
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(PowMath, PowMathTilingData)
}  // namespace optiling

#endif  // POW_MATH_TILING_H
