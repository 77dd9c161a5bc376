#ifndef BROADCAST_MUL_TILING_H
#define BROADCAST_MUL_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(BroadcastMulTilingData)
// Add the fields the kernel needs (TILING_DATA_FIELD_DEF(type, name)).
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(BroadcastMul, BroadcastMulTilingData)
}  // namespace optiling

#endif  // BROADCAST_MUL_TILING_H
