#ifndef TRANSPOSE2D_TILING_H
#define TRANSPOSE2D_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(Transpose2dTilingData)
TILING_DATA_FIELD_DEF(uint64_t, batch);         // B
TILING_DATA_FIELD_DEF(uint64_t, rows);          // M
TILING_DATA_FIELD_DEF(uint64_t, cols);          // N
TILING_DATA_FIELD_DEF(uint64_t, bigCoreTiles);  // tiles of each of the first bigCoreNum cores
TILING_DATA_FIELD_DEF(uint64_t, smallCoreTiles);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);      // mt: rows of x per tile = UB row pitch of the output tile
TILING_DATA_FIELD_DEF(uint32_t, tileCols);      // nt: columns of x per tile = UB row pitch of the input tile
TILING_DATA_FIELD_DEF(uint32_t, rowTiles);      // ceil(M / mt)
TILING_DATA_FIELD_DEF(uint32_t, colTiles);      // ceil(N / nt)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Transpose2d, Transpose2dTilingData)
}  // namespace optiling

#endif  // TRANSPOSE2D_TILING_H
