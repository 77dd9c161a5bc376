#ifndef CROSS_ENTROPY_LOSS_TILING_H
#define CROSS_ENTROPY_LOSS_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(CrossEntropyLossTilingData)
TILING_DATA_FIELD_DEF(uint64_t, numRows);        // N
TILING_DATA_FIELD_DEF(uint32_t, numClasses);     // C
TILING_DATA_FIELD_DEF(uint32_t, rowStride);      // C rounded up to 16 elements (UB row pitch)
TILING_DATA_FIELD_DEF(uint64_t, bigCoreRows);    // rows per core
TILING_DATA_FIELD_DEF(uint64_t, smallCoreRows);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);       // rows per tile (short rows) / per group (long rows)
TILING_DATA_FIELD_DEF(uint32_t, longRows);       // 1: rows do not fit in UB, processed in column chunks
TILING_DATA_FIELD_DEF(uint32_t, colTile);        // long rows: columns per chunk
TILING_DATA_FIELD_DEF(uint32_t, workElems);      // ReduceMax / ReduceSum work area (floats)
TILING_DATA_FIELD_DEF(int64_t, ignoreIndex);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(CrossEntropyLoss, CrossEntropyLossTilingData)
}  // namespace optiling

#endif  // CROSS_ENTROPY_LOSS_TILING_H
