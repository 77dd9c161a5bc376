#ifndef CONCAT_TILING_H
#define CONCAT_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ConcatTilingData)
TILING_DATA_FIELD_DEF(uint64_t, rows);          // R: product of the leading axes
TILING_DATA_FIELD_DEF(uint64_t, cols1);         // N1
TILING_DATA_FIELD_DEF(uint64_t, cols2);         // N2
TILING_DATA_FIELD_DEF(uint64_t, tiles1);        // tiles of x1 (they come first in the tile list)
TILING_DATA_FIELD_DEF(uint64_t, bigCoreTiles);  // tiles of each of the first bigCoreNum cores
TILING_DATA_FIELD_DEF(uint64_t, smallCoreTiles);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileElems);     // UB capacity of one tile, in elements
TILING_DATA_FIELD_DEF(uint32_t, rowsPerTile1);  // rows per tile of x1 (1 when its rows are chunked)
TILING_DATA_FIELD_DEF(uint32_t, colTile1);      // columns per tile of x1 (N1 when whole rows fit)
TILING_DATA_FIELD_DEF(uint32_t, chunks1);       // column chunks per row of x1
TILING_DATA_FIELD_DEF(uint32_t, rowsPerTile2);
TILING_DATA_FIELD_DEF(uint32_t, colTile2);
TILING_DATA_FIELD_DEF(uint32_t, chunks2);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Concat, ConcatTilingData)
}  // namespace optiling

#endif  // CONCAT_TILING_H
