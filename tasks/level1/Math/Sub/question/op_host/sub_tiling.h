#ifndef SUB_TILING_H
#define SUB_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SubTilingData)
// Add the fields the kernel needs here, e.g.
// TILING_DATA_FIELD_DEF(uint64_t, totalLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Sub, SubTilingData)
}  // namespace optiling

#endif  // SUB_TILING_H
