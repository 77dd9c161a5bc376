#ifndef SOFTSHRINK_TILING_H
#define SOFTSHRINK_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SoftshrinkTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);
TILING_DATA_FIELD_DEF(uint64_t, bigCoreLength);
TILING_DATA_FIELD_DEF(uint64_t, smallCoreLength);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);  // a multiple of one 256-byte repeat
TILING_DATA_FIELD_DEF(float, lambd);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Softshrink, SoftshrinkTilingData)
}  // namespace optiling

#endif  // SOFTSHRINK_TILING_H
