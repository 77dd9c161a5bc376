// gert::ContinuousVector / TypedContinuousVector<T>: a read-only view of a contiguous element
// list (list attributes such as RuntimeAttrs::GetListInt).
#pragma once

#include <cstddef>

namespace gert {

class ContinuousVector {
public:
    ContinuousVector() = default;
    ContinuousVector(const void* data, size_t size) : data_(data), size_(size), capacity_(size) {}

    size_t GetSize() const { return size_; }
    size_t GetCapacity() const { return capacity_; }
    const void* GetData() const { return data_; }

private:
    const void* data_ = nullptr;
    size_t size_ = 0;
    size_t capacity_ = 0;
};

template <typename T>
class TypedContinuousVector : public ContinuousVector {
public:
    TypedContinuousVector() = default;
    TypedContinuousVector(const T* data, size_t size) : ContinuousVector(data, size) {}

    const T* GetData() const { return static_cast<const T*>(ContinuousVector::GetData()); }
};

}  // namespace gert
