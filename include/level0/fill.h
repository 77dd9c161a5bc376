// Built-in L0 Fill (host): a tensor of shape `outShape` (whose values `dims` also holds) with every
// element the value of the one-element tensor `value`, in `value`'s dtype.
#pragma once

#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* Fill(const aclTensor* dims, const aclTensor* value, const aclIntArray* outShape,
                      aclOpExecutor* executor);
}  // namespace l0op
