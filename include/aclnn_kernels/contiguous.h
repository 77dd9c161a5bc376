// Built-in L0 operators of CANN's aclnn layer, computed on the host (libakg_opapi).
// Contiguous: a row-major copy of a strided view (the tensor itself when it already is one).
// ViewCopy: copies a contiguous tensor into the (possibly strided) view `y`; returns `y`.
#pragma once

#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* Contiguous(const aclTensor* x, aclOpExecutor* executor);
const aclTensor* ViewCopy(const aclTensor* x, const aclTensor* y, aclOpExecutor* executor);
}  // namespace l0op
