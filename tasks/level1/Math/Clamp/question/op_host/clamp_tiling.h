#ifndef CLAMP_TILING_H
#define CLAMP_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ClampTilingData)
// Tiling fields go here, e.g. TILING_DATA_FIELD_DEF(uint64_t, totalLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Clamp, ClampTilingData)
}  // namespace optiling

#endif  // CLAMP_TILING_H
