#ifndef SILU_TILING_H
#define SILU_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SiluTilingData)
// Tiling fields go here, e.g. TILING_DATA_FIELD_DEF(uint64_t, totalLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Silu, SiluTilingData)
}  // namespace optiling

#endif  // SILU_TILING_H
