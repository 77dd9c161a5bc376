#ifndef EMBEDDING_BAG_TILING_H
#define EMBEDDING_BAG_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(EmbeddingBagTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint64_t, dim);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(EmbeddingBag, EmbeddingBagTilingData)
}  // namespace optiling

#endif  // EMBEDDING_BAG_TILING_H
