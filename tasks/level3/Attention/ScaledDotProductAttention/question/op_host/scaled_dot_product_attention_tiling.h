#ifndef SCALED_DOT_PRODUCT_ATTENTION_TILING_H
#define SCALED_DOT_PRODUCT_ATTENTION_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ScaledDotProductAttentionTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint32_t, sq);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ScaledDotProductAttention, ScaledDotProductAttentionTilingData)
}  // namespace optiling

#endif  // SCALED_DOT_PRODUCT_ATTENTION_TILING_H
