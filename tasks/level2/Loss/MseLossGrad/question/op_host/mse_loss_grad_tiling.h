#ifndef MSE_LOSS_GRAD_TILING_H
#define MSE_LOSS_GRAD_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MseLossGradTilingData)
// Add the fields the kernel needs (TILING_DATA_FIELD_DEF(type, name)).
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MseLossGrad, MseLossGradTilingData)
}  // namespace optiling

#endif  // MSE_LOSS_GRAD_TILING_H
