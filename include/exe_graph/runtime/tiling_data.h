// gert::TilingData: the raw tiling buffer a tiling function serialises its tiling struct into
// (TilingDef::SaveToBuffer(GetData(), GetCapacity()) followed by SetDataSize).
#pragma once

#include <cstddef>

namespace gert {

class TilingData {
public:
    TilingData(void* data, size_t capacity) : data_(data), capacity_(capacity) {}

    void* GetData() { return data_; }
    const void* GetData() const { return data_; }
    size_t GetCapacity() const { return capacity_; }
    size_t GetDataSize() const { return data_size_; }
    void SetDataSize(size_t size) { data_size_ = size; }

private:
    void* data_;
    size_t capacity_;
    size_t data_size_ = 0;
};

}  // namespace gert
