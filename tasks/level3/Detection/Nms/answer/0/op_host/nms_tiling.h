#ifndef NMS_TILING_H
#define NMS_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(NmsTilingData)
TILING_DATA_FIELD_DEF(uint32_t, batch);          // B (1 for boxes [N, 4])
TILING_DATA_FIELD_DEF(uint32_t, numBoxes);       // N
TILING_DATA_FIELD_DEF(uint32_t, boxPitch);       // N rounded up to 64 (one 256-byte repeat of float)
TILING_DATA_FIELD_DEF(uint32_t, bigCoreBatches); // batches of each of the first bigCoreNum cores
TILING_DATA_FIELD_DEF(uint32_t, smallCoreBatches);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, workElems);      // floats of the ReduceMax (with index) work area
TILING_DATA_FIELD_DEF(float, iouThreshold);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Nms, NmsTilingData)
}  // namespace optiling

#endif  // NMS_TILING_H
