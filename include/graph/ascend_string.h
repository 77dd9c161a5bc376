// ge::AscendString: the string type GE interfaces pass around (op names, check-support results).
#pragma once

#include <cstddef>
#include <string>

namespace ge {

class AscendString {
public:
    AscendString() = default;
    AscendString(const char* name) : value_(name == nullptr ? "" : name) {}
    AscendString(const char* name, size_t length) : value_(name == nullptr ? std::string() : std::string(name, length)) {}

    const char* GetString() const { return value_.c_str(); }
    size_t GetLength() const { return value_.size(); }

    bool operator<(const AscendString& other) const { return value_ < other.value_; }
    bool operator>(const AscendString& other) const { return value_ > other.value_; }
    bool operator<=(const AscendString& other) const { return value_ <= other.value_; }
    bool operator>=(const AscendString& other) const { return value_ >= other.value_; }
    bool operator==(const AscendString& other) const { return value_ == other.value_; }
    bool operator!=(const AscendString& other) const { return value_ != other.value_; }

private:
    std::string value_;
};

}  // namespace ge
