#ifndef LAYER_NORM_TILING_H
#define LAYER_NORM_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(LayerNormTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint32_t, totalLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(LayerNorm, LayerNormTilingData)
}  // namespace optiling

#endif  // LAYER_NORM_TILING_H
