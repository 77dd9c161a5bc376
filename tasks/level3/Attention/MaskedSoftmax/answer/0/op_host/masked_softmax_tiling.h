#ifndef MASKED_SOFTMAX_TILING_H
#define MASKED_SOFTMAX_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MaskedSoftmaxTilingData)
TILING_DATA_FIELD_DEF(uint32_t, cols);           // Sk
TILING_DATA_FIELD_DEF(uint32_t, rowStride);      // Sk rounded up to 32 elements: one UB row stride for all buffers
TILING_DATA_FIELD_DEF(uint32_t, bigCoreRows);
TILING_DATA_FIELD_DEF(uint32_t, smallCoreRows);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);
TILING_DATA_FIELD_DEF(uint32_t, tileCap);        // elements per tile buffer (tileRows * rowStride rounded to 128)
TILING_DATA_FIELD_DEF(uint32_t, workElems);      // floats of the ReduceMax/ReduceSum work area
TILING_DATA_FIELD_DEF(float, scale);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MaskedSoftmax, MaskedSoftmaxTilingData)
}  // namespace optiling

#endif  // MASKED_SOFTMAX_TILING_H
