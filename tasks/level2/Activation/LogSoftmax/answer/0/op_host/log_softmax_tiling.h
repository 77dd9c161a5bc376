#ifndef LOG_SOFTMAX_TILING_H
#define LOG_SOFTMAX_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(LogSoftmaxTilingData)
TILING_DATA_FIELD_DEF(uint32_t, cols);           // C, the length of the last axis
TILING_DATA_FIELD_DEF(uint32_t, rowStride);      // C rounded up to a 32-byte block of x
TILING_DATA_FIELD_DEF(uint32_t, bigCoreRows);
TILING_DATA_FIELD_DEF(uint32_t, smallCoreRows);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);
TILING_DATA_FIELD_DEF(uint32_t, workElems);      // ReduceMax/ReduceSum work tensor (long rows)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(LogSoftmax, LogSoftmaxTilingData)
}  // namespace optiling

#endif  // LOG_SOFTMAX_TILING_H
