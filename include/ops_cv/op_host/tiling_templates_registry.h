// The tiling-template registry as hicann/ops-cv's common/inc/op_host/tiling_templates_registry.h
// names it: optiling's (tiling/tiling_templates_registry.h) in namespace Ops::Cv::OpTiling.
#pragma once

#include "op_host/tiling_base.h"
#include "tiling/tiling_templates_registry.h"

namespace Ops {
namespace Cv {
namespace OpTiling {
using optiling::Register;
using optiling::TilingRegistry;
}  // namespace OpTiling
}  // namespace Cv
}  // namespace Ops

#ifndef REGISTER_OPS_TILING_TEMPLATE
#define REGISTER_OPS_TILING_TEMPLATE(op_type, class_name, priority) \
    REGISTER_TILING_TEMPLATE(#op_type, class_name, priority)
#endif
