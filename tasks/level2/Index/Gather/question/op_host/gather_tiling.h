#ifndef GATHER_TILING_H
#define GATHER_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(GatherTilingData)
// Add the fields the kernel needs (TILING_DATA_FIELD_DEF(type, name)).
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Gather, GatherTilingData)
}  // namespace optiling

#endif  // GATHER_TILING_H
