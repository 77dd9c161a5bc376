#ifndef BROADCAST_MUL_TILING_H
#define BROADCAST_MUL_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(BroadcastMulTilingData)
TILING_DATA_FIELD_DEF(uint32_t, mode);          // 0: y is [N] (row broadcast), 1: y is [R, 1]
TILING_DATA_FIELD_DEF(uint32_t, rows);          // R
TILING_DATA_FIELD_DEF(uint32_t, cols);          // N
TILING_DATA_FIELD_DEF(uint32_t, colChunk);      // columns per tile (N when a row fits)
TILING_DATA_FIELD_DEF(uint32_t, chunksPerRow);  // ceil(N / colChunk)
TILING_DATA_FIELD_DEF(uint32_t, tileRows);      // rows per tile when chunksPerRow == 1
TILING_DATA_FIELD_DEF(uint64_t, bigCoreUnits);  // work units (a row, or a row chunk) per core
TILING_DATA_FIELD_DEF(uint64_t, smallCoreUnits);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(BroadcastMul, BroadcastMulTilingData)
}  // namespace optiling

#endif  // BROADCAST_MUL_TILING_H
