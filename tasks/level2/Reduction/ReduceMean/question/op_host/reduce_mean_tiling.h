#ifndef REDUCE_MEAN_TILING_H
#define REDUCE_MEAN_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ReduceMeanTilingData)
// Add the fields the kernel needs (TILING_DATA_FIELD_DEF(type, name)).

END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ReduceMean, ReduceMeanTilingData)
}  // namespace optiling

#endif  // REDUCE_MEAN_TILING_H
