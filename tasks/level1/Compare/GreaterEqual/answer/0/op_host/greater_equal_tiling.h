#ifndef GREATER_EQUAL_TILING_H
#define GREATER_EQUAL_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(GreaterEqualTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);
TILING_DATA_FIELD_DEF(uint64_t, bigCoreLength);    // multiples of 32 elements
TILING_DATA_FIELD_DEF(uint64_t, smallCoreLength);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);       // a multiple of 128 elements
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(GreaterEqual, GreaterEqualTilingData)
}  // namespace optiling

#endif  // GREATER_EQUAL_TILING_H
