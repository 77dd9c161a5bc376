// Built-in L0 Cast (host): converts every element to `dstDtype` (round to nearest even for
// narrowing floats, truncation toward zero for float -> integer, as the device's Cast operator).
#pragma once

#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* Cast(const aclTensor* self, op::DataType dstDtype, aclOpExecutor* executor);
}  // namespace l0op
