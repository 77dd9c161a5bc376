#include "common/tensor.h"

#include <cstring>
#include <map>

#include "akg/lang/device_lang.h"

namespace akg {

size_t DTypeBytes(ge::DataType t) { return size_t(ge::GetSizeByDataType(t)); }

Tensor Tensor::Zeros(std::vector<int64_t> shape, ge::DataType dtype) {
    Tensor t;
    t.shape = std::move(shape);
    t.dtype = dtype;
    t.bytes.assign(size_t(t.Numel()) * t.ElemSize(), 0);
    return t;
}

int64_t Tensor::Numel() const {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
}

size_t Tensor::ElemSize() const { return DTypeBytes(dtype); }

namespace {
template <typename T>
T Get(const uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
template <typename T>
void Put(uint8_t* p, T v) {
    std::memcpy(p, &v, sizeof v);
}
}  // namespace

double Tensor::At(int64_t i) const { return ReadElement(dtype, bytes.data() + size_t(i) * ElemSize()); }

void Tensor::Set(int64_t i, double v) { WriteElement(dtype, bytes.data() + size_t(i) * ElemSize(), v); }

double ReadElement(ge::DataType dtype, const uint8_t* p) {
    switch (dtype) {
        case ge::DT_FLOAT: return Get<float>(p);
        case ge::DT_FLOAT16: return double(Get<_Float16>(p));
        case ge::DT_BF16: return double(float(Get<bfloat16_t>(p)));
        case ge::DT_DOUBLE: return Get<double>(p);
        case ge::DT_INT8: return Get<int8_t>(p);
        case ge::DT_UINT8: return Get<uint8_t>(p);
        case ge::DT_BOOL: return Get<uint8_t>(p) != 0;
        case ge::DT_INT16: return Get<int16_t>(p);
        case ge::DT_UINT16: return Get<uint16_t>(p);
        case ge::DT_INT32: return Get<int32_t>(p);
        case ge::DT_UINT32: return Get<uint32_t>(p);
        case ge::DT_INT64: return double(Get<int64_t>(p));
        case ge::DT_UINT64: return double(Get<uint64_t>(p));
        case ge::DT_COMPLEX64: return Get<float>(p);
        default: return 0;
    }
}

void WriteElement(ge::DataType dtype, uint8_t* p, double v) {
    switch (dtype) {
        case ge::DT_FLOAT: Put<float>(p, float(v)); break;
        case ge::DT_FLOAT16: Put<_Float16>(p, _Float16(v)); break;
        case ge::DT_BF16: Put<bfloat16_t>(p, bfloat16_t(float(v))); break;
        case ge::DT_DOUBLE: Put<double>(p, v); break;
        case ge::DT_INT8: Put<int8_t>(p, int8_t(v)); break;
        case ge::DT_UINT8: Put<uint8_t>(p, uint8_t(v)); break;
        case ge::DT_BOOL: Put<uint8_t>(p, v != 0); break;
        case ge::DT_INT16: Put<int16_t>(p, int16_t(v)); break;
        case ge::DT_UINT16: Put<uint16_t>(p, uint16_t(v)); break;
        case ge::DT_INT32: Put<int32_t>(p, int32_t(v)); break;
        case ge::DT_UINT32: Put<uint32_t>(p, uint32_t(v)); break;
        case ge::DT_INT64: Put<int64_t>(p, int64_t(v)); break;
        case ge::DT_UINT64: Put<uint64_t>(p, uint64_t(v)); break;
        default: break;
    }
}

namespace {
struct DTypeNames {
    ge::DataType type;
    const char* torch;
    const char* cpp;
};
const DTypeNames kNames[] = {
    {ge::DT_FLOAT, "float32", "float"},       {ge::DT_FLOAT16, "float16", "half"},
    {ge::DT_BF16, "bfloat16", "bfloat16_t"},  {ge::DT_DOUBLE, "float64", "double"},
    {ge::DT_INT8, "int8", "int8_t"},          {ge::DT_UINT8, "uint8", "uint8_t"},
    {ge::DT_INT16, "int16", "int16_t"},       {ge::DT_UINT16, "uint16", "uint16_t"},
    {ge::DT_INT32, "int32", "int32_t"},       {ge::DT_UINT32, "uint32", "uint32_t"},
    {ge::DT_INT64, "int64", "int64_t"},       {ge::DT_UINT64, "uint64", "uint64_t"},
    {ge::DT_BOOL, "bool", "bool"},            {ge::DT_COMPLEX64, "complex64", "complex64"},
    // A kernel parameter's element type only (quantised weights' offsets): torch has no int4.
    {ge::DT_INT4, "int4", "int4b_t"},
};
}  // namespace

std::string DTypeName(ge::DataType t) {
    for (auto& n : kNames)
        if (n.type == t) return n.torch;
    return "dtype" + std::to_string(int(t));
}

bool ParseDType(const std::string& name, ge::DataType* out) {
    static const std::map<std::string, ge::DataType> aliases = {
        {"float", ge::DT_FLOAT}, {"half", ge::DT_FLOAT16}, {"double", ge::DT_DOUBLE},
        {"int", ge::DT_INT32},   {"long", ge::DT_INT64},   {"fp16", ge::DT_FLOAT16},
        {"fp32", ge::DT_FLOAT},  {"bf16", ge::DT_BF16},
    };
    std::string n = name.rfind("torch.", 0) == 0 ? name.substr(6) : name;
    for (auto& e : kNames)
        if (n == e.torch) return *out = e.type, true;
    if (auto it = aliases.find(n); it != aliases.end()) return *out = it->second, true;
    return false;
}

std::string DTypeCppName(ge::DataType t) {
    for (auto& n : kNames)
        if (n.type == t) return n.cpp;
    return "";
}

std::string ShapeString(const std::vector<int64_t>& shape) {
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

}  // namespace akg
