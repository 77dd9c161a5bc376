#ifndef NMS_TILING_H
#define NMS_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(NmsTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint32_t, numBoxes);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Nms, NmsTilingData)
}  // namespace optiling

#endif  // NMS_TILING_H
