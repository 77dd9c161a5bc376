#ifndef RSQRT_TILING_H
#define RSQRT_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(RsqrtTilingData)
// Add the fields the kernel needs here, e.g.
// TILING_DATA_FIELD_DEF(uint64_t, totalLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Rsqrt, RsqrtTilingData)
}  // namespace optiling

#endif  // RSQRT_TILING_H
