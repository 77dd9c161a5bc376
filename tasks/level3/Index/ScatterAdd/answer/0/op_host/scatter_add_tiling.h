#ifndef SCATTER_ADD_TILING_H
#define SCATTER_ADD_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ScatterAddTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);     // N * D elements of self / out
TILING_DATA_FIELD_DEF(uint64_t, bigCopyLength);   // phase 1 (out = self): elements per core
TILING_DATA_FIELD_DEF(uint64_t, smallCopyLength);
TILING_DATA_FIELD_DEF(uint32_t, bigCopyNum);
TILING_DATA_FIELD_DEF(uint32_t, copyTile);        // elements per phase-1 tile
TILING_DATA_FIELD_DEF(uint64_t, numRows);         // N
TILING_DATA_FIELD_DEF(uint64_t, rowLen);          // D
TILING_DATA_FIELD_DEF(uint64_t, numIndices);      // M
TILING_DATA_FIELD_DEF(uint64_t, bigCoreRows);     // phase 2 (scatter): src rows per core
TILING_DATA_FIELD_DEF(uint64_t, smallCoreRows);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, rowsPerTile);     // src rows per phase-2 tile
TILING_DATA_FIELD_DEF(uint32_t, colTile);         // columns per phase-2 tile (= D unless rows are long)
TILING_DATA_FIELD_DEF(uint32_t, tileBytes);       // bytes of each of the two tile buffers
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ScatterAdd, ScatterAddTilingData)
}  // namespace optiling

#endif  // SCATTER_ADD_TILING_H
