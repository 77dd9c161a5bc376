// SIMT math (Ascend 950): the C math functions SIMT code calls (floorf, fminf, fmaf, ...; the
// device's are IEEE single precision like the host's) and AscendC::Simt's helpers.
#pragma once

#include <cmath>
#include <math.h>  // the global isinf / isnan / signbit SIMT code calls unqualified

#include "simt_api/common_functions.h"
#include "simt_api/cpp/kernel_simt_intf.h"
