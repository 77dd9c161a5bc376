// The tiling-template base class as hicann/ops-cv's common/inc/op_host/tiling_base.h names it:
// optiling's (tiling/tiling_base.h, docs/host-framework.md) in namespace Ops::Cv::OpTiling.
#pragma once

#include "log/log.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/tiling_base.h"

namespace Ops {
namespace Cv {
namespace OpTiling {
using optiling::AiCoreParams;
using optiling::TilingBaseClass;
}  // namespace OpTiling
}  // namespace Cv
}  // namespace Ops
