#ifndef SWI_GLU_TILING_H
#define SWI_GLU_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SwiGluTilingData)
// Add the fields the kernel needs (TILING_DATA_FIELD_DEF(type, name)).
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SwiGlu, SwiGluTilingData)
}  // namespace optiling

#endif  // SWI_GLU_TILING_H
