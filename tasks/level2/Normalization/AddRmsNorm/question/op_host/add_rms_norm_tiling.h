#ifndef ADD_RMS_NORM_TILING_H
#define ADD_RMS_NORM_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AddRmsNormTilingData)
// Add the fields the kernel needs (TILING_DATA_FIELD_DEF(type, name)).

END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AddRmsNorm, AddRmsNormTilingData)
}  // namespace optiling

#endif  // ADD_RMS_NORM_TILING_H
