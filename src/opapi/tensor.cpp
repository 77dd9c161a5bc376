// aclTensor / aclScalar / arrays and the opdev helper functions (type, shape, format, platform).
#include <algorithm>
#include <cstring>
#include <map>
#include <sstream>

#include "aclnn/acl_meta.h"
#include "common/tensor.h"
#include "opdev/common_types.h"
#include "opdev/data_type_utils.h"
#include "opdev/format_utils.h"
#include "opdev/platform.h"
#include "opdev/shape_utils.h"
#include "opdev/tensor_view_utils.h"
#include "tiling/platform/platform_ascendc.h"

namespace op {

size_t TypeSize(DataType dataType) { return akg::DTypeBytes(dataType); }

void ToContiguousStrides(const Shape& shape, Strides& strides) {
    strides.assign(shape.GetDimNum(), 1);
    for (size_t i = shape.GetDimNum(); i-- > 1;) strides[i - 1] = strides[i] * std::max<int64_t>(shape.GetDim(i), 1);
}

ge::AscendString ToString(DataType dataType) {
    return ge::AscendString(dataType == ge::DT_UNDEFINED ? "undefined" : akg::DTypeName(dataType).c_str());
}

ge::AscendString ToString(Format format) { return ge::AscendString(std::to_string(int(format)).c_str()); }

ge::AscendString ToString(const Shape& shape) {
    std::vector<int64_t> dims(shape.GetDimNum());
    for (size_t i = 0; i < dims.size(); ++i) dims[i] = shape.GetDim(i);
    return ge::AscendString(akg::ShapeString(dims).c_str());
}

bool IsContiguous(const aclTensor* tensor) {
    if (tensor == nullptr) return true;
    Strides expected;
    ToContiguousStrides(tensor->GetViewShape(), expected);
    const Strides& actual = tensor->GetViewStrides();
    for (size_t i = 0; i < expected.size(); ++i)
        if (tensor->GetViewShape().GetDim(i) != 1 && (i >= actual.size() || actual[i] != expected[i])) return false;
    return true;
}

bool IsFloatingType(DataType d) {
    return d == ge::DT_FLOAT || d == ge::DT_FLOAT16 || d == ge::DT_BF16 || d == ge::DT_DOUBLE;
}
bool IsIntegralType(DataType d) {
    return d == ge::DT_INT8 || d == ge::DT_UINT8 || d == ge::DT_INT16 || d == ge::DT_UINT16 || d == ge::DT_INT32 ||
           d == ge::DT_UINT32 || d == ge::DT_INT64 || d == ge::DT_UINT64;
}
bool IsIntegralType(DataType d, bool includeBool) { return IsIntegralType(d) || (includeBool && d == ge::DT_BOOL); }
bool IsComplexType(DataType d) { return d == ge::DT_COMPLEX32 || d == ge::DT_COMPLEX64 || d == ge::DT_COMPLEX128; }
bool IsBasicType(DataType d) { return IsFloatingType(d) || IsIntegralType(d) || IsComplexType(d); }
bool IsNumberType(DataType d) { return IsBasicType(d); }
bool IsRealNumberType(DataType d) { return IsFloatingType(d) || IsIntegralType(d); }
DataType ToOpDataType(aclDataType type) { return type == ACL_DT_UNDEFINED ? ge::DT_UNDEFINED : DataType(type); }
aclDataType ToAclDataType(DataType type) { return type == ge::DT_UNDEFINED ? ACL_DT_UNDEFINED : aclDataType(type); }

namespace {
// Rank in PyTorch's promotion lattice: bool < integers < floating < complex.
int Category(DataType d) { return d == ge::DT_BOOL ? 0 : IsIntegralType(d) ? 1 : IsFloatingType(d) ? 2 : 3; }
}  // namespace

DataType PromoteType(DataType a, DataType b) {
    if (a == b) return a;
    if (!IsBasicType(a) && a != ge::DT_BOOL) return ge::DT_UNDEFINED;
    if (!IsBasicType(b) && b != ge::DT_BOOL) return ge::DT_UNDEFINED;
    if (Category(a) != Category(b)) return Category(a) > Category(b) ? a : b;
    if ((a == ge::DT_FLOAT16 && b == ge::DT_BF16) || (a == ge::DT_BF16 && b == ge::DT_FLOAT16)) return ge::DT_FLOAT;
    if (IsIntegralType(a)) {
        const bool au = a == ge::DT_UINT8 || a == ge::DT_UINT16 || a == ge::DT_UINT32 || a == ge::DT_UINT64;
        const bool bu = b == ge::DT_UINT8 || b == ge::DT_UINT16 || b == ge::DT_UINT32 || b == ge::DT_UINT64;
        if (au != bu) {
            // Signed wins when it is wider; otherwise the next wider signed type.
            const DataType s = au ? b : a, u = au ? a : b;
            if (TypeSize(s) > TypeSize(u)) return s;
            return TypeSize(u) >= 4 ? ge::DT_INT64 : TypeSize(u) == 2 ? ge::DT_INT32 : ge::DT_INT16;
        }
    }
    return TypeSize(a) >= TypeSize(b) ? a : b;
}

bool CanCast(DataType from, DataType to) { return Category(from) <= Category(to) || to == ge::DT_BOOL; }

void ToShapeVector(const Shape& shape, ShapeVector& out) {
    out.clear();
    for (size_t i = 0; i < shape.GetDimNum(); ++i) out.push_back(shape.GetDim(i));
}
ShapeVector ToShapeVector(const Shape& shape) {
    ShapeVector out;
    ToShapeVector(shape, out);
    return out;
}
void ToShape(const int64_t* dims, uint64_t dimNum, Shape& shape) {
    shape.SetDimNum(0);
    for (uint64_t i = 0; i < dimNum; ++i) shape.AppendDim(dims[i]);
}
void ToShape(const ShapeVector& dims, Shape& shape) { ToShape(dims.data(), dims.size(), shape); }
Shape ToShape(const ShapeVector& dims) {
    Shape s;
    ToShape(dims, s);
    return s;
}

bool BroadcastInferShape(const Shape& a, const Shape& b, Shape& out) {
    const size_t n = std::max(a.GetDimNum(), b.GetDimNum());
    ShapeVector dims(n);
    for (size_t i = 0; i < n; ++i) {
        const int64_t da = i < n - a.GetDimNum() ? 1 : a.GetDim(i - (n - a.GetDimNum()));
        const int64_t db = i < n - b.GetDimNum() ? 1 : b.GetDim(i - (n - b.GetDimNum()));
        if (da != db && da != 1 && db != 1) return false;
        dims[i] = da == 1 ? db : da;
    }
    ToShape(dims, out);
    return true;
}
bool CheckBroadcastShape(const Shape& a, const Shape& b) {
    Shape out;
    return BroadcastInferShape(a, b, out);
}

bool IsPrivateFormat(Format format) {
    switch (GetPrimaryFormat(format)) {
        case ge::FORMAT_NC1HWC0:
        case ge::FORMAT_FRACTAL_Z:
        case ge::FORMAT_NC1C0HWPAD:
        case ge::FORMAT_NHWC1C0:
        case ge::FORMAT_C1HWNC0:
        case ge::FORMAT_FRACTAL_NZ:
        case ge::FORMAT_NDC1HWC0:
        case ge::FORMAT_FRACTAL_Z_3D: return true;
        default: return false;
    }
}
Format ToOpFormat(aclFormat format) { return format == ACL_FORMAT_UNDEFINED ? ge::FORMAT_RESERVED : Format(format); }
aclFormat ToAclFormat(Format format) { return aclFormat(format); }

SocVersion PlatformInfo::GetSocVersion() const {
    using P = platform_ascendc::SocVersion;
    switch (platform_ascendc::PlatformAscendCManager::GetInstance()->GetSocVersion()) {
        case P::ASCEND910: return SocVersion::ASCEND910;
        case P::ASCEND910B: return SocVersion::ASCEND910B;
        case P::ASCEND910_93: return SocVersion::ASCEND910_93;
        case P::ASCEND910E: return SocVersion::ASCEND910E;
        case P::ASCEND310: return SocVersion::ASCEND310;
        case P::ASCEND310P: return SocVersion::ASCEND310P;
        case P::ASCEND310B: return SocVersion::ASCEND310B;
        case P::ASCEND610LITE: return SocVersion::ASCEND610LITE;
        default: return SocVersion::RESERVED_VERSION;
    }
}
const std::string& PlatformInfo::GetSocLongVersion() const {
    static thread_local std::string name;
    name = ToString(GetSocVersion()).GetString();
    return name;
}
uint32_t PlatformInfo::GetCubeCoreNum() const { return platform_ascendc::PlatformAscendCManager::GetInstance()->GetCoreNumAic(); }
uint32_t PlatformInfo::GetVectorCoreNum() const { return platform_ascendc::PlatformAscendCManager::GetInstance()->GetCoreNumAiv(); }

const PlatformInfo& GetCurrentPlatformInfo() {
    static const PlatformInfo info;
    return info;
}

ge::AscendString ToString(SocVersion v) {
    static const std::map<SocVersion, const char*> names = {
        {SocVersion::ASCEND910, "Ascend910"},       {SocVersion::ASCEND910B, "Ascend910B"},
        {SocVersion::ASCEND910_93, "Ascend910_93"}, {SocVersion::ASCEND910_95, "Ascend910_95"},
        {SocVersion::ASCEND910E, "Ascend910E"},     {SocVersion::ASCEND310, "Ascend310"},
        {SocVersion::ASCEND310P, "Ascend310P"},     {SocVersion::ASCEND310B, "Ascend310B"},
        {SocVersion::ASCEND310C, "Ascend310C"},     {SocVersion::ASCEND610LITE, "Ascend610Lite"}};
    const auto found = names.find(v);
    return ge::AscendString(found == names.end() ? "unknown" : found->second);
}

}  // namespace op

