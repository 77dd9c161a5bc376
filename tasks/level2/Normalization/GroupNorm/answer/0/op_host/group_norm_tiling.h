#ifndef GROUP_NORM_TILING_H
#define GROUP_NORM_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(GroupNormTilingData)
TILING_DATA_FIELD_DEF(uint32_t, channels);       // C
TILING_DATA_FIELD_DEF(uint32_t, groupChannels);  // C / num_groups
TILING_DATA_FIELD_DEF(uint32_t, numGroups);
TILING_DATA_FIELD_DEF(uint32_t, spatial);        // HW: product of the dimensions after C (1 if none)
TILING_DATA_FIELD_DEF(uint32_t, tileRows);       // channels per tile
TILING_DATA_FIELD_DEF(uint32_t, chunkCols);      // spatial elements per tile row
TILING_DATA_FIELD_DEF(uint32_t, chunks);         // ceil(HW / chunkCols)
TILING_DATA_FIELD_DEF(uint32_t, rowStride);      // chunkCols rounded up to a 32-byte block of x
TILING_DATA_FIELD_DEF(uint32_t, bigCoreGroups);
TILING_DATA_FIELD_DEF(uint32_t, smallCoreGroups);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(float, epsilon);
TILING_DATA_FIELD_DEF(float, invGroupLen);       // 1 / (C / num_groups * HW)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(GroupNorm, GroupNormTilingData)
}  // namespace optiling

#endif  // GROUP_NORM_TILING_H
