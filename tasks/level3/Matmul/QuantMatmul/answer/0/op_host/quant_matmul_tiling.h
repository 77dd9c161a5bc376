#ifndef QUANT_MATMUL_TILING_H
#define QUANT_MATMUL_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(QuantMatmulTilingData)
TILING_DATA_FIELD_DEF(uint32_t, m);
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF(uint32_t, k);
TILING_DATA_FIELD_DEF(uint32_t, baseM);     // output tile rows (multiple of 32: two vector halves of 16)
TILING_DATA_FIELD_DEF(uint32_t, baseN);     // output tile columns (multiple of 16)
TILING_DATA_FIELD_DEF(uint32_t, baseK);     // K per Mmad (multiple of 32): one L0A / L0B buffer
TILING_DATA_FIELD_DEF(uint32_t, kL1);       // K per L1 load (multiple of baseK)
TILING_DATA_FIELD_DEF(uint32_t, mTiles);
TILING_DATA_FIELD_DEF(uint32_t, nTiles);
TILING_DATA_FIELD_DEF(uint32_t, coreNum);   // cube cores used (each with its two vector cores)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(QuantMatmul, QuantMatmulTilingData)
}  // namespace optiling

#endif  // QUANT_MATMUL_TILING_H
