#ifndef TOP_K_TILING_H
#define TOP_K_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(TopKTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint32_t, cols);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(TopK, TopKTilingData)
}  // namespace optiling

#endif  // TOP_K_TILING_H
