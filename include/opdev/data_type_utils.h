// dtype helpers of the opdev layer.
#pragma once

#include <initializer_list>

#include "opdev/common_types.h"

namespace op {
bool IsFloatingType(DataType dtype);
bool IsIntegralType(DataType dtype);
bool IsIntegralType(DataType dtype, bool includeBool);
bool IsComplexType(DataType dtype);
bool IsBasicType(DataType dtype);
bool IsNumberType(DataType dtype);
bool IsRealNumberType(DataType dtype);
DataType ToOpDataType(aclDataType type);
aclDataType ToAclDataType(DataType type);
// The dtype two operands promote to (PyTorch's promotion table); DT_UNDEFINED if none.
DataType PromoteType(DataType a, DataType b);
bool CanCast(DataType from, DataType to);
// Whether `dtype` is one of `list`.
inline bool CheckType(DataType dtype, const std::initializer_list<DataType>& list) {
    for (DataType d : list)
        if (d == dtype) return true;
    return false;
}
}  // namespace op
