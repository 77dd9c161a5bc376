#ifndef SIGMOID_TILING_H
#define SIGMOID_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SigmoidTilingData)
// Tiling fields go here, e.g. TILING_DATA_FIELD_DEF(uint64_t, totalLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Sigmoid, SigmoidTilingData)
}  // namespace optiling

#endif  // SIGMOID_TILING_H
