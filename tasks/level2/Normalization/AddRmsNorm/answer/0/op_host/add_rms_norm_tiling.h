#ifndef ADD_RMS_NORM_TILING_H
#define ADD_RMS_NORM_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AddRmsNormTilingData)
TILING_DATA_FIELD_DEF(uint32_t, cols);           // C, the normalized (last) dimension
TILING_DATA_FIELD_DEF(uint32_t, rowStride);      // C rounded up to a 32-byte block of x
TILING_DATA_FIELD_DEF(uint32_t, bigCoreRows);
TILING_DATA_FIELD_DEF(uint32_t, smallCoreRows);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);
TILING_DATA_FIELD_DEF(uint32_t, bufferNum);      // 2 (double buffering) unless a row is too long
TILING_DATA_FIELD_DEF(uint32_t, workElems);
TILING_DATA_FIELD_DEF(float, epsilon);
TILING_DATA_FIELD_DEF(float, invCols);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AddRmsNorm, AddRmsNormTilingData)
}  // namespace optiling

#endif  // ADD_RMS_NORM_TILING_H
