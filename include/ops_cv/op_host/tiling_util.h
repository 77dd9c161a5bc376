// hicann/ops-cv's common/inc/op_host/tiling_util.h: which SoC family the tiling runs for.
#pragma once

#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/tiling_context.h"
#include "exe_graph/runtime/tiling_parse_context.h"
#include "register/op_impl_registry.h"

namespace Ops {
namespace Cv {
namespace OpTiling {
// Whether the SoC has the register-based vector architecture (Ascend 950, the arch35 sources).
// None of the simulated platforms has (docs/platforms.md), so the Atlas A2/A3 path is taken.
inline bool IsRegbaseSocVersion(const gert::TilingParseContext*) { return false; }
inline bool IsRegbaseSocVersion(const gert::TilingContext*) { return false; }

// A scalar shape as the one-element shape {1} (kernels address at least one element); any other
// shape as itself.
inline const gert::Shape& EnsureNotScalar(const gert::Shape& inShape) {
    static const gert::Shape one = {1};
    return inShape.IsScalar() ? one : inShape;
}
}  // namespace OpTiling
}  // namespace Cv
}  // namespace Ops
