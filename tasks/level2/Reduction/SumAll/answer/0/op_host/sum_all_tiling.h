#ifndef SUM_ALL_TILING_H
#define SUM_ALL_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SumAllTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);
TILING_DATA_FIELD_DEF(uint64_t, bigCoreLength);
TILING_DATA_FIELD_DEF(uint64_t, smallCoreLength);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SumAll, SumAllTilingData)
}  // namespace optiling

#endif  // SUM_ALL_TILING_H
