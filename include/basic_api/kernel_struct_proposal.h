// Parameters of the sort instructions (MrgSort4, MrgSort): the four sorted source lists and the
// merge settings. Field names, types, defaults and constructor argument order follow the CANN
// header of the same path; kernels construct MrgSort4Info positionally as
// (elementLengths, ifExhaustedSuspension, validBit, repeatTimes).
#pragma once

#include <cstdint>

#include "basic_api/kernel_base_types.h"

namespace AscendC {

constexpr int32_t MRG_SORT_ELEMENT_LEN = 4;

template <typename T>
class LocalTensor;

struct MrgSort4Info {
    __aicore__ MrgSort4Info() {}
    __aicore__ MrgSort4Info(const uint16_t elementLengthsIn[MRG_SORT_ELEMENT_LEN], const bool ifExhaustedSuspensionIn,
                            const uint16_t validBitIn, const uint16_t repeatTimesIn)
        : ifExhaustedSuspension(ifExhaustedSuspensionIn), validBit(validBitIn),
          repeatTimes(static_cast<uint8_t>(repeatTimesIn)) {
        for (int32_t i = 0; i < MRG_SORT_ELEMENT_LEN; ++i) elementLengths[i] = elementLengthsIn[i];
    }

    uint16_t elementLengths[MRG_SORT_ELEMENT_LEN] = {0};
    bool ifExhaustedSuspension = false;
    uint16_t validBit = 0;
    uint8_t repeatTimes = 1;
};

template <typename T>
struct MrgSortSrcList {
    __aicore__ MrgSortSrcList() {}
    __aicore__ MrgSortSrcList(const LocalTensor<T>& src1In, const LocalTensor<T>& src2In,
                              const LocalTensor<T>& src3In, const LocalTensor<T>& src4In)
        : src1(src1In[0]), src2(src2In[0]), src3(src3In[0]), src4(src4In[0]) {}

    LocalTensor<T> src1;
    LocalTensor<T> src2;
    LocalTensor<T> src3;
    LocalTensor<T> src4;
};

}  // namespace AscendC
