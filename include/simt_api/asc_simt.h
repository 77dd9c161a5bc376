// The SIMT API of Ascend 950 (__NPU_ARCH__ 3510): the programming model, math, conversions and
// atomics (docs/simt.md lists what is provided).
#pragma once

#include "simt_api/common_functions.h"
#include "simt_api/math_functions.h"
#include "simt_api/asc_fp16.h"
#include "simt_api/asc_bf16.h"
#include "simt_api/device_atomic_functions.h"
