#ifndef TOP_K_TILING_H
#define TOP_K_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(TopKTilingData)
TILING_DATA_FIELD_DEF(uint32_t, cols);           // n, the length of the last axis
TILING_DATA_FIELD_DEF(uint32_t, k);
TILING_DATA_FIELD_DEF(uint32_t, colPitch);       // n rounded up to a 32-byte block of x (UB row pitch)
TILING_DATA_FIELD_DEF(uint32_t, valPitch);       // k rounded up to a 32-byte block of values
TILING_DATA_FIELD_DEF(uint32_t, idxPitch);       // k rounded up to a 32-byte block of int64
TILING_DATA_FIELD_DEF(uint32_t, bigCoreRows);
TILING_DATA_FIELD_DEF(uint32_t, smallCoreRows);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);
TILING_DATA_FIELD_DEF(uint32_t, workElems);      // floats of the ReduceMax (with index) work area
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(TopK, TopKTilingData)
}  // namespace optiling

#endif  // TOP_K_TILING_H
