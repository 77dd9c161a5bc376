// The handle types of CANN's aclnn interface (aclTensor, aclScalar, aclIntArray, ...) as the
// opdev layer sees them: host-side views over memory. On this simulator device memory is host
// memory, so an aclTensor's storage address is directly readable. Implemented in libakg_opapi.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "exe_graph/runtime/shape.h"
#include "graph/ascend_string.h"
#include "graph/types.h"

using aclrtStream = void*;
using aclnnStatus = int32_t;

// aclFormat: CANN's numbering (the same as ge::Format); aclDataType is in acl/acl_base.h.
enum aclFormat {
    ACL_FORMAT_UNDEFINED = -1,
    ACL_FORMAT_NCHW = 0,
    ACL_FORMAT_NHWC = 1,
    ACL_FORMAT_ND = 2,
    ACL_FORMAT_NC1HWC0 = 3,
    ACL_FORMAT_FRACTAL_Z = 4,
    ACL_FORMAT_NC1HWC0_C04 = 12,
    ACL_FORMAT_HWCN = 16,
    ACL_FORMAT_NDHWC = 27,
    ACL_FORMAT_FRACTAL_NZ = 29,
    ACL_FORMAT_NCDHW = 30,
    ACL_FORMAT_NDC1HWC0 = 32,
    ACL_FRACTAL_Z_3D = 33,
    ACL_FORMAT_NCL = 47,
};

namespace op {
using Shape = gert::Shape;
using DataType = ge::DataType;
using Format = ge::Format;
using Strides = std::vector<int64_t>;
using ShapeVector = std::vector<int64_t>;
template <typename T, size_t N = 8>
using FVector = std::vector<T>;
template <typename T, size_t N = 8>
using SmallVector = std::vector<T>;
}  // namespace op

// Bytes of one element (0 for a dtype the simulator does not hold).
namespace op {
size_t TypeSize(DataType dataType);
}

class aclTensor {
public:
    // A contiguous tensor over `data` (not owned; null: storage allocated and owned here).
    aclTensor(const op::Shape& shape, op::DataType dtype, op::Format format, void* data);
    // A view of `base`'s storage.
    aclTensor(const aclTensor& base, const op::Shape& shape, const op::Strides& strides, int64_t offset);
    aclTensor(const aclTensor&) = delete;
    aclTensor& operator=(const aclTensor&) = delete;

    const op::Shape& GetViewShape() const { return viewShape_; }
    void SetViewShape(const op::Shape& shape) { viewShape_ = shape; }
    const op::Shape& GetStorageShape() const { return storageShape_; }
    void SetStorageShape(const op::Shape& shape) const { storageShape_ = shape; }
    const op::Shape& GetOriginalShape() const { return originShape_; }
    void SetOriginalShape(const op::Shape& shape) const { originShape_ = shape; }
    op::Format GetViewFormat() const { return viewFormat_; }
    void SetViewFormat(op::Format f) { viewFormat_ = f; }
    op::Format GetStorageFormat() const { return storageFormat_; }
    void SetStorageFormat(op::Format f) { storageFormat_ = f; }
    op::Format GetOriginalFormat() const { return originFormat_; }
    void SetOriginalFormat(op::Format f) { originFormat_ = f; }
    const op::Strides& GetViewStrides() const { return strides_; }
    void SetViewStrides(const op::Strides& strides) { strides_ = strides; }
    int64_t GetViewOffset() const { return offset_; }
    void SetViewOffset(int64_t offset) const { offset_ = offset; }
    int64_t GetStorageOffset() const { return 0; }
    op::DataType GetDataType() const { return dtype_; }
    void SetDataType(op::DataType dtype) { dtype_ = dtype; }
    // Element 0 of the storage (the view starts GetViewOffset() elements further).
    void* GetStorageAddr() const { return storage_->data; }
    // The view's first element.
    void* GetData() const;
    int64_t Size() const { return viewShape_.GetShapeSize(); }
    int64_t Numel() const { return viewShape_.GetShapeSize(); }
    bool IsEmpty() const { return Numel() == 0; }
    bool IsView() const { return isView_; }
    // Device workspace does not exist here: executor tensors are host allocations.
    bool IsFromWorkspace() const { return false; }
    ge::AscendString ToString() const;

