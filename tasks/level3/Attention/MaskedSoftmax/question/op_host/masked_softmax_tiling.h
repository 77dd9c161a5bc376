#ifndef MASKED_SOFTMAX_TILING_H
#define MASKED_SOFTMAX_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MaskedSoftmaxTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint32_t, cols);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MaskedSoftmax, MaskedSoftmaxTilingData)
}  // namespace optiling

#endif  // MASKED_SOFTMAX_TILING_H
