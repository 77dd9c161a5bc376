#ifndef GROUP_NORM_TILING_H
#define GROUP_NORM_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(GroupNormTilingData)
// Add the fields the kernel needs (TILING_DATA_FIELD_DEF(type, name)).

END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(GroupNorm, GroupNormTilingData)
}  // namespace optiling

#endif  // GROUP_NORM_TILING_H
