// GE data types and formats shared by host operator code (values match CANN's numbering, which
// test scripts and pybind glue rely on, e.g. CastMath's dst_type attribute).
#pragma once

#include <cstdint>
#include <string>

// A kernel that includes kernel_operator.h first has basic_api/kernel_type.h's FORMAT_* macros
// (the same numbers): they are hidden while ge::Format is declared.
#if defined(AKG_KERNEL_TYPE_FORMAT_MACROS)
#pragma push_macro("FORMAT_NCHW")
#undef FORMAT_NCHW
#pragma push_macro("FORMAT_NHWC")
#undef FORMAT_NHWC
#pragma push_macro("FORMAT_ND")
#undef FORMAT_ND
#pragma push_macro("FORMAT_NC1HWC0")
#undef FORMAT_NC1HWC0
#pragma push_macro("FORMAT_FRACTAL_Z")
#undef FORMAT_FRACTAL_Z
#pragma push_macro("FORMAT_NC1C0HWPAD")
#undef FORMAT_NC1C0HWPAD
#pragma push_macro("FORMAT_NHWC1C0")
#undef FORMAT_NHWC1C0
#pragma push_macro("FORMAT_FSR_NCHW")
#undef FORMAT_FSR_NCHW
#pragma push_macro("FORMAT_FRACTAL_DECONV")
#undef FORMAT_FRACTAL_DECONV
#pragma push_macro("FORMAT_C1HWNC0")
#undef FORMAT_C1HWNC0
#pragma push_macro("FORMAT_FRACTAL_DECONV_TRANSPOSE")
#undef FORMAT_FRACTAL_DECONV_TRANSPOSE
#pragma push_macro("FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS")
#undef FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS
#pragma push_macro("FORMAT_NC1HWC0_C04")
#undef FORMAT_NC1HWC0_C04
#pragma push_macro("FORMAT_FRACTAL_Z_C04")
#undef FORMAT_FRACTAL_Z_C04
#pragma push_macro("FORMAT_CHWN")
#undef FORMAT_CHWN
#pragma push_macro("FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS")
#undef FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS
#pragma push_macro("FORMAT_HWCN")
#undef FORMAT_HWCN
#pragma push_macro("FORMAT_NC1KHKWHWC0")
#undef FORMAT_NC1KHKWHWC0
#pragma push_macro("FORMAT_BN_WEIGHT")
#undef FORMAT_BN_WEIGHT
#pragma push_macro("FORMAT_FILTER_HWCK")
#undef FORMAT_FILTER_HWCK
#pragma push_macro("FORMAT_HASHTABLE_LOOKUP_LOOKUPS")
#undef FORMAT_HASHTABLE_LOOKUP_LOOKUPS
#pragma push_macro("FORMAT_HASHTABLE_LOOKUP_KEYS")
#undef FORMAT_HASHTABLE_LOOKUP_KEYS
#pragma push_macro("FORMAT_HASHTABLE_LOOKUP_VALUE")
#undef FORMAT_HASHTABLE_LOOKUP_VALUE
#pragma push_macro("FORMAT_HASHTABLE_LOOKUP_OUTPUT")
#undef FORMAT_HASHTABLE_LOOKUP_OUTPUT
#pragma push_macro("FORMAT_HASHTABLE_LOOKUP_HITS")
#undef FORMAT_HASHTABLE_LOOKUP_HITS
#pragma push_macro("FORMAT_C1HWNCoC0")
#undef FORMAT_C1HWNCoC0
#pragma push_macro("FORMAT_MD")
#undef FORMAT_MD
#pragma push_macro("FORMAT_NDHWC")
#undef FORMAT_NDHWC
#pragma push_macro("FORMAT_FRACTAL_ZZ")
#undef FORMAT_FRACTAL_ZZ
#pragma push_macro("FORMAT_FRACTAL_NZ")
#undef FORMAT_FRACTAL_NZ
#pragma push_macro("FORMAT_NCDHW")
#undef FORMAT_NCDHW
#pragma push_macro("FORMAT_DHWCN")
#undef FORMAT_DHWCN
#pragma push_macro("FORMAT_NDC1HWC0")
#undef FORMAT_NDC1HWC0
#pragma push_macro("FORMAT_FRACTAL_Z_3D")
#undef FORMAT_FRACTAL_Z_3D
#pragma push_macro("FORMAT_CN")
#undef FORMAT_CN
#pragma push_macro("FORMAT_NC")
#undef FORMAT_NC
#pragma push_macro("FORMAT_DHWNC")
#undef FORMAT_DHWNC
#pragma push_macro("FORMAT_FRACTAL_Z_3D_TRANSPOSE")
#undef FORMAT_FRACTAL_Z_3D_TRANSPOSE
#pragma push_macro("FORMAT_FRACTAL_ZN_LSTM")
#undef FORMAT_FRACTAL_ZN_LSTM
#pragma push_macro("FORMAT_FRACTAL_Z_G")
#undef FORMAT_FRACTAL_Z_G
#pragma push_macro("FORMAT_RESERVED")
#undef FORMAT_RESERVED
#pragma push_macro("FORMAT_ALL")
#undef FORMAT_ALL
#pragma push_macro("FORMAT_NULL")
#undef FORMAT_NULL
#pragma push_macro("FORMAT_ND_RNN_BIAS")
#undef FORMAT_ND_RNN_BIAS
#pragma push_macro("FORMAT_FRACTAL_ZN_RNN")
#undef FORMAT_FRACTAL_ZN_RNN
#pragma push_macro("FORMAT_NYUV")
#undef FORMAT_NYUV
#pragma push_macro("FORMAT_NYUV_A")
#undef FORMAT_NYUV_A
#pragma push_macro("FORMAT_NCL")
#undef FORMAT_NCL
#pragma push_macro("FORMAT_MAX")
#undef FORMAT_MAX
#endif

