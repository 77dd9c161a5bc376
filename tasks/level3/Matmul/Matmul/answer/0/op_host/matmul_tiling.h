#ifndef MATMUL_TILING_H
#define MATMUL_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MatmulTilingData)
TILING_DATA_FIELD_DEF(uint32_t, m);
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF(uint32_t, k);
TILING_DATA_FIELD_DEF(uint32_t, baseM);   // output tile rows (multiple of 16): one L0C buffer
TILING_DATA_FIELD_DEF(uint32_t, baseN);   // output tile columns (multiple of 16)
TILING_DATA_FIELD_DEF(uint32_t, baseK);   // K per Mmad (multiple of 16): one L0A / L0B buffer
TILING_DATA_FIELD_DEF(uint32_t, kL1);     // K per L1 load (multiple of baseK)
TILING_DATA_FIELD_DEF(uint32_t, mTiles);
TILING_DATA_FIELD_DEF(uint32_t, nTiles);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Matmul, MatmulTilingData)
}  // namespace optiling

#endif  // MATMUL_TILING_H
