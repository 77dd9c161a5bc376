// gert::TensorData: the address and byte size of a tensor's contents.
#pragma once

#include <cstddef>

namespace gert {

class TensorData {
public:
    explicit TensorData(void* addr = nullptr, size_t size = 0) : addr_(addr), size_(size) {}

    void* GetAddr() const { return addr_; }
    size_t GetSize() const { return size_; }
    void SetSize(size_t size) { size_ = size; }

private:
    void* addr_;
    size_t size_;
};

}  // namespace gert
