// The tiling structs of the high-level libraries as a kernel sees them: at global scope, as CANN's
// kernel_tiling.h declares them. The operator's generated tiling header includes this first and
// skips every struct named here (AKG_LIB_TILING_<name>), checking only its layout.
#pragma once

#include "lib/akg_adv/rmsnorm_rules.h"
#include "lib/akg_adv/softmax_rules.h"
#include "lib/akg_adv/topk_rules.h"
#include "lib/matmul/tcube_tiling.h"

using AscendC::tiling::SoftMaxTiling;
#define AKG_LIB_TILING_SoftMaxTiling 1
using AscendC::tiling::TCubeTiling;
#define AKG_LIB_TILING_TCubeTiling 1
using AscendC::tiling::RmsNormTiling;
#define AKG_LIB_TILING_RmsNormTiling 1
using AscendC::tiling::TopkTiling;
#define AKG_LIB_TILING_TopkTiling 1