    // Resizes an executor-owned tensor whose shape INFER_SHAPE set after allocation.
    void ReallocateFor(const op::Shape& shape);

private:
    struct Storage {
        void* data = nullptr;
        std::vector<uint8_t> owned;
    };
    op::Shape viewShape_;
    mutable op::Shape storageShape_, originShape_;
    op::Strides strides_;
    mutable int64_t offset_ = 0;
    op::DataType dtype_ = ge::DT_FLOAT;
    op::Format viewFormat_ = ge::FORMAT_ND, storageFormat_ = ge::FORMAT_ND, originFormat_ = ge::FORMAT_ND;
    std::shared_ptr<Storage> storage_;
    bool isView_ = false;
};

template <typename T>
class aclArray {
public:
    aclArray(const T* values, uint64_t size) : values_(values, values + size) {}
    T& operator[](uint64_t i) { return values_[i]; }
    const T& operator[](uint64_t i) const { return values_[i]; }
    uint64_t Size() const { return values_.size(); }
    const T* GetData() const { return values_.data(); }

private:
    std::vector<T> values_;
};

// std::vector<bool> has no data(): the bools are kept in an array of their own.
class aclBoolArray {
public:
    aclBoolArray(const bool* values, uint64_t size) : values_(new bool[size]), size_(size) {
        std::copy(values, values + size, values_.get());
    }
    bool& operator[](uint64_t i) { return values_[i]; }
    const bool& operator[](uint64_t i) const { return values_[i]; }
    uint64_t Size() const { return size_; }
    const bool* GetData() const { return values_.get(); }

private:
    std::unique_ptr<bool[]> values_;
    uint64_t size_;
};

class aclIntArray : public aclArray<int64_t> {
public:
    using aclArray<int64_t>::aclArray;
    ge::AscendString ToString() const;
};
class aclFloatArray : public aclArray<float> {
public:
    using aclArray<float>::aclArray;
};

class aclScalar {
public:
    aclScalar(const void* data, op::DataType dtype);
    const void* GetData() const { return bytes_; }
    uint64_t Size() const { return op::TypeSize(dtype_); }
    op::DataType GetDataType() const { return dtype_; }
    float ToFloat() const { return static_cast<float>(ToDouble()); }
    double ToDouble() const;
    bool ToBool() const { return ToDouble() != 0; }
    int8_t ToInt8() const { return static_cast<int8_t>(ToInt64()); }
    int16_t ToInt16() const { return static_cast<int16_t>(ToInt64()); }
    int32_t ToInt32() const { return static_cast<int32_t>(ToInt64()); }
    int64_t ToInt64() const;
    uint8_t ToUint8() const { return static_cast<uint8_t>(ToInt64()); }
    uint16_t ToUint16() const { return static_cast<uint16_t>(ToInt64()); }
    uint32_t ToUint32() const { return static_cast<uint32_t>(ToInt64()); }
    uint64_t ToUint64() const { return static_cast<uint64_t>(ToInt64()); }

private:
    alignas(8) uint8_t bytes_[16] = {};
    op::DataType dtype_;
};

class aclTensorList {
public:
    aclTensorList(const aclTensor* const* tensors, uint64_t size) : tensors_(tensors, tensors + size) {}
    const aclTensor* operator[](uint64_t i) const { return tensors_[i]; }
    uint64_t Size() const { return tensors_.size(); }
    const aclTensor* const* GetData() const { return tensors_.data(); }

private:
    std::vector<const aclTensor*> tensors_;
};

class aclScalarList {
public:
    aclScalarList(const aclScalar* const* scalars, uint64_t size) : scalars_(scalars, scalars + size) {}
    const aclScalar* operator[](uint64_t i) const { return scalars_[i]; }
    uint64_t Size() const { return scalars_.size(); }

private:
    std::vector<const aclScalar*> scalars_;
};
