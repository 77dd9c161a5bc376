// A host-side tensor: shape, GE data type and raw little-endian bytes. The currency between
// golden files, the runner and the comparison.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "graph/types.h"

namespace akg {

struct Tensor {
    std::vector<int64_t> shape;
    ge::DataType dtype = ge::DT_FLOAT;
    std::vector<uint8_t> bytes;

    static Tensor Zeros(std::vector<int64_t> shape, ge::DataType dtype);
    int64_t Numel() const;
    size_t ElemSize() const;
    // Element i as double (bool/int/float/half/bfloat16; complex types give the real part).
    double At(int64_t i) const;
    void Set(int64_t i, double v);
};

// One element at `p` as double / from double, with the conversions of Tensor::At / Tensor::Set.
double ReadElement(ge::DataType dtype, const uint8_t* p);
void WriteElement(ge::DataType dtype, uint8_t* p, double v);

// Element size in bytes, or 0 for types the runtime does not hold in tensors.
size_t DTypeBytes(ge::DataType t);
// "float16", "bfloat16", "float32", "int64", ... (PyTorch's names); the reverse returns false on
// an unknown name.
std::string DTypeName(ge::DataType t);
bool ParseDType(const std::string& name, ge::DataType* out);
// The C++ element type a kernel sees for a GE type (DTYPE_<NAME> macros), empty if none.
std::string DTypeCppName(ge::DataType t);

std::string ShapeString(const std::vector<int64_t>& shape);

}  // namespace akg
