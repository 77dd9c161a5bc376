#ifndef SQRT_MATH_TILING_H
#define SQRT_MATH_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SqrtMathTilingData)
// Add the fields the kernel needs here, e.g.
// TILING_DATA_FIELD_DEF(uint64_t, totalLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SqrtMath, SqrtMathTilingData)
}  // namespace optiling

#endif  // SQRT_MATH_TILING_H
