// Umbrella header host tiling code includes for the tiling-data macros and platform queries.
#pragma once

// CANN's tiling libraries bring these in; host code uses std::find / std::cout relying on it.
#include <algorithm>
#include <iostream>

#include "register/tilingdata_base.h"
#include "securec.h"  // memcpy_s and friends, which host tiling code calls through CANN's headers
#include "tiling/platform/platform_ascendc.h"

// Temporary-space helpers of the high-level element-wise math and activation APIs.
#include "lib/math/tanh_tiling.h"
#include "lib/activation/sigmoid_tiling.h"
#include "lib/math/frac_tiling.h"
#include "lib/math/acos_tiling.h"
#include "lib/math/asin_tiling.h"
#include "lib/math/acosh_tiling.h"
#include "lib/math/asinh_tiling.h"
#include "lib/math/sin_tiling.h"
#include "lib/math/cos_tiling.h"
#include "lib/math/atan_tiling.h"
#include "lib/math/power_tiling.h"
#include "lib/math/log_tiling.h"
#include "lib/math/cosh_tiling.h"
#include "lib/math/clamp_tiling.h"
#include "lib/math/erf_tiling.h"
#include "lib/math/erfc_tiling.h"
#include "lib/math/round_tiling.h"
#include "lib/math/sinh_tiling.h"
#include "lib/activation/swiglu_tiling.h"
#include "lib/math/tan_tiling.h"
#include "lib/math/trunc_tiling.h"
#include "lib/activation/geglu_tiling.h"
#include "lib/math/lgamma_tiling.h"
#include "lib/math/digamma_tiling.h"
#include "lib/math/atanh_tiling.h"
#include "lib/math/xor_tiling.h"
#include "lib/math/sign_tiling.h"
#include "lib/math/exp_tiling.h"
#include "lib/math/axpy_tiling.h"
#include "lib/math/ceil_tiling.h"
#include "lib/math/floor_tiling.h"
#include "lib/activation/reglu_tiling.h"
#include "lib/math/fmod_tiling.h"
#include "lib/activation/silu_tiling.h"
#include "lib/activation/swish_tiling.h"
#include "lib/activation/gelu_tiling.h"
// Temporary-space helpers of Broadcast and Mean.
#include "lib/pad/broadcast_tiling.h"
#include "lib/reduce/mean_tiling.h"
#include "lib/activation/softmax_tiling.h"
#include "lib/reduce/sum_tiling.h"
#include "lib/reduce/reduce_tiling.h"
#include "lib/math/cumsum_tiling.h"
#include "lib/normalization/rmsnorm_tiling.h"
#include "lib/sort/topk_tiling.h"
#include "lib/select/selectwithbytesmask_tiling.h"
// The Matmul library's tiling (matmul_tiling::MatmulApiTiling / MultiCoreMatmulTiling, TCubeTiling).
#include "lib/matmul/matmul_tiling.h"
