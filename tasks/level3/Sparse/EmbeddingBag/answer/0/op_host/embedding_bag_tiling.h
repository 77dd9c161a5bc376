#ifndef EMBEDDING_BAG_TILING_H
#define EMBEDDING_BAG_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(EmbeddingBagTilingData)
TILING_DATA_FIELD_DEF(uint64_t, numEmbeddings);   // V
TILING_DATA_FIELD_DEF(uint64_t, dim);             // D
TILING_DATA_FIELD_DEF(uint64_t, numIndices);      // L
TILING_DATA_FIELD_DEF(uint64_t, numBags);         // B
TILING_DATA_FIELD_DEF(uint32_t, colTile);         // columns per work item (a multiple of 16)
TILING_DATA_FIELD_DEF(uint32_t, colChunks);       // ceil(D / colTile)
TILING_DATA_FIELD_DEF(uint64_t, bigCoreItems);    // work items (bag x column chunk) per core
TILING_DATA_FIELD_DEF(uint64_t, smallCoreItems);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, isMean);          // 1: mode "mean", 0: mode "sum"
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(EmbeddingBag, EmbeddingBagTilingData)
}  // namespace optiling

#endif  // EMBEDDING_BAG_TILING_H
