// Format helpers of the opdev layer.
#pragma once

#include "opdev/common_types.h"

namespace op {
// The format without its sub-format and C0 bits.
inline Format GetPrimaryFormat(Format format) { return static_cast<Format>(static_cast<int32_t>(format) & 0xff); }
// Formats whose storage is not the logical row-major layout (NC1HWC0, FRACTAL_Z, FRACTAL_NZ, ...).
bool IsPrivateFormat(Format format);
Format ToOpFormat(aclFormat format);
aclFormat ToAclFormat(Format format);
}  // namespace op
