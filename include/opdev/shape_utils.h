// Shape helpers of the opdev layer.
#pragma once

#include "opdev/common_types.h"

namespace op {
void ToShapeVector(const Shape& shape, ShapeVector& out);
ShapeVector ToShapeVector(const Shape& shape);
void ToShape(const int64_t* dims, uint64_t dimNum, Shape& shape);
void ToShape(const ShapeVector& dims, Shape& shape);
Shape ToShape(const ShapeVector& dims);
// NumPy broadcasting of two shapes; false when they do not broadcast.
bool BroadcastInferShape(const Shape& a, const Shape& b, Shape& out);
bool CheckBroadcastShape(const Shape& a, const Shape& b);
}  // namespace op
