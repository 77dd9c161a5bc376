// gert::Shape: a fixed-capacity dimension list (rank <= 25) used by tiling and shape inference.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>

namespace gert {

struct Shape {
public:
    static constexpr size_t kMaxDimNum = 25;
    static constexpr int64_t kInvalidDimValue = std::numeric_limits<int64_t>::min();

    Shape() = default;
    Shape(const std::initializer_list<int64_t>& dims) {
        if (dims.size() > kMaxDimNum) return;  // too many dimensions: stays rank 0
        for (const int64_t d : dims) dims_[dim_num_++] = d;
    }

    bool operator==(const Shape& other) const {
        if (dim_num_ != other.dim_num_) return false;
        for (size_t i = 0; i < dim_num_; ++i) {
            if (dims_[i] != other.dims_[i]) return false;
        }
        return true;
    }
    bool operator!=(const Shape& other) const { return !(*this == other); }

    // Product of the dimensions (1 for a scalar); kInvalidDimValue when the product overflows.
    int64_t GetShapeSize() const {
        int64_t size = 1;
        for (size_t i = 0; i < dim_num_; ++i) {
            if (__builtin_mul_overflow(size, dims_[i], &size)) return kInvalidDimValue;
        }
        return size;
    }
    bool IsScalar() const { return dim_num_ == 0; }
    void SetScalar() { dim_num_ = 0; }

    size_t GetDimNum() const { return dim_num_; }
    void SetDimNum(size_t dim_num) { dim_num_ = dim_num; }

    // Dimensions past GetDimNum() but inside the capacity read whatever was stored there.
    int64_t GetDim(size_t idx) const { return idx < kMaxDimNum ? dims_[idx] : kInvalidDimValue; }
    const int64_t& operator[](size_t idx) const { return dims_[idx]; }
    int64_t& operator[](size_t idx) { return dims_[idx]; }

    // Writing past the rank grows it to `idx` (not idx + 1): CANN's behaviour, which host code
    // written against it relies on; call SetDimNum first to set the rank explicitly.
    void SetDim(size_t idx, int64_t value) {
        if (idx >= kMaxDimNum) return;
        dims_[idx] = value;
        if (dim_num_ < idx) dim_num_ = idx;
    }
    // Ignored once the shape holds kMaxDimNum dimensions.
    Shape& AppendDim(int64_t value) {
        if (dim_num_ < kMaxDimNum) dims_[dim_num_++] = value;
        return *this;
    }

private:
    size_t dim_num_ = 0;
    int64_t dims_[kMaxDimNum] = {};
};

}  // namespace gert
