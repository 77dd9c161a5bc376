// AscendC::TensorShape and AscendC::TensorDataType: the names the high-level APIs' host tiling
// functions take shapes and dtypes by in current CANN (they are ge::Shape and ge::DataType), so
// tiling code written as `AscendC::TensorShape s({rows, cols}); GetSoftMaxMinTmpSize(s, ...)`
// compiles. Every adv_api tiling header includes this one.
#pragma once

#include "graph/tensor.h"
#include "graph/types.h"

namespace AscendC {
using TensorShape = ge::Shape;
using TensorDataType = ge::DataType;
}  // namespace AscendC
