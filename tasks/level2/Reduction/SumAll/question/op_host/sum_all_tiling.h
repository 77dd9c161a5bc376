#ifndef SUM_ALL_TILING_H
#define SUM_ALL_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SumAllTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint32_t, totalLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SumAll, SumAllTilingData)
}  // namespace optiling

#endif  // SUM_ALL_TILING_H
