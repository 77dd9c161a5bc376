// System variables of the running core: block index and count, sub-block of a split core.
#pragma once

#include "akg/sim/sim.h"
#include "basic_api/kernel_base_types.h"

namespace akg::sim {
int64_t SubBlockIdx();
int64_t SubBlockNum();
int64_t SystemCycle();
}  // namespace akg::sim

namespace AscendC {

__aicore__ inline int64_t GetBlockIdx() { return akg::sim::BlockIdx(); }
__aicore__ inline int64_t GetBlockNum() { return akg::sim::BlockNum(); }
__aicore__ inline int64_t GetSubBlockIdx() { return akg::sim::SubBlockIdx(); }
__aicore__ inline int64_t GetSubBlockNum() { return akg::sim::SubBlockNum(); }
__aicore__ inline int64_t GetTaskRatio() { return akg::sim::SubBlockNum(); }
// The spelling the official mixed samples use.
__aicore__ inline int64_t GetTaskRation() { return akg::sim::SubBlockNum(); }
__aicore__ inline int64_t GetSystemCycle() { return akg::sim::SystemCycle(); }
__aicore__ constexpr inline int32_t GetDataBlockSizeInBytes() { return ONE_BLK_SIZE; }
__aicore__ constexpr inline int32_t GetVecLen() { return VECTOR_REG_WIDTH; }
// The UB bytes a kernel may use, a compile-time constant on the architectures that define it
// (248 KiB of 256 on Ascend 950, 8 KiB reserved); CANN's header returns 0 on the others (2201).
__aicore__ inline constexpr uint32_t GetUBSizeInBytes() {
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 5102 || __NPU_ARCH__ == 3003 || __NPU_ARCH__ == 3113 || __NPU_ARCH__ == 3510)
    return 248 * 1024;
#else
    return 0;
#endif
}

}  // namespace AscendC

#define ASCEND_IS_AIV (g_coreType == AIV)
#define ASCEND_IS_AIC (g_coreType == AIC)
#define ASCEND_IS_NOT_AIV (g_coreType != AIV)
#define ASCEND_IS_NOT_AIC (g_coreType != AIC)
