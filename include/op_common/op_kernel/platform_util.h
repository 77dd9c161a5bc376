// Kernel-side constants of opbase (`op_common/op_kernel/platform_util.h`), namespace Ops::Base.
#pragma once

#include <cstdint>

#include "kernel_operator.h"

namespace Ops {
namespace Base {
// Bytes of one UB block, and of one vector register on Atlas A2/A3.
__aicore__ inline constexpr uint32_t GetUbBlockSize() { return 32U; }
__aicore__ inline constexpr uint32_t GetVRegSize() { return 256U; }
}  // namespace Base
}  // namespace Ops
