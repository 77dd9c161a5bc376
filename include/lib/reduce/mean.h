// Mean (high-level reduce API, CANN 8.x install layout lib/reduce/mean.h): the mean of each row
// of an [outter, inner] local tensor over its first n elements (inner is n rounded up to 32
// bytes). With accType float a half input is computed in float. Each call is one vector-pipe
// instruction of the simulator (src/sim/adv_reduce.cpp), which checks MeanParams and the
// temporary space against the rule GetMeanMaxMinTmpSize reports.
#pragma once

#include "akg/sim/sim.h"
#include "basic_api/kernel_tensor.h"

namespace AscendC {
struct MeanParams {
    uint32_t outter = 1;
    uint32_t inner;
    uint32_t n;
};
}  // namespace AscendC

namespace akg::sim {

struct MeanCall {
    DType type = DType::F32;
    DType accType = DType::F32;
    void* dst = nullptr;
    const void* src = nullptr;
    AscendC::MeanParams params{};
    bool sharedTmp = false;  // else the temporary space is taken from the unallocated end of UB
    void* tmp = nullptr;
    uint64_t tmpBytes = 0;
    const void* caller = nullptr;
};

void MeanRun(const MeanCall& call);

}  // namespace akg::sim

namespace AscendC {
namespace akg_adv {

template <typename T, typename accType>
inline void Mean(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>* tmp,
                 const MeanParams& params, const void* caller) {
    static_assert(akg::sim::kOneOf<T, half, float>, "Mean: data type not supported (half, float)");
    static_assert(akg::sim::kOneOf<accType, half, float> && sizeof(accType) >= sizeof(T),
                  "Mean: accType must be T or, for half, float");
    akg::sim::MeanCall c;
    c.type = akg::sim::DTypeOf<T>();
    c.accType = akg::sim::DTypeOf<accType>();
    c.dst = dst.Data();
    c.src = src.Data();
    c.params = params;
    if (tmp) {
        c.sharedTmp = true;
        c.tmp = tmp->Data();
        c.tmpBytes = tmp->GetSize();
    }
    c.caller = caller;
    akg::sim::MeanRun(c);
}

}  // namespace akg_adv

template <typename T, typename accType = T, bool isReuseSource = false, bool isBasicBlock = false,
          int32_t reduceDim = -1>
AKG_API void Mean(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                  const LocalTensor<uint8_t>& sharedTmpBuffer, const MeanParams& meanParams) {
    akg_adv::Mean<T, accType>(dstTensor, srcTensor, &sharedTmpBuffer, meanParams, AKG_CALLER);
}

template <typename T, typename accType = T, bool isReuseSource = false, bool isBasicBlock = false,
          int32_t reduceDim = -1>
AKG_API void Mean(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const MeanParams& meanParams) {
    akg_adv::Mean<T, accType>(dstTensor, srcTensor, nullptr, meanParams, AKG_CALLER);
}

}  // namespace AscendC
