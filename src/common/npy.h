// Reading and writing NumPy .npy files (format versions 1-3, little-endian, C order).
#pragma once

#include <string>

#include "common/tensor.h"

namespace akg {

// Reads a .npy file. bfloat16 has no NumPy type: a file holding 16-bit integers is read as
// bfloat16 when `expect` says so.
bool ReadNpy(const std::string& path, Tensor* out, std::string* error, ge::DataType expect = ge::DT_UNDEFINED);
// Writes a tensor; bfloat16 is written as float32 (exact), so NumPy users can read it.
bool WriteNpy(const std::string& path, const Tensor& t, std::string* error);
// Writes `data` as it is, labelled `dtype` and `shape` (no bfloat16: NumPy has no such type).
bool WriteNpyData(const std::string& path, const std::vector<int64_t>& shape, ge::DataType dtype, const void* data,
                  size_t bytes, std::string* error);

}  // namespace akg
