#ifndef GATHER_TILING_H
#define GATHER_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(GatherTilingData)
TILING_DATA_FIELD_DEF(uint64_t, numRows);       // V
TILING_DATA_FIELD_DEF(uint64_t, rowLen);        // D
TILING_DATA_FIELD_DEF(uint64_t, numIndices);    // N = indices.numel()
TILING_DATA_FIELD_DEF(uint64_t, bigCoreUnits);  // units of each of the first bigCoreNum cores
TILING_DATA_FIELD_DEF(uint64_t, smallCoreUnits);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileElems);     // UB capacity of one row tile, in elements
TILING_DATA_FIELD_DEF(uint32_t, rowsPerTile);   // rows per tile (1 when rows are chunked)
TILING_DATA_FIELD_DEF(uint32_t, colTile);       // columns per chunk (D when a row fits a tile)
TILING_DATA_FIELD_DEF(uint32_t, chunks);        // chunks per row; 1: a unit is an index, else index x chunk
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Gather, GatherTilingData)
}  // namespace optiling

#endif  // GATHER_TILING_H
