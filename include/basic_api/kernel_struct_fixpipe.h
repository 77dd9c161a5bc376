// Parameter structs of Fixpipe and DataCopy from L0C (L0C -> GM / L1). Field names, types and order follow CANN's
// kernel_struct_fixpipe.h because kernels brace-initialise them positionally.
#pragma once

#include "basic_api/kernel_base_types.h"
#include "basic_api/kernel_struct_data_copy.h"

// Global, as in CANN: kernels spell it without the AscendC:: prefix.
enum QuantMode_t : uint8_t {
    NoQuant = 0,
    F322F16,       // float -> half, round to nearest even
    F322BF16,      // float -> bfloat16_t, round to nearest even
    DEQF16,        // int32_t -> half, one scale (deqScalar)
    VDEQF16,       // int32_t -> half, one scale per column (tensor in L1)
    QF322B8_PRE,   // float -> int8_t/uint8_t, one scale
    VQF322B8_PRE,  // float -> int8_t/uint8_t, one scale per column
    REQ8,          // int32_t -> int8_t/uint8_t, one scale
    VREQ8,         // int32_t -> int8_t/uint8_t, one scale per column
};

namespace AscendC {

enum class CO2Layout : uint8_t {
    NZ = 0,     // keep the NZ layout
    ROW_MAJOR,  // NZ -> ND on the way out
    COLUMN_MAJOR,
};

struct FixpipeConfig {
    CO2Layout format;
    bool isToUB = false;
};

constexpr FixpipeConfig CFG_NZ = {CO2Layout::NZ};
constexpr FixpipeConfig CFG_ROW_MAJOR = {CO2Layout::ROW_MAJOR};

// nSize/mSize: the block of the NZ source to move; srcStride: distance between the source's
// 16-column blocks in C0 units (16 elements); dstStride: ND row length in elements, or for NZ
// output the distance between destination column blocks in 32-byte units.
struct FixpipeParamsV220 {
    __aicore__ FixpipeParamsV220() {}
    __aicore__ FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                                 const uint32_t dstStrideIn, const bool reluEnIn)
        : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn), dstStride(dstStrideIn), reluEn(reluEnIn) {}
    // The positional form the official samples use: {nSize, mSize, srcStride, dstStride, reluEn,
    // quantPre, deqScalar, ndNum, srcNdStride, dstNdStride, unitFlag}.
    __aicore__ FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                                 const uint32_t dstStrideIn, const bool reluEnIn, const QuantMode_t quantPreIn,
                                 const int64_t deqScalarIn, const uint16_t ndNumIn, const uint16_t srcNdStrideIn,
                                 const uint16_t dstNdStrideIn, const uint8_t unitFlagIn)
        : nSize(nSizeIn),
          mSize(mSizeIn),
          srcStride(srcStrideIn),
          dstStride(dstStrideIn),
          quantPre(quantPreIn),
          deqScalar(uint64_t(deqScalarIn)),
          reluEn(reluEnIn),
          unitFlag(unitFlagIn),
          ndNum(ndNumIn),
          srcNdStride(srcNdStrideIn),
          dstNdStride(dstNdStrideIn) {}

    uint16_t nSize = 0;
    uint16_t mSize = 0;
    uint16_t srcStride = 0;
    uint32_t dstStride = 0;
    QuantMode_t quantPre = QuantMode_t::NoQuant;
    uint64_t deqScalar = 0;
    bool reluEn = false;
    uint8_t unitFlag = 0;
    bool isChannelSplit = false;
    uint16_t ndNum = 1;
    uint16_t srcNdStride = 0;  // in 16 * C0 units (one 16x16 fractal of the source)
    uint16_t dstNdStride = 0;  // in elements
};

// DataCopy from L0C (CO1) to GM or L1: the register form of Fixpipe. The fields mean what
// FixpipeParamsV220's do; the scalar scale, the per-column scale tensor and the NZ2ND matrix
// count and strides come from SetFixpipePreQuantFlag, SetFixPipeConfig and SetFixpipeNz2ndFlag.
struct DataCopyCO12DstParams {
    __aicore__ DataCopyCO12DstParams() {}
    __aicore__ DataCopyCO12DstParams(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint32_t dstStrideIn,
                                     const uint16_t srcStrideIn, const QuantMode_t quantPreIn, const uint8_t reluPreIn,
                                     const bool channelSplitIn, const bool nz2ndEnIn)
        : nSize(nSizeIn),
          mSize(mSizeIn),
          dstStride(dstStrideIn),
          srcStride(srcStrideIn),
          quantPre(quantPreIn),
          reluPre(reluPreIn),
          channelSplit(channelSplitIn),
          nz2ndEn(nz2ndEnIn) {}

    uint8_t sid = 0;
    uint16_t nSize = 0;
    uint16_t mSize = 0;
    uint32_t dstStride = DEFAULT_DATA_COPY_STRIDE;
    uint16_t srcStride = DEFAULT_DATA_COPY_STRIDE;
    uint8_t unitFlag = 0;
    uint8_t clipReluPre = 0;  // Atlas 200I/500 A2 only
    uint8_t eltWiseOp = 0;    // Atlas 200I/500 A2 only
    QuantMode_t quantPre = QuantMode_t::NoQuant;
    uint8_t reluPre = 0;
    bool channelSplit = false;
    bool nz2ndEn = false;
};

}  // namespace AscendC
