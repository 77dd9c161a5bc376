// View helpers: whether a tensor's view is its storage laid out row-major.
#pragma once

#include "opdev/common_types.h"

namespace op {
bool IsContiguous(const aclTensor* tensor);
}  // namespace op
