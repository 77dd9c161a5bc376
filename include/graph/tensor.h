// ge::Shape and ge::TensorDesc: the graph-level tensor description ge::Operator hands to
// check-support and op-select-format callbacks.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "graph/types.h"

namespace ge {

class Shape {
public:
    Shape() = default;
    explicit Shape(const std::vector<int64_t>& dims) : dims_(dims) {}

    size_t GetDimNum() const { return dims_.size(); }
    // 0 for an index past the rank.
    int64_t GetDim(size_t idx) const { return idx < dims_.size() ? dims_[idx] : 0; }
    graphStatus SetDim(size_t idx, int64_t value) {
        if (idx >= dims_.size()) return GRAPH_FAILED;
        dims_[idx] = value;
        return GRAPH_SUCCESS;
    }
    std::vector<int64_t> GetDims() const { return dims_; }
    // Element count; 0 for a rank-0 shape, -1 when a dimension is unknown (negative).
    int64_t GetShapeSize() const {
        if (dims_.empty()) return 0;
        int64_t size = 1;
        for (int64_t d : dims_) {
            if (d < 0) return -1;
            size *= d;
        }
        return size;
    }

private:
    std::vector<int64_t> dims_;
};

class TensorDesc {
public:
    TensorDesc() = default;
    explicit TensorDesc(Shape shape, Format format = Format(FORMAT_ND), DataType dtype = DT_FLOAT)
        : shape_(std::move(shape)), format_(format), dtype_(dtype) {}

    Shape GetShape() const { return shape_; }
    void SetShape(const Shape& shape) { shape_ = shape; }
    Shape GetOriginShape() const { return shape_; }
    DataType GetDataType() const { return dtype_; }
    void SetDataType(DataType dtype) { dtype_ = dtype; }
    Format GetFormat() const { return format_; }
    void SetFormat(Format format) { format_ = format; }
    Format GetOriginFormat() const { return format_; }

private:
    Shape shape_;
    Format format_ = Format(FORMAT_ND);  // Format(): also right under kernel_type.h's macro
    DataType dtype_ = DT_FLOAT;
};

}  // namespace ge
