#ifndef BIAS_ADD_TILING_H
#define BIAS_ADD_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(BiasAddTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rows);           // product of all dimensions but the last
TILING_DATA_FIELD_DEF(uint32_t, cols);           // C
TILING_DATA_FIELD_DEF(uint32_t, bigCoreRows);    // rows of each of the first bigCoreNum row groups
TILING_DATA_FIELD_DEF(uint32_t, smallCoreRows);  // rows of every other row group
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);       // rows per UB tile (at most 255 vector repeats)
TILING_DATA_FIELD_DEF(uint32_t, tileCols);       // columns per UB tile; the last column tile may be narrower
TILING_DATA_FIELD_DEF(uint32_t, colGroups);      // cores sharing one row range, each with its own column tiles
TILING_DATA_FIELD_DEF(uint32_t, bigGroupTiles);  // column tiles of each of the first bigGroupNum column groups
TILING_DATA_FIELD_DEF(uint32_t, smallGroupTiles);// column tiles of every other column group
TILING_DATA_FIELD_DEF(uint32_t, bigGroupNum);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(BiasAdd, BiasAddTilingData)
}  // namespace optiling

#endif  // BIAS_ADD_TILING_H
