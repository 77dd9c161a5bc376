#ifndef TRANSPOSE2D_TILING_H
#define TRANSPOSE2D_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(Transpose2dTilingData)
// Add the fields the kernel needs (TILING_DATA_FIELD_DEF(type, name)).
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Transpose2d, Transpose2dTilingData)
}  // namespace optiling

#endif  // TRANSPOSE2D_TILING_H
