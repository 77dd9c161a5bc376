// gert::StorageFormat: a tensor's origin format and the format it is stored in.
#pragma once

#include "graph/types.h"

namespace gert {

struct StorageFormat {
public:
    StorageFormat() = default;
    StorageFormat(ge::Format origin_format, ge::Format storage_format)
        : origin_format_(origin_format), storage_format_(storage_format) {}

    ge::Format GetOriginFormat() const { return origin_format_; }
    void SetOriginFormat(ge::Format format) { origin_format_ = format; }
    ge::Format GetStorageFormat() const { return storage_format_; }
    void SetStorageFormat(ge::Format format) { storage_format_ = format; }

    bool operator==(const StorageFormat& other) const {
        return origin_format_ == other.origin_format_ && storage_format_ == other.storage_format_;
    }
    bool operator!=(const StorageFormat& other) const { return !(*this == other); }

private:
    ge::Format origin_format_ = ge::FORMAT_ND;
    ge::Format storage_format_ = ge::FORMAT_ND;
};

}  // namespace gert
