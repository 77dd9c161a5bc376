#ifndef SAXPY_TILING_H
#define SAXPY_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SaxpyTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint32_t, totalLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Saxpy, SaxpyTilingData)
}  // namespace optiling

#endif  // SAXPY_TILING_H
