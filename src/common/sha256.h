// SHA-256, for content-addressed build and golden caches.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace akg {

class Sha256 {
public:
    Sha256();
    Sha256& Update(const void* data, size_t n);
    Sha256& Update(std::string_view s) { return Update(s.data(), s.size()); }
    // Hashes a length-prefixed field so that concatenations cannot collide.
    Sha256& Field(std::string_view s);
    std::string HexDigest();

private:
    void Block(const uint8_t* p);
    uint32_t h_[8];
    uint8_t buf_[64];
    size_t bufLen_ = 0;
    uint64_t total_ = 0;
};

std::string Sha256Hex(std::string_view data);

}  // namespace akg
