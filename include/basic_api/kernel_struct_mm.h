// Parameter structs of the cube (matrix) APIs: LoadData, LoadDataWithTranspose and Mmad. Field
// names, types and order follow CANN's kernel_struct_mm.h because kernels brace-initialise
// them positionally.
#pragma once

#include "basic_api/kernel_base_types.h"

namespace AscendC {

// LoadData (2D): moves `repeatTimes` 512-byte fractals; startIndex, srcStride and dstGap count
// fractals.
struct LoadData2DParams {
    __aicore__ LoadData2DParams() {}
    __aicore__ LoadData2DParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn, const uint16_t srcStrideIn,
                                const uint8_t sidIn, const uint16_t dstGapIn, const bool ifTransposeIn,
                                const uint8_t addrModeIn)
        : startIndex(startIndexIn),
          repeatTimes(repeatTimesIn),
          srcStride(srcStrideIn),
          sid(sidIn),
          dstGap(dstGapIn),
          ifTranspose(ifTransposeIn),
          addrMode(addrModeIn) {}

    uint16_t startIndex = 0;
    uint8_t repeatTimes = 0;
    uint16_t srcStride = 0;
    uint8_t sid = 0;
    uint16_t dstGap = 0;
    bool ifTranspose = false;
    uint8_t addrMode = 0;
};

// LoadDataWithTranspose: one repeat transposes one square block (32x32 b8, 16x16 b16, 16x16 b32);
// srcStride counts square blocks, dstGap and dstFracGap 512-byte fractals.
struct LoadData2dTransposeParams {
    __aicore__ LoadData2dTransposeParams() {}
    __aicore__ LoadData2dTransposeParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                                         const uint16_t srcStrideIn, const uint16_t dstGapIn,
                                         const uint16_t dstFracGapIn, const uint8_t addrModeIn)
        : startIndex(startIndexIn),
          repeatTimes(repeatTimesIn),
          srcStride(srcStrideIn),
          dstGap(dstGapIn),
          dstFracGap(dstFracGapIn),
          addrMode(addrModeIn) {}
    __aicore__ LoadData2dTransposeParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                                         const uint16_t srcStrideIn, const uint16_t dstGapIn,
                                         const uint16_t dstFracGapIn)
        : startIndex(startIndexIn),
          repeatTimes(repeatTimesIn),
          srcStride(srcStrideIn),
          dstGap(dstGapIn),
          dstFracGap(dstFracGapIn) {}

    uint16_t startIndex = 0;
    uint8_t repeatTimes = 0;
    uint16_t srcStride = 0;
    uint16_t dstGap = 0;
    uint16_t dstFracGap = 0;
    uint8_t addrMode = 0;
};

struct MmadParams {
    __aicore__ MmadParams() {}
    __aicore__ MmadParams(const uint16_t mIn, const uint16_t nIn, const uint16_t kIn, const bool isBiasIn,
                          const int32_t fmOffsetIn, const bool enSsparseIn, const bool enWinogradAIn,
                          const bool enWinogradBIn)
        : m(mIn),
          n(nIn),
          k(kIn),
          isBias(isBiasIn),
          fmOffset(fmOffsetIn),
          enSsparse(enSsparseIn),
          enWinogradA(enWinogradAIn),
          enWinogradB(enWinogradBIn) {}
    __aicore__ MmadParams(const uint16_t mIn, const uint16_t nIn, const uint16_t kIn, const uint8_t unitFlagIn,
                          const bool cmatrixSourceIn, const bool cmatrixInitValIn)
        : m(mIn),
          n(nIn),
          k(kIn),
          unitFlag(unitFlagIn),
          cmatrixSource(cmatrixSourceIn),
          cmatrixInitVal(cmatrixInitValIn) {}

    uint16_t m = 0;
    uint16_t n = 0;
    uint16_t k = 0;
    // Deprecated spelling of "accumulate into C": true means C += A * B.
    bool isBias = false;
    // The next four only matter on older cores; Atlas A2 ignores them.
    int32_t fmOffset = 0;
    bool enSsparse = false;
    bool enWinogradA = false;
    bool enWinogradB = false;
    uint8_t unitFlag = 0;
    // float inputs: K is padded to a multiple of 16 (true) or 8 (false) in L0A/L0B.
    bool kDirectionAlign = false;
    // C starts from the bias table (BT) instead of its current contents.
    bool cmatrixSource = false;
    // C starts from zero.
    bool cmatrixInitVal = true;
};

}  // namespace AscendC
