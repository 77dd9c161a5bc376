#ifndef LOGICAL_AND_TILING_H
#define LOGICAL_AND_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(LogicalAndTilingData)
// Tiling fields go here, e.g. TILING_DATA_FIELD_DEF(uint64_t, totalLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(LogicalAnd, LogicalAndTilingData)
}  // namespace optiling

#endif  // LOGICAL_AND_TILING_H