aclTensor::aclTensor(const op::Shape& shape, op::DataType dtype, op::Format format, void* data)
    : viewShape_(shape), storageShape_(shape), originShape_(shape), dtype_(dtype), viewFormat_(format),
      storageFormat_(format), originFormat_(format), storage_(std::make_shared<Storage>()) {
    op::ToContiguousStrides(shape, strides_);
    if (data != nullptr) {
        storage_->data = data;
    } else {
        storage_->owned.assign(size_t(std::max<int64_t>(shape.GetShapeSize(), 0)) * op::TypeSize(dtype), 0);
        storage_->data = storage_->owned.data();
    }
}

aclTensor::aclTensor(const aclTensor& base, const op::Shape& shape, const op::Strides& strides, int64_t offset)
    : viewShape_(shape), storageShape_(base.storageShape_), originShape_(shape), strides_(strides),
      offset_(offset), dtype_(base.dtype_), viewFormat_(base.viewFormat_), storageFormat_(base.storageFormat_),
      originFormat_(base.originFormat_), storage_(base.storage_), isView_(true) {}

void* aclTensor::GetData() const {
    return static_cast<uint8_t*>(storage_->data) + offset_ * int64_t(op::TypeSize(dtype_));
}

void aclTensor::ReallocateFor(const op::Shape& shape) {
    viewShape_ = storageShape_ = originShape_ = shape;
    op::ToContiguousStrides(shape, strides_);
    offset_ = 0;
    if (storage_->owned.data() == storage_->data) {
        storage_->owned.assign(size_t(std::max<int64_t>(shape.GetShapeSize(), 0)) * op::TypeSize(dtype_), 0);
        storage_->data = storage_->owned.data();
    }
}

ge::AscendString aclTensor::ToString() const {
    return ge::AscendString((std::string(op::ToString(dtype_).GetString()) + op::ToString(viewShape_).GetString()).c_str());
}

ge::AscendString aclIntArray::ToString() const {
    return ge::AscendString(akg::ShapeString(std::vector<int64_t>(GetData(), GetData() + Size())).c_str());
}

aclScalar::aclScalar(const void* data, op::DataType dtype) : dtype_(dtype) {
    std::memcpy(bytes_, data, std::min(sizeof bytes_, op::TypeSize(dtype)));
}

double aclScalar::ToDouble() const { return akg::ReadElement(dtype_, bytes_); }

int64_t aclScalar::ToInt64() const {
    // 64-bit integers keep every bit (a double would round above 2^53).
    if (dtype_ == ge::DT_INT64 || dtype_ == ge::DT_UINT64) {
        int64_t v;
        std::memcpy(&v, bytes_, sizeof v);
        return v;
    }
    return static_cast<int64_t>(ToDouble());
}
