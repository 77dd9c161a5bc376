// aclDataType, as CANN's acl/acl_base.h declares it: the aclnn layer and the pybind shim both
// name tensor dtypes by it (the same numbering as ge::DataType). And aclFloat16, the host's
// 16-bit IEEE half, with its conversions (src/sim/acl_runtime.cpp), which the official samples'
// data_utils.h print half data with.
#pragma once

#include <cstdint>

typedef uint16_t aclFloat16;
float aclFloat16ToFloat(aclFloat16 value);
aclFloat16 aclFloatToFloat16(float value);

enum aclDataType {
    ACL_DT_UNDEFINED = -1,
    ACL_FLOAT = 0,
    ACL_FLOAT16 = 1,
    ACL_INT8 = 2,
    ACL_INT32 = 3,
    ACL_UINT8 = 4,
    ACL_INT16 = 6,
    ACL_UINT16 = 7,
    ACL_UINT32 = 8,
    ACL_INT64 = 9,
    ACL_UINT64 = 10,
    ACL_DOUBLE = 11,
    ACL_BOOL = 12,
    ACL_STRING = 13,
    ACL_COMPLEX64 = 16,
    ACL_COMPLEX128 = 17,
    ACL_BF16 = 27,
    ACL_COMPLEX32 = 33,
};