namespace ge {

using char_t = char;
using float32_t = float;
using float64_t = double;
using graphStatus = uint32_t;
constexpr graphStatus GRAPH_SUCCESS = 0;
constexpr graphStatus GRAPH_FAILED = 0xFFFFFFFF;
constexpr graphStatus GRAPH_PARAM_INVALID = 50331649;
constexpr graphStatus GRAPH_NOT_CHANGED = 1343242304;
constexpr graphStatus GRAPH_NODE_WITHOUT_CONST_INPUT = 50331648;

// GE API status codes.
using Status = uint32_t;
constexpr Status SUCCESS = 0;
constexpr Status FAILED = 0xFFFFFFFF;

// Dimension value of an unknown dimension, and the single dimension of an unknown-rank shape.
constexpr int64_t UNKNOWN_DIM = -1;
constexpr int64_t UNKNOWN_DIM_NUM = -2;

enum DataType {
    DT_FLOAT = 0,
    DT_FLOAT16 = 1,
    DT_INT8 = 2,
    DT_INT32 = 3,
    DT_UINT8 = 4,
    DT_INT16 = 6,
    DT_UINT16 = 7,
    DT_UINT32 = 8,
    DT_INT64 = 9,
    DT_UINT64 = 10,
    DT_DOUBLE = 11,
    DT_BOOL = 12,
    DT_STRING = 13,
    DT_DUAL_SUB_INT8 = 14,
    DT_DUAL_SUB_UINT8 = 15,
    DT_COMPLEX64 = 16,
    DT_COMPLEX128 = 17,
    DT_QINT8 = 18,
    DT_QINT16 = 19,
    DT_QINT32 = 20,
    DT_QUINT8 = 21,
    DT_QUINT16 = 22,
    DT_RESOURCE = 23,
    DT_STRING_REF = 24,
    DT_DUAL = 25,
    DT_VARIANT = 26,
    DT_BF16 = 27,
    DT_UNDEFINED = 28,
    DT_INT4 = 29,
    DT_UINT1 = 30,
    DT_INT2 = 31,
    DT_UINT2 = 32,
    DT_COMPLEX32 = 33,
    DT_HIFLOAT8 = 34,
    DT_FLOAT8_E5M2 = 35,
    DT_FLOAT8_E4M3FN = 36,
    DT_FLOAT8_E8M0 = 37,
    DT_FLOAT6_E3M2 = 38,
    DT_FLOAT6_E2M3 = 39,
    DT_FLOAT4_E2M1 = 40,
    DT_FLOAT4_E1M2 = 41,
    DT_MAX
};

enum Format {
    FORMAT_NCHW = 0,
    FORMAT_NHWC = 1,
    FORMAT_ND = 2,
    FORMAT_NC1HWC0 = 3,
    FORMAT_FRACTAL_Z = 4,
    FORMAT_NC1C0HWPAD = 5,
    FORMAT_NHWC1C0 = 6,
    FORMAT_FSR_NCHW = 7,
    FORMAT_FRACTAL_DECONV = 8,
    FORMAT_C1HWNC0 = 9,
    FORMAT_FRACTAL_DECONV_TRANSPOSE = 10,
    FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS = 11,
    FORMAT_NC1HWC0_C04 = 12,
    FORMAT_FRACTAL_Z_C04 = 13,
    FORMAT_CHWN = 14,
    FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS = 15,
    FORMAT_HWCN = 16,
    FORMAT_NC1KHKWHWC0 = 17,
    FORMAT_BN_WEIGHT = 18,
    FORMAT_FILTER_HWCK = 19,
    FORMAT_HASHTABLE_LOOKUP_LOOKUPS = 20,
    FORMAT_HASHTABLE_LOOKUP_KEYS = 21,
    FORMAT_HASHTABLE_LOOKUP_VALUE = 22,
    FORMAT_HASHTABLE_LOOKUP_OUTPUT = 23,
    FORMAT_HASHTABLE_LOOKUP_HITS = 24,
    FORMAT_C1HWNCoC0 = 25,
    FORMAT_MD = 26,
    FORMAT_NDHWC = 27,
    FORMAT_FRACTAL_ZZ = 28,
    FORMAT_FRACTAL_NZ = 29,
    FORMAT_NCDHW = 30,
    FORMAT_DHWCN = 31,
    FORMAT_NDC1HWC0 = 32,
    FORMAT_FRACTAL_Z_3D = 33,
    FORMAT_CN = 34,
    FORMAT_NC = 35,
    FORMAT_DHWNC = 36,
    FORMAT_FRACTAL_Z_3D_TRANSPOSE = 37,
    FORMAT_FRACTAL_ZN_LSTM = 38,
    FORMAT_FRACTAL_Z_G = 39,
    FORMAT_RESERVED = 40,
    FORMAT_ALL = 41,
    FORMAT_NULL = 42,
    FORMAT_ND_RNN_BIAS = 43,
    FORMAT_FRACTAL_ZN_RNN = 44,
    FORMAT_NYUV = 45,
    FORMAT_NYUV_A = 46,
    FORMAT_NCL = 47,
    FORMAT_END,
    FORMAT_MAX = 0xff
};

// A format number packs the primary format in bits 0-7 and a sub-format (e.g. the group count of
// FRACTAL_Z) in bits 8-23; tiling code compares GetPrimaryFormat(desc->GetStorageFormat()) with
// FORMAT_NCHW and friends.
inline int32_t GetPrimaryFormat(int32_t format) { return static_cast<int32_t>(static_cast<uint32_t>(format) & 0xffu); }
inline int32_t GetSubFormat(int32_t format) {
    return static_cast<int32_t>((static_cast<uint32_t>(format) & 0xffff00u) >> 8);
}
inline bool HasSubFormat(int32_t format) { return GetSubFormat(format) > 0; }
inline int32_t GetFormatFromSub(int32_t primaryFormat, int32_t subFormat) {
    return static_cast<int32_t>((static_cast<uint32_t>(subFormat) << 8) | (static_cast<uint32_t>(primaryFormat) & 0xffu));
}

// Bytes per element; 0 for types without a fixed byte size (sub-byte, string).
inline int GetSizeByDataType(DataType t) {
    switch (t) {
        case DT_FLOAT:
        case DT_INT32:
        case DT_UINT32:
        case DT_QINT32:
        case DT_COMPLEX32: return 4;
        case DT_FLOAT16:
        case DT_BF16:
        case DT_INT16:
        case DT_UINT16:
        case DT_QINT16:
        case DT_QUINT16: return 2;
        case DT_INT8:
        case DT_UINT8:
        case DT_BOOL:
        case DT_QINT8:
        case DT_QUINT8:
        case DT_DUAL_SUB_INT8:
        case DT_DUAL_SUB_UINT8:
        case DT_HIFLOAT8:
        case DT_FLOAT8_E5M2:
        case DT_FLOAT8_E4M3FN:
        case DT_FLOAT8_E8M0: return 1;
        case DT_INT64:
        case DT_UINT64:
        case DT_DOUBLE:
        case DT_COMPLEX64: return 8;
        case DT_COMPLEX128: return 16;
        default: return 0;
    }
}

}  // namespace ge
#if defined(AKG_KERNEL_TYPE_FORMAT_MACROS)
#pragma pop_macro("FORMAT_NCHW")
#pragma pop_macro("FORMAT_NHWC")
#pragma pop_macro("FORMAT_ND")
#pragma pop_macro("FORMAT_NC1HWC0")
#pragma pop_macro("FORMAT_FRACTAL_Z")
#pragma pop_macro("FORMAT_NC1C0HWPAD")
#pragma pop_macro("FORMAT_NHWC1C0")
#pragma pop_macro("FORMAT_FSR_NCHW")
#pragma pop_macro("FORMAT_FRACTAL_DECONV")
#pragma pop_macro("FORMAT_C1HWNC0")
#pragma pop_macro("FORMAT_FRACTAL_DECONV_TRANSPOSE")
#pragma pop_macro("FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS")
#pragma pop_macro("FORMAT_NC1HWC0_C04")
#pragma pop_macro("FORMAT_FRACTAL_Z_C04")
#pragma pop_macro("FORMAT_CHWN")
#pragma pop_macro("FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS")
#pragma pop_macro("FORMAT_HWCN")
#pragma pop_macro("FORMAT_NC1KHKWHWC0")
#pragma pop_macro("FORMAT_BN_WEIGHT")
#pragma pop_macro("FORMAT_FILTER_HWCK")
#pragma pop_macro("FORMAT_HASHTABLE_LOOKUP_LOOKUPS")
#pragma pop_macro("FORMAT_HASHTABLE_LOOKUP_KEYS")
#pragma pop_macro("FORMAT_HASHTABLE_LOOKUP_VALUE")
#pragma pop_macro("FORMAT_HASHTABLE_LOOKUP_OUTPUT")
#pragma pop_macro("FORMAT_HASHTABLE_LOOKUP_HITS")
#pragma pop_macro("FORMAT_C1HWNCoC0")
#pragma pop_macro("FORMAT_MD")
#pragma pop_macro("FORMAT_NDHWC")
#pragma pop_macro("FORMAT_FRACTAL_ZZ")
#pragma pop_macro("FORMAT_FRACTAL_NZ")
#pragma pop_macro("FORMAT_NCDHW")
#pragma pop_macro("FORMAT_DHWCN")
#pragma pop_macro("FORMAT_NDC1HWC0")
#pragma pop_macro("FORMAT_FRACTAL_Z_3D")
#pragma pop_macro("FORMAT_CN")
#pragma pop_macro("FORMAT_NC")
#pragma pop_macro("FORMAT_DHWNC")
#pragma pop_macro("FORMAT_FRACTAL_Z_3D_TRANSPOSE")
#pragma pop_macro("FORMAT_FRACTAL_ZN_LSTM")
#pragma pop_macro("FORMAT_FRACTAL_Z_G")
#pragma pop_macro("FORMAT_RESERVED")
#pragma pop_macro("FORMAT_ALL")
#pragma pop_macro("FORMAT_NULL")
#pragma pop_macro("FORMAT_ND_RNN_BIAS")
#pragma pop_macro("FORMAT_FRACTAL_ZN_RNN")
#pragma pop_macro("FORMAT_NYUV")
#pragma pop_macro("FORMAT_NYUV_A")
#pragma pop_macro("FORMAT_NCL")
#pragma pop_macro("FORMAT_MAX")
#endif

