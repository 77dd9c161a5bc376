// Host helpers of ReduceMax / ReduceMin (lib/reduce/reduce.h): their temporary space, from the
// rule the simulator also checks kernel calls against (akg::adv::ReduceAxisTmpSize).
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "graph/types.h"
#include "lib/akg_adv/adv_tmp_rules.h"

namespace AscendC {

// The axis pattern of a reduce, as the kernel's Pattern::Reduce types name it.
enum class ReducePattern : uint32_t {
    AR = 0,
    RA = 1,
    R,
    ARA,
    ARAR,
    ARARA,
    ARARAR,
    ARARARA,
    ARARARAR,
    ARARARARA,
    RAR,
    RARA,
    RARAR,
    RARARA,
    RARARAR,
    RARARARA,
};

namespace akg_reduce {
// A shape, type or pattern the API does not compute (not two-dimensional, not half / float, not
// AR / RA, an unpadded source, an empty axis) reports 0 / 0.
inline void AxisTmpSize(const ge::Shape& srcShape, const ge::DataType dataType, ReducePattern pattern,
                        bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
    maxValue = minValue = 0;
    const std::vector<int64_t> dims = srcShape.GetDims();
    const uint32_t typeSize = dataType == ge::DT_FLOAT ? 4 : dataType == ge::DT_FLOAT16 ? 2 : 0;
    if (dims.size() != 2 || dims[0] <= 0 || dims[1] <= 0 || typeSize == 0 || !isSrcInnerPad ||
        (pattern != ReducePattern::AR && pattern != ReducePattern::RA))
        return;
    const akg::adv::TmpRange r = akg::adv::ReduceAxisTmpSize(uint64_t(dims[0]), uint64_t(dims[1]), typeSize,
                                                            pattern == ReducePattern::AR, isReuseSource);
    maxValue = r.maxValue;
    minValue = r.minValue;
}
}  // namespace akg_reduce

inline void GetReduceMaxMaxMinTmpSize(const ge::Shape& srcShape, const ge::DataType dataType, ReducePattern pattern,
                                      bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
    akg_reduce::AxisTmpSize(srcShape, dataType, pattern, isSrcInnerPad, isReuseSource, maxValue, minValue);
}
inline void GetReduceMinMaxMinTmpSize(const ge::Shape& srcShape, const ge::DataType dataType, ReducePattern pattern,
                                      bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
    akg_reduce::AxisTmpSize(srcShape, dataType, pattern, isSrcInnerPad, isReuseSource, maxValue, minValue);
}

}  // namespace AscendC
