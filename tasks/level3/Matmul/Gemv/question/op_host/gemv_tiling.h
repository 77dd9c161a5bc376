#ifndef GEMV_TILING_H
#define GEMV_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(GemvTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint32_t, rows);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Gemv, GemvTilingData)
}  // namespace optiling

#endif  // GEMV_TILING_H
