#ifndef ROW_MAX_TILING_H
#define ROW_MAX_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(RowMaxTilingData)
TILING_DATA_FIELD_DEF(uint32_t, cols);           // C
TILING_DATA_FIELD_DEF(uint32_t, bigCoreRows);    // rows of each of the first bigCoreNum cores
TILING_DATA_FIELD_DEF(uint32_t, smallCoreRows);  // rows of every other core
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);       // rows whose results one output tile collects
TILING_DATA_FIELD_DEF(uint32_t, chunkCols);      // columns per input tile (C unless rows are chunked)
TILING_DATA_FIELD_DEF(uint32_t, chunkNum);       // input tiles per row (1 unless rows are chunked)
TILING_DATA_FIELD_DEF(uint32_t, inTileElems);    // elements of one input buffer
TILING_DATA_FIELD_DEF(uint32_t, workElems);      // elements of the ReduceMax work buffer
TILING_DATA_FIELD_DEF(uint32_t, splitNum);       // cores per row (key 3; 1 otherwise)
TILING_DATA_FIELD_DEF(uint32_t, splitCols);      // columns per core's segment of a row (key 3)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(RowMax, RowMaxTilingData)
}  // namespace optiling

#endif  // ROW_MAX_TILING_H
