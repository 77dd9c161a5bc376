#ifndef GEMV_TILING_H
#define GEMV_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(GemvTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rows);            // rows of A (all leading dimensions flattened)
TILING_DATA_FIELD_DEF(uint32_t, cols);            // K
TILING_DATA_FIELD_DEF(uint32_t, bigGroupRows);    // rows of each of the first bigGroupNum row groups
TILING_DATA_FIELD_DEF(uint32_t, smallGroupRows);  // rows of the other row groups
TILING_DATA_FIELD_DEF(uint32_t, bigGroupNum);
TILING_DATA_FIELD_DEF(uint32_t, kSplit);          // cores sharing one row group, each a segment of K
TILING_DATA_FIELD_DEF(uint32_t, kSegLen);         // columns per K segment (a multiple of 64)
TILING_DATA_FIELD_DEF(uint32_t, tileRows);        // rows per UB tile (<= 255: one repeat per row)
TILING_DATA_FIELD_DEF(uint32_t, chunkCols);       // columns per UB tile (a multiple of 64)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Gemv, GemvTilingData)
}  // namespace optiling

#endif  // GEMV_TILING_H
