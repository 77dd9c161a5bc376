#ifndef LOG_SOFTMAX_TILING_H
#define LOG_SOFTMAX_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(LogSoftmaxTilingData)
// Add the fields the kernel needs (TILING_DATA_FIELD_DEF(type, name)).

END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(LogSoftmax, LogSoftmaxTilingData)
}  // namespace optiling

#endif  // LOG_SOFTMAX_TILING_H
