// Parameters of Transpose (16x16 and the NCHW <-> NHWC enhanced form) and TransDataTo5HD.
#pragma once

#include "basic_api/kernel_base_types.h"

namespace AscendC {

// TransDataTo5HD works on 16 data-block addresses at a time.
constexpr int32_t NCHW_CONV_ADDR_LIST_SIZE = 16;

enum class TransposeType : uint8_t {
    TRANSPOSE_TYPE_NONE,
    TRANSPOSE_NZ2ND_0213,
    TRANSPOSE_NZ2NZ_0213,
    TRANSPOSE_NZ2NZ_012_WITH_N,
    TRANSPOSE_NZ2ND_012_WITH_N,
    TRANSPOSE_NZ2ND_012_WITHOUT_N,
    TRANSPOSE_NZ2NZ_012_WITHOUT_N,
    TRANSPOSE_ND2ND_ONLY,
    TRANSPOSE_ND_UB_GM,
    TRANSPOSE_GRAD_ND_UB_GM,
    TRANSPOSE_ND2ND_B16,
    TRANSPOSE_NCHW2NHWC,
    TRANSPOSE_NHWC2NCHW,
};

struct TransDataTo5HDParams {
    constexpr __aicore__ TransDataTo5HDParams() = default;
    constexpr __aicore__ TransDataTo5HDParams(const bool dstHighHalfIn, const bool srcHighHalfIn,
                                              const uint8_t repeatTimesIn, const uint16_t dstRepStrideIn,
                                              const uint16_t srcRepStrideIn)
        : dstHighHalf(dstHighHalfIn), srcHighHalf(srcHighHalfIn), repeatTimes(repeatTimesIn),
          dstRepStride(dstRepStrideIn), srcRepStride(srcRepStrideIn) {}

    bool dstHighHalf = false;  // b8 only: write the high (true) or low half of each destination block
    bool srcHighHalf = false;  // b8 only: read the high (true) or low half of each source block
    uint8_t repeatTimes = 1;
    uint16_t dstRepStride = 0;  // in 32-byte blocks
    uint16_t srcRepStride = 0;  // in 32-byte blocks
};

struct TransposeParamsExt {
    constexpr __aicore__ TransposeParamsExt() = default;
    constexpr __aicore__ TransposeParamsExt(const uint16_t nSizeIn, const uint16_t cSizeIn, const uint16_t hSizeIn,
                                            const uint16_t wSizeIn, const TransposeType transposeTypeIn)
        : nSize(nSizeIn), cSize(cSizeIn), hSize(hSizeIn), wSize(wSizeIn), transposeType(transposeTypeIn) {}

    uint16_t nSize = 0;
    uint16_t cSize = 0;
    uint16_t hSize = 0;
    uint16_t wSize = 0;
    TransposeType transposeType = TransposeType::TRANSPOSE_ND2ND_B16;
};

}  // namespace AscendC
