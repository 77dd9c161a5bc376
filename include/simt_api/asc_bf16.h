// bfloat16_t conversions of SIMT code (Ascend 950).
#pragma once

#include "simt_api/common_functions.h"

__aicore__ inline float __bfloat162float(bfloat16_t value) { return static_cast<float>(value); }
__aicore__ inline bfloat16_t __float2bfloat16(float value) { return bfloat16_t(value); }
