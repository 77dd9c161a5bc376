// half conversions of SIMT code (Ascend 950).
#pragma once

#include "simt_api/common_functions.h"

__aicore__ inline float __half2float(half value) { return static_cast<float>(value); }
// Round to nearest even, as the half type's conversion does.
__aicore__ inline half __float2half(float value) { return static_cast<half>(value); }
