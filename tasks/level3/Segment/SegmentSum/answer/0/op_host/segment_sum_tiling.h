#ifndef SEGMENT_SUM_TILING_H
#define SEGMENT_SUM_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SegmentSumTilingData)
TILING_DATA_FIELD_DEF(uint64_t, outLength);       // S * D elements of out
TILING_DATA_FIELD_DEF(uint64_t, bigZeroLength);   // phase 1 (out = 0): elements per core
TILING_DATA_FIELD_DEF(uint64_t, smallZeroLength);
TILING_DATA_FIELD_DEF(uint32_t, bigZeroNum);
TILING_DATA_FIELD_DEF(uint32_t, zeroTile);        // elements of the zero tile
TILING_DATA_FIELD_DEF(uint64_t, numRows);         // N
TILING_DATA_FIELD_DEF(uint64_t, rowLen);          // D
TILING_DATA_FIELD_DEF(uint64_t, bigCoreRows);     // phase 2: data rows per core
TILING_DATA_FIELD_DEF(uint64_t, smallCoreRows);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, rowsPerTile);     // data rows per phase-2 tile
TILING_DATA_FIELD_DEF(uint32_t, colTile);         // columns per tile (= D unless rows are long)
TILING_DATA_FIELD_DEF(uint32_t, pitch);           // UB row pitch in elements (multiple of 16)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SegmentSum, SegmentSumTilingData)
}  // namespace optiling

#endif  // SEGMENT_SUM_TILING_H
