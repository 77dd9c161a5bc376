// Built-in L0 format changes. The simulator keeps every tensor in its logical row-major layout,
// so only changes between ND-like formats (ND, NCHW, NHWC, NCDHW, NCL ...: the same bytes) are
// provided; a private format (NC1HWC0, FRACTAL_Z, FRACTAL_NZ, NDC1HWC0, ...) makes the call
// return nullptr with the reason in the log.
#pragma once

#include "opdev/op_executor.h"

namespace l0op {
// Relabels the tensor's format (no data movement).
const aclTensor* ReFormat(const aclTensor* x, const op::Format& format, aclOpExecutor* executor = nullptr);
const aclTensor* TransData(const aclTensor* x, op::Format dstPrimaryFormat, int64_t groups, aclOpExecutor* executor);
const aclTensor* TransDataSpecial(const aclTensor* x, op::Format dstPrimaryFormat, int64_t groups,
                                  aclOpExecutor* executor);
}  // namespace l0op
