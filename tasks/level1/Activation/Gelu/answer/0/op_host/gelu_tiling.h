#ifndef GELU_TILING_H
#define GELU_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(GeluTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);       // elements in x (and y)
TILING_DATA_FIELD_DEF(uint64_t, formerCoreLength);  // elements of each of the first formerCoreNum cores
TILING_DATA_FIELD_DEF(uint64_t, latterCoreLength);  // elements of each remaining core (one 32-byte block less)
TILING_DATA_FIELD_DEF(uint32_t, formerCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);        // elements per UB tile, a multiple of 128
TILING_DATA_FIELD_DEF(uint32_t, tmpBufferSize);     // bytes of the Erf API's shared temporary buffer
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Gelu, GeluTilingData)
}  // namespace optiling

#endif  // GELU_TILING_H
