// opdev's common types: op::Shape / DataType / Format / Strides and the aclnn handle types.
#pragma once

#include "aclnn/aclnn_base.h"

namespace op {
ge::AscendString ToString(DataType dataType);
ge::AscendString ToString(Format format);
ge::AscendString ToString(const Shape& shape);
// Row-major strides of `shape`, in elements.
void ToContiguousStrides(const Shape& shape, Strides& strides);
}  // namespace op
