#ifndef GROUPED_MATMUL_TILING_H
#define GROUPED_MATMUL_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(GroupedMatmulTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint32_t, groups);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(GroupedMatmul, GroupedMatmulTilingData)
}  // namespace optiling

#endif  // GROUPED_MATMUL_TILING_H
