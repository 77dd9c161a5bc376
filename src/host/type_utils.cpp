// ge::TypeUtils.
#include "graph/utils/type_utils.h"

#include <utility>

namespace ge {

namespace {

constexpr std::pair<DataType, const char*> kDataTypeNames[] = {
    {DT_FLOAT, "DT_FLOAT"},
    {DT_FLOAT16, "DT_FLOAT16"},
    {DT_INT8, "DT_INT8"},
    {DT_INT32, "DT_INT32"},
    {DT_UINT8, "DT_UINT8"},
    {DT_INT16, "DT_INT16"},
    {DT_UINT16, "DT_UINT16"},
    {DT_UINT32, "DT_UINT32"},
    {DT_INT64, "DT_INT64"},
    {DT_UINT64, "DT_UINT64"},
    {DT_DOUBLE, "DT_DOUBLE"},
    {DT_BOOL, "DT_BOOL"},
    {DT_STRING, "DT_STRING"},
    {DT_DUAL_SUB_INT8, "DT_DUAL_SUB_INT8"},
    {DT_DUAL_SUB_UINT8, "DT_DUAL_SUB_UINT8"},
    {DT_COMPLEX64, "DT_COMPLEX64"},
    {DT_COMPLEX128, "DT_COMPLEX128"},
    {DT_QINT8, "DT_QINT8"},
    {DT_QINT16, "DT_QINT16"},
    {DT_QINT32, "DT_QINT32"},
    {DT_QUINT8, "DT_QUINT8"},
    {DT_QUINT16, "DT_QUINT16"},
    {DT_RESOURCE, "DT_RESOURCE"},
    {DT_STRING_REF, "DT_STRING_REF"},
    {DT_DUAL, "DT_DUAL"},
    {DT_VARIANT, "DT_VARIANT"},
    {DT_BF16, "DT_BF16"},
    {DT_UNDEFINED, "DT_UNDEFINED"},
    {DT_INT4, "DT_INT4"},
    {DT_UINT1, "DT_UINT1"},
    {DT_INT2, "DT_INT2"},
    {DT_UINT2, "DT_UINT2"},
    {DT_COMPLEX32, "DT_COMPLEX32"},
    {DT_HIFLOAT8, "DT_HIFLOAT8"},
    {DT_FLOAT8_E5M2, "DT_FLOAT8_E5M2"},
    {DT_FLOAT8_E4M3FN, "DT_FLOAT8_E4M3FN"},
    {DT_FLOAT8_E8M0, "DT_FLOAT8_E8M0"},
    {DT_FLOAT6_E3M2, "DT_FLOAT6_E3M2"},
    {DT_FLOAT6_E2M3, "DT_FLOAT6_E2M3"},
    {DT_FLOAT4_E2M1, "DT_FLOAT4_E2M1"},
    {DT_FLOAT4_E1M2, "DT_FLOAT4_E1M2"},
};

constexpr std::pair<Format, const char*> kFormatNames[] = {
    {FORMAT_NCHW, "NCHW"},
    {FORMAT_NHWC, "NHWC"},
    {FORMAT_ND, "ND"},
    {FORMAT_NC1HWC0, "NC1HWC0"},
    {FORMAT_FRACTAL_Z, "FRACTAL_Z"},
    {FORMAT_NC1C0HWPAD, "NC1C0HWPAD"},
    {FORMAT_NHWC1C0, "NHWC1C0"},
    {FORMAT_FSR_NCHW, "FSR_NCHW"},
    {FORMAT_FRACTAL_DECONV, "FRACTAL_DECONV"},
    {FORMAT_C1HWNC0, "C1HWNC0"},
    {FORMAT_FRACTAL_DECONV_TRANSPOSE, "FRACTAL_DECONV_TRANSPOSE"},
    {FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS, "FRACTAL_DECONV_SP_STRIDE_TRANS"},
    {FORMAT_NC1HWC0_C04, "NC1HWC0_C04"},
    {FORMAT_FRACTAL_Z_C04, "FRACTAL_Z_C04"},
    {FORMAT_CHWN, "CHWN"},
    {FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS, "FRACTAL_DECONV_SP_STRIDE8_TRANS"},
    {FORMAT_HWCN, "HWCN"},
    {FORMAT_NC1KHKWHWC0, "NC1KHKWHWC0"},
    {FORMAT_BN_WEIGHT, "BN_WEIGHT"},
    {FORMAT_FILTER_HWCK, "FILTER_HWCK"},
    {FORMAT_HASHTABLE_LOOKUP_LOOKUPS, "HASHTABLE_LOOKUP_LOOKUPS"},
    {FORMAT_HASHTABLE_LOOKUP_KEYS, "HASHTABLE_LOOKUP_KEYS"},
    {FORMAT_HASHTABLE_LOOKUP_VALUE, "HASHTABLE_LOOKUP_VALUE"},
    {FORMAT_HASHTABLE_LOOKUP_OUTPUT, "HASHTABLE_LOOKUP_OUTPUT"},
    {FORMAT_HASHTABLE_LOOKUP_HITS, "HASHTABLE_LOOKUP_HITS"},
    {FORMAT_C1HWNCoC0, "C1HWNCoC0"},
    {FORMAT_MD, "MD"},
    {FORMAT_NDHWC, "NDHWC"},
    {FORMAT_FRACTAL_ZZ, "FRACTAL_ZZ"},
    {FORMAT_FRACTAL_NZ, "FRACTAL_NZ"},
    {FORMAT_NCDHW, "NCDHW"},
    {FORMAT_DHWCN, "DHWCN"},
    {FORMAT_NDC1HWC0, "NDC1HWC0"},
    {FORMAT_FRACTAL_Z_3D, "FRACTAL_Z_3D"},
    {FORMAT_CN, "CN"},
    {FORMAT_NC, "NC"},
    {FORMAT_DHWNC, "DHWNC"},
    {FORMAT_FRACTAL_Z_3D_TRANSPOSE, "FRACTAL_Z_3D_TRANSPOSE"},
    {FORMAT_FRACTAL_ZN_LSTM, "FRACTAL_ZN_LSTM"},
    {FORMAT_FRACTAL_Z_G, "FRACTAL_Z_G"},
    {FORMAT_RESERVED, "RESERVED"},
    {FORMAT_ALL, "ALL"},
    {FORMAT_NULL, "NULL"},
    {FORMAT_ND_RNN_BIAS, "ND_RNN_BIAS"},
    {FORMAT_FRACTAL_ZN_RNN, "FRACTAL_ZN_RNN"},
    {FORMAT_NYUV, "NYUV"},
    {FORMAT_NYUV_A, "NYUV_A"},
    {FORMAT_NCL, "NCL"},
};

}  // namespace

bool TypeUtils::GetDataTypeLength(DataType data_type, uint32_t& length) {
    const int size = GetSizeByDataType(data_type);
    if (size <= 0) return false;
    length = static_cast<uint32_t>(size);
    return true;
}

std::string TypeUtils::DataTypeToSerialString(DataType data_type) {
    for (const auto& entry : kDataTypeNames) {
        if (entry.first == data_type) return entry.second;
    }
    return "UNDEFINED";
}

DataType TypeUtils::SerialStringToDataType(const std::string& str) {
    for (const auto& entry : kDataTypeNames) {
        if (str == entry.second) return entry.first;
    }
    return DT_UNDEFINED;
}

AscendString TypeUtils::DataTypeToAscendString(const DataType& data_type) {
    return AscendString(DataTypeToSerialString(data_type).c_str());
}

std::string TypeUtils::FormatToSerialString(Format format) {
    for (const auto& entry : kFormatNames) {
        if (entry.first == format) return entry.second;
    }
    return "RESERVED";
}

Format TypeUtils::SerialStringToFormat(const std::string& str) {
    for (const auto& entry : kFormatNames) {
        if (str == entry.second) return entry.first;
    }
    return FORMAT_RESERVED;
}

AscendString TypeUtils::FormatToAscendString(const Format& format) {
    return AscendString(FormatToSerialString(format).c_str());
}

}  // namespace ge
