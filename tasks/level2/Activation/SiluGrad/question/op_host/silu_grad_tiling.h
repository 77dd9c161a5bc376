#ifndef SILU_GRAD_TILING_H
#define SILU_GRAD_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SiluGradTilingData)
// Add the fields the kernel needs (TILING_DATA_FIELD_DEF(type, name)).
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SiluGrad, SiluGradTilingData)
}  // namespace optiling

#endif  // SILU_GRAD_TILING_H
