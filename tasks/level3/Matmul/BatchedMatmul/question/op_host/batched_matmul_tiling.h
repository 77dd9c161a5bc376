#ifndef BATCHED_MATMUL_TILING_H
#define BATCHED_MATMUL_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(BatchedMatmulTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint32_t, m);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(BatchedMatmul, BatchedMatmulTilingData)
}  // namespace optiling

#endif  // BATCHED_MATMUL_TILING_H
