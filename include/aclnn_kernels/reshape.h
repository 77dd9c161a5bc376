// Built-in L0 Reshape (host): the same elements under another shape (one -1 dimension is
// inferred).
#pragma once

#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* Reshape(const aclTensor* x, const op::Shape& shape, aclOpExecutor* executor);
const aclTensor* Reshape(const aclTensor* x, const aclIntArray* shape, aclOpExecutor* executor);
}  // namespace l0op
