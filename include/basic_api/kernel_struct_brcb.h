// Parameters of Brcb (broadcast each of 8 source elements to a whole 32-byte data block).
// Field names and the constructor's argument order follow the CANN headers, because kernels
// brace-initialise the struct as {dstBlkStride, dstRepStride}.
#pragma once

#include "basic_api/kernel_base_types.h"

namespace AscendC {

struct BrcbRepeatParams {
    __aicore__ BrcbRepeatParams() {}
    __aicore__ BrcbRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t dstRepStrideIn)
        : dstRepStride(dstRepStrideIn), dstBlkStride(dstBlkStrideIn) {}

    // Only the two destination strides take effect; the other fields are kept for source
    // compatibility (the documentation marks them as reserved and ignored).
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint16_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

}  // namespace AscendC
