#ifndef CUMSUM_TILING_H
#define CUMSUM_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(CumsumTilingData)
TILING_DATA_FIELD_DEF(uint32_t, cols);           // C, the scanned (last) dimension
TILING_DATA_FIELD_DEF(uint32_t, chunkCols);      // columns per tile (C when C <= 64)
TILING_DATA_FIELD_DEF(uint32_t, chunks);         // ceil(C / chunkCols)
TILING_DATA_FIELD_DEF(uint32_t, rowStride);      // chunkCols rounded up to a 32-byte block of x
TILING_DATA_FIELD_DEF(uint32_t, tileRows);       // rows per tile, a multiple of 8
TILING_DATA_FIELD_DEF(uint32_t, bigCoreRows);
TILING_DATA_FIELD_DEF(uint32_t, smallCoreRows);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, segs);           // segments per row (> 1: long rows split across cores)
TILING_DATA_FIELD_DEF(uint32_t, segLen);         // columns per segment, a multiple of chunkCols
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Cumsum, CumsumTilingData)
}  // namespace optiling

#endif  // CUMSUM_TILING_H
