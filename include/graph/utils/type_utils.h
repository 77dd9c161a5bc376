// ge::TypeUtils: conversions between GE data types / formats and their sizes and names.
#pragma once

#include <cstdint>
#include <string>

#include "graph/ascend_string.h"
#include "graph/types.h"

namespace ge {

class TypeUtils {
public:
    // Bytes per element; false for types without a whole-byte size (sub-byte, string).
    static bool GetDataTypeLength(DataType data_type, uint32_t& length);
    // "DT_FLOAT16", ...; "UNDEFINED" for values outside the enum.
    static std::string DataTypeToSerialString(DataType data_type);
    static DataType SerialStringToDataType(const std::string& str);
    static AscendString DataTypeToAscendString(const DataType& data_type);
    // "ND", "NCHW", "FRACTAL_NZ", ...; "RESERVED" for values outside the enum.
    static std::string FormatToSerialString(Format format);
    static Format SerialStringToFormat(const std::string& str);
    static AscendString FormatToAscendString(const Format& format);
};

}  // namespace ge
