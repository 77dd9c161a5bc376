// Built-in L0 Transpose (host): output dimension i is input dimension perm[i].
#pragma once

#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* Transpose(const aclTensor* x, const aclIntArray* perm, aclOpExecutor* executor);
}  // namespace l0op
