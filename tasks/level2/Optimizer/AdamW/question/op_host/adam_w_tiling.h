#ifndef ADAM_W_TILING_H
#define ADAM_W_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AdamWTilingData)
// Add the fields the kernel needs (TILING_DATA_FIELD_DEF(type, name)).
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AdamW, AdamWTilingData)
}  // namespace optiling

#endif  // ADAM_W_TILING_H
