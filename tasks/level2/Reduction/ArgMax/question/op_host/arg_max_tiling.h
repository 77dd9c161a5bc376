#ifndef ARG_MAX_TILING_H
#define ARG_MAX_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ArgMaxTilingData)
// Add the fields the kernel needs (TILING_DATA_FIELD_DEF(type, name)).

END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ArgMax, ArgMaxTilingData)
}  // namespace optiling

#endif  // ARG_MAX_TILING_H
