#ifndef SWI_GLU_TILING_H
#define SWI_GLU_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SwiGluTilingData)
TILING_DATA_FIELD_DEF(uint64_t, rows);          // product of all axes but the last
TILING_DATA_FIELD_DEF(uint64_t, half);          // H: length of each half, = last axis of y
TILING_DATA_FIELD_DEF(uint64_t, bigCoreUnits);  // work units of each of the first bigCoreNum cores
TILING_DATA_FIELD_DEF(uint64_t, smallCoreUnits);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, colTile);       // columns per chunk (H when a row fits one tile)
TILING_DATA_FIELD_DEF(uint32_t, colChunks);     // chunks per row; 1: a unit is a row, else a unit is one chunk
TILING_DATA_FIELD_DEF(uint32_t, rowsPerTile);   // rows per tile when colChunks == 1
TILING_DATA_FIELD_DEF(uint32_t, tileElems);     // UB capacity of one tile, in elements
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SwiGlu, SwiGluTilingData)
}  // namespace optiling

#endif  // SWI_GLU_TILING_H
