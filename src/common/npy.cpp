#include "common/npy.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <regex>

namespace akg {

namespace {
struct Descr {
    ge::DataType type;
    const char* descr;
};
const Descr kDescr[] = {
    {ge::DT_FLOAT, "<f4"},  {ge::DT_FLOAT16, "<f2"}, {ge::DT_DOUBLE, "<f8"}, {ge::DT_INT8, "|i1"},
    {ge::DT_UINT8, "|u1"},  {ge::DT_BOOL, "|b1"},    {ge::DT_INT16, "<i2"},  {ge::DT_UINT16, "<u2"},
    {ge::DT_INT32, "<i4"},  {ge::DT_UINT32, "<u4"},  {ge::DT_INT64, "<i8"},  {ge::DT_UINT64, "<u8"},
    {ge::DT_COMPLEX64, "<c8"},
};
}  // namespace

bool ReadNpy(const std::string& path, Tensor* out, std::string* error, ge::DataType expect) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return *error = "cannot open " + path, false;
    char magic[8];
    f.read(magic, 8);
    if (!f || std::memcmp(magic, "\x93NUMPY", 6) != 0) return *error = path + " is not a .npy file", false;
    uint32_t headerLen = 0;
    if (magic[6] == 1) {
        uint16_t n;
        f.read(reinterpret_cast<char*>(&n), 2);
        headerLen = n;
    } else {
        f.read(reinterpret_cast<char*>(&headerLen), 4);
    }
    std::string header(headerLen, '\0');
    f.read(header.data(), headerLen);
    std::smatch m;
    if (!std::regex_search(header, m, std::regex("'descr':\\s*'([^']+)'")))
        return *error = path + ": no descr in header", false;
    std::string descr = m[1];
    if (std::regex_search(header, std::regex("'fortran_order':\\s*True")))
        return *error = path + ": Fortran-ordered arrays are not supported", false;
    if (!std::regex_search(header, m, std::regex("'shape':\\s*\\(([^)]*)\\)")))
        return *error = path + ": no shape in header", false;
    Tensor t;
    std::string dims = m[1];
    static const std::regex digits("\\d+");
    for (std::sregex_iterator it(dims.begin(), dims.end(), digits), end; it != end; ++it)
        t.shape.push_back(std::stoll(it->str()));
    bool found = false;
    for (auto& d : kDescr)
        if (descr == d.descr || (descr[0] == '=' && descr.substr(1) == std::string(d.descr).substr(1))) {
            t.dtype = d.type;
            found = true;
        }
    if (!found) return *error = path + ": unsupported dtype " + descr, false;
    if (expect == ge::DT_BF16 && (t.dtype == ge::DT_INT16 || t.dtype == ge::DT_UINT16)) t.dtype = ge::DT_BF16;
    t.bytes.resize(size_t(t.Numel()) * t.ElemSize());
    f.read(reinterpret_cast<char*>(t.bytes.data()), std::streamsize(t.bytes.size()));
    if (!f) return *error = path + ": truncated data", false;
    *out = std::move(t);
    return true;
}

bool WriteNpy(const std::string& path, const Tensor& in, std::string* error) {
    if (in.dtype != ge::DT_BF16) return WriteNpyData(path, in.shape, in.dtype, in.bytes.data(), in.bytes.size(), error);
    Tensor f = Tensor::Zeros(in.shape, ge::DT_FLOAT);
    for (int64_t i = 0; i < in.Numel(); ++i) f.Set(i, in.At(i));
    return WriteNpyData(path, f.shape, f.dtype, f.bytes.data(), f.bytes.size(), error);
}

bool WriteNpyData(const std::string& path, const std::vector<int64_t>& dims, ge::DataType dtype, const void* data,
                  size_t bytes, std::string* error) {
    const char* descr = nullptr;
    for (auto& d : kDescr)
        if (d.type == dtype) descr = d.descr;
    if (!descr) return *error = "cannot write dtype " + DTypeName(dtype) + " as .npy", false;
    std::string shape = "(";
    for (size_t i = 0; i < dims.size(); ++i) shape += std::to_string(dims[i]) + (dims.size() == 1 ? "," : i + 1 < dims.size() ? ", " : "");
    shape += ")";
    std::string header = "{'descr': '" + std::string(descr) + "', 'fortran_order': False, 'shape': " + shape + ", }";
    size_t total = 10 + header.size() + 1;
    header += std::string((64 - total % 64) % 64, ' ') + "\n";
    // Unbuffered, every call checked: the error names the system's reason (a full disk must be
    // recognisable as such, common/disk_full.h), and no failure hides in a destructor's flush.
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return *error = "cannot write " + path + ": " + std::strerror(errno), false;
    const uint16_t n = uint16_t(header.size());
    std::string head = std::string("\x93NUMPY\x01\x00", 8);
    head.append(reinterpret_cast<const char*>(&n), 2);
    head += header;
    auto writeAll = [&](const char* p, size_t left) {
        while (left > 0) {
            const ssize_t w = ::write(fd, p, left);
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) return false;
            p += w;
            left -= size_t(w);
        }
        return true;
    };
    const bool written = writeAll(head.data(), head.size()) && writeAll(static_cast<const char*>(data), bytes);
    const int writeErrno = errno;
    if (::close(fd) != 0 && written) return *error = "cannot write " + path + ": " + std::strerror(errno), false;
    if (!written) return *error = "cannot write " + path + ": " + std::strerror(writeErrno), false;
    return true;
}

}  // namespace akg
