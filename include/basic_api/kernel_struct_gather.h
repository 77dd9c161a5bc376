// Parameters of Gather / Gatherb and GatherMask. Field names, types and constructor argument
// order follow the CANN headers: kernels brace-initialise GatherMaskParams positionally as
// {src0BlockStride, repeatTimes, src0RepeatStride, src1RepeatStride}.
#pragma once

#include "basic_api/kernel_base_types.h"

namespace AscendC {

struct GatherRepeatParams {
    __aicore__ GatherRepeatParams() {}
    __aicore__ GatherRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t dstRepStrideIn)
        : dstRepStride(dstRepStrideIn), dstBlkStride(dstBlkStrideIn) {}

    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

// Reserved template argument of GatherMask; arch 2201 (A2/A3) defaults to VERSION_V2.
enum class GatherMaskMode : uint8_t { VERSION_V1 = 0, VERSION_V2 = 1 };
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V2;
constexpr GatherMaskMode defaultGahterMaskMode = GatherMaskMode::VERSION_V2;  // CANN's historical spelling

struct GatherMaskParams {
    __aicore__ GatherMaskParams() {}
    __aicore__ GatherMaskParams(const uint8_t src0BlockStrideIn, const uint16_t repeatTimesIn,
                                const uint16_t src0RepeatStrideIn, const uint8_t src1RepeatStrideIn)
        : src0BlockStride(src0BlockStrideIn), repeatTimes(repeatTimesIn), src0RepeatStride(src0RepeatStrideIn),
          src1RepeatStride(src1RepeatStrideIn) {}

    uint8_t src0BlockStride = DEFAULT_BLK_STRIDE;
    uint16_t repeatTimes = 0;
    uint16_t src0RepeatStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepeatStride = DEFAULT_REPEAT_STRIDE;
};

}  // namespace AscendC
