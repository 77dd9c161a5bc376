// gert::Tensor: shape, format, dtype and (for host-visible tensors) the data of one tensor.
// Host code sees the data of an input only when the operator declares it value-dependent
// (OpParamDef::ValueDepend, IMPL_OP(...).InputsDataDependency); otherwise GetAddr() is null.
#pragma once

#include <cstddef>

#include "exe_graph/runtime/storage_format.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tensor_data.h"
#include "graph/types.h"

namespace gert {

class Tensor {
public:
    Tensor() = default;
    Tensor(const StorageShape& shape, const StorageFormat& format, ge::DataType data_type, const TensorData& data)
        : shape_(shape), format_(format), data_type_(data_type), data_(data) {}

    int64_t GetShapeSize() const { return shape_.GetStorageShape().GetShapeSize(); }

    const StorageShape& GetShape() const { return shape_; }
    StorageShape& MutableShape() { return shape_; }
    const Shape& GetOriginShape() const { return shape_.GetOriginShape(); }
    const Shape& GetStorageShape() const { return shape_.GetStorageShape(); }
    Shape& MutableOriginShape() { return shape_.MutableOriginShape(); }
    Shape& MutableStorageShape() { return shape_.MutableStorageShape(); }

    StorageFormat GetFormat() const { return format_; }
    StorageFormat& MutableFormat() { return format_; }
    ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
    ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
    void SetOriginFormat(ge::Format format) { format_.SetOriginFormat(format); }
    void SetStorageFormat(ge::Format format) { format_.SetStorageFormat(format); }

    ge::DataType GetDataType() const { return data_type_; }
    void SetDataType(ge::DataType data_type) { data_type_ = data_type; }

    const TensorData& GetTensorData() const { return data_; }
    TensorData& MutableTensorData() { return data_; }
    const void* GetAddr() const { return data_.GetAddr(); }
    void* GetAddr() { return data_.GetAddr(); }
    size_t GetSize() const { return data_.GetSize(); }

    template <typename T>
    const T* GetData() const {
        return static_cast<const T*>(GetAddr());
    }
    template <typename T>
    T* GetData() {
        return static_cast<T*>(GetAddr());
    }

private:
    StorageShape shape_;
    StorageFormat format_;
    ge::DataType data_type_ = ge::DT_UNDEFINED;
    TensorData data_;
};

}  // namespace gert
