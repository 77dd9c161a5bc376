#ifndef MATMUL_BIAS_TILING_H
#define MATMUL_BIAS_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MatmulBiasTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint32_t, m);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MatmulBias, MatmulBiasTilingData)
}  // namespace optiling

#endif  // MATMUL_BIAS_TILING_H
