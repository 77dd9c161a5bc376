#ifndef MATMUL_BIAS_TILING_H
#define MATMUL_BIAS_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MatmulBiasTilingData)
TILING_DATA_FIELD_DEF(uint32_t, m);
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF(uint32_t, k);
TILING_DATA_FIELD_DEF(uint32_t, baseM);   // output tile rows (multiple of 16): one L0C buffer
TILING_DATA_FIELD_DEF(uint32_t, baseN);   // output tile columns (multiple of 16), at most the bias table
TILING_DATA_FIELD_DEF(uint32_t, baseK);   // K per Mmad (multiple of 32 bytes of the type): one L0A / L0B buffer
TILING_DATA_FIELD_DEF(uint32_t, kL1);     // K per L1 load (multiple of baseK)
TILING_DATA_FIELD_DEF(uint32_t, mTiles);
TILING_DATA_FIELD_DEF(uint32_t, nTiles);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MatmulBias, MatmulBiasTilingData)
}  // namespace optiling

#endif  // MATMUL_BIAS_TILING_H
