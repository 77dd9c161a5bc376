#ifndef SORT_TILING_H
#define SORT_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SortTilingData)
TILING_DATA_FIELD_DEF(uint64_t, bigCoreRows);   // rows per core (the first bigCoreNum cores take one more)
TILING_DATA_FIELD_DEF(uint64_t, smallCoreRows);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, cols);          // C, the sorted axis
TILING_DATA_FIELD_DEF(uint32_t, padCols);       // P, power of two >= max(C, 64): the network width
TILING_DATA_FIELD_DEF(uint32_t, tileRows);      // rows sorted together in one tile
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Sort, SortTilingData)
}  // namespace optiling

#endif  // SORT_TILING_H
