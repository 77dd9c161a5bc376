// Built-in L0 UnsqueezeNd (host): inserts dimensions of size 1 at the listed positions of the
// result (negative counts from the end of the result).
#pragma once

#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* UnsqueezeNd(const aclTensor* x, const aclIntArray* dim, aclOpExecutor* executor);
const aclTensor* UnsqueezeNd(const aclTensor* x, int64_t dim, aclOpExecutor* executor);
}  // namespace l0op
