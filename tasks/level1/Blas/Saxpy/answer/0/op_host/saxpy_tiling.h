#ifndef SAXPY_TILING_H
#define SAXPY_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SaxpyTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);      // elements in x (and in y)
TILING_DATA_FIELD_DEF(uint64_t, bigCoreLength);    // elements handled by each of the first bigCoreNum cores
TILING_DATA_FIELD_DEF(uint64_t, smallCoreLength);  // elements handled by each remaining core
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);       // elements per UB tile, a multiple of 128
TILING_DATA_FIELD_DEF(float, alpha);               // the scale of x
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Saxpy, SaxpyTilingData)
}  // namespace optiling

#endif  // SAXPY_TILING_H
