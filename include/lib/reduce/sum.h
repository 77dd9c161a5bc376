// Sum (high-level reduce API, CANN 8.x install layout lib/reduce/sum.h): the sum of each row of an
// [outter, inner] local tensor over its first n elements (inner is n rounded up to 32 bytes),
// added as the documentation states: binary trees of T within each 256-byte repeat, then over
// the repeats' sums, every partial sum rounded to T. Each call is one vector-pipe instruction of
// the simulator (src/sim/adv_reduce.cpp), which checks SumParams and the temporary space against
// the rule GetSumMaxMinTmpSize reports.
#pragma once

#include "akg/sim/sim.h"
#include "basic_api/kernel_tensor.h"

namespace AscendC {
struct SumParams {
    uint32_t outter = 1;
    uint32_t inner;
    uint32_t n;
};
}  // namespace AscendC

namespace akg::sim {

struct SumCall {
    DType type = DType::F32;
    void* dst = nullptr;
    const void* src = nullptr;
    AscendC::SumParams params{};
    bool sharedTmp = false;  // else the temporary space is taken from the unallocated end of UB
    void* tmp = nullptr;
    uint64_t tmpBytes = 0;
    const void* caller = nullptr;
};

void SumRun(const SumCall& call);

}  // namespace akg::sim

namespace AscendC {
namespace akg_adv {

template <typename T>
inline void Sum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>* tmp,
                const SumParams& params, const void* caller) {
    static_assert(akg::sim::kOneOf<T, half, float>, "Sum: data type not supported (half, float)");
    akg::sim::SumCall c;
    c.type = akg::sim::DTypeOf<T>();
    c.dst = dst.Data();
    c.src = src.Data();
    c.params = params;
    if (tmp) {
        c.sharedTmp = true;
        c.tmp = tmp->Data();
        c.tmpBytes = tmp->GetSize();
    }
    c.caller = caller;
    akg::sim::SumRun(c);
}

}  // namespace akg_adv

template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
AKG_API void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const SumParams& sumParams) {
    akg_adv::Sum<T>(dstTensor, srcTensor, &sharedTmpBuffer, sumParams, AKG_CALLER);
}

template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
AKG_API void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const SumParams& sumParams) {
    akg_adv::Sum<T>(dstTensor, srcTensor, nullptr, sumParams, AKG_CALLER);
}

}  // namespace AscendC
