#ifndef SCATTER_ADD_TILING_H
#define SCATTER_ADD_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ScatterAddTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint32_t, rowLen);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ScatterAdd, ScatterAddTilingData)
}  // namespace optiling

#endif  // SCATTER_ADD_TILING_H
