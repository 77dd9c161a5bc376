#ifndef CUMSUM_TILING_H
#define CUMSUM_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(CumsumTilingData)
// Add the fields the kernel needs (TILING_DATA_FIELD_DEF(type, name)).

END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Cumsum, CumsumTilingData)
}  // namespace optiling

#endif  // CUMSUM_TILING_H
