#ifndef ONLINE_SOFTMAX_TILING_H
#define ONLINE_SOFTMAX_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(OnlineSoftmaxTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint32_t, cols);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(OnlineSoftmax, OnlineSoftmaxTilingData)
}  // namespace optiling

#endif  // ONLINE_SOFTMAX_TILING_H
