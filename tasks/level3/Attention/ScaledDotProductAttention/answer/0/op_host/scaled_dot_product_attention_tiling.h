#ifndef SCALED_DOT_PRODUCT_ATTENTION_TILING_H
#define SCALED_DOT_PRODUCT_ATTENTION_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ScaledDotProductAttentionTilingData)
TILING_DATA_FIELD_DEF(uint32_t, heads);        // product of the leading axes (batch x heads)
TILING_DATA_FIELD_DEF(uint32_t, sq);           // query length
TILING_DATA_FIELD_DEF(uint32_t, sk);           // key / value length
TILING_DATA_FIELD_DEF(uint32_t, d);            // head dimension
TILING_DATA_FIELD_DEF(uint32_t, causal);       // 1: key j is visible to query i iff j <= i + sk - sq
TILING_DATA_FIELD_DEF(uint32_t, baseM);        // query rows per unit (multiple of 32: two vector halves)
TILING_DATA_FIELD_DEF(uint32_t, scoreN);       // key columns per score tile (Q K^T), multiple of 16
TILING_DATA_FIELD_DEF(uint32_t, pvK);          // keys per Mmad of P V, multiple of 16
TILING_DATA_FIELD_DEF(uint32_t, pvKL1);        // keys per L1 load of P V (multiple of pvK)
TILING_DATA_FIELD_DEF(uint32_t, rowStride);    // sk rounded up to 16: row stride of the workspace score / P rows
TILING_DATA_FIELD_DEF(uint32_t, qTiles);       // units per head
TILING_DATA_FIELD_DEF(uint32_t, coreNum);      // cube cores used (each with two vector cores)
TILING_DATA_FIELD_DEF(uint32_t, softmaxRows);  // rows per vector tile of the softmax
TILING_DATA_FIELD_DEF(float, scale);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ScaledDotProductAttention, ScaledDotProductAttentionTilingData)
}  // namespace optiling

#endif  // SCALED_DOT_PRODUCT_ATTENTION_TILING_H
