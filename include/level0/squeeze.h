// Built-in L0 SqueezeNd (host): drops the listed dimensions of size 1 (negative counts from the
// end; a listed dimension whose size is not 1 stays).
#pragma once

#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* SqueezeNd(const aclTensor* x, const aclIntArray* dim, aclOpExecutor* executor);
const aclTensor* SqueezeNd(const aclTensor* x, int64_t dim, aclOpExecutor* executor);
}  // namespace l0op
