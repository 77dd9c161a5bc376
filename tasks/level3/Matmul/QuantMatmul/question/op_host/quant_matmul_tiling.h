#ifndef QUANT_MATMUL_TILING_H
#define QUANT_MATMUL_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(QuantMatmulTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint32_t, m);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(QuantMatmul, QuantMatmulTilingData)
}  // namespace optiling

#endif  // QUANT_MATMUL_TILING_H
