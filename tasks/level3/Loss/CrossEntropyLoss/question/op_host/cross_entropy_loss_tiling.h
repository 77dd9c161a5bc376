#ifndef CROSS_ENTROPY_LOSS_TILING_H
#define CROSS_ENTROPY_LOSS_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(CrossEntropyLossTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint32_t, numClasses);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(CrossEntropyLoss, CrossEntropyLossTilingData)
}  // namespace optiling

#endif  // CROSS_ENTROPY_LOSS_TILING_H
