#ifndef SEGMENT_SUM_TILING_H
#define SEGMENT_SUM_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SegmentSumTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint64_t, rowLen);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SegmentSum, SegmentSumTilingData)
}  // namespace optiling

#endif  // SEGMENT_SUM_TILING_H
