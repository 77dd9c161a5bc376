// RmsNorm (high-level normalization API, CANN 8.x install layout lib/normalization/rmsnorm.h):
// for a [B, S, H] source (H padded to 32 bytes; the tiling's originalHLength elements of each
// row are real), dst = src / sqrt(mean(src^2) + epsilon) * gamma, over every H element of a row
// (the padding too, as the documentation says). Computed in float (half is cast first, which is
// what the temporary space holds) and rounded to T once. Each call is one vector-pipe
// instruction of the simulator (src/sim/adv_rmsnorm.cpp), which checks the tiling against the
// tensors and the temporary space against the rule GetRmsNormMaxMinTmpSize reports.
#pragma once

#include "akg/sim/sim.h"
#include "basic_api/kernel_tensor.h"
#include "lib/akg_adv/kernel_library_tiling.h"
#include "lib/akg_adv/rmsnorm_rules.h"

namespace akg::sim {

struct RmsNormCall {
    DType type = DType::F32;
    void* dst = nullptr;
    const void* src = nullptr;
    const void* gamma = nullptr;
    uint64_t dstElems = 0, srcElems = 0, gammaElems = 0;  // the tensors' sizes, for the checks
    float epsilon = 0;
    AscendC::tiling::RmsNormTiling tiling{};
    bool basicBlock = false;
    bool sharedTmp = false;  // else the temporary space is taken from the unallocated end of UB
    void* tmp = nullptr;
    uint64_t tmpBytes = 0;
    const void* caller = nullptr;
};

void RmsNormRun(const RmsNormCall& call);

}  // namespace akg::sim

namespace AscendC {
namespace akg_adv {

template <typename T, bool isBasicBlock>
inline void RmsNorm(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& gamma,
                    const LocalTensor<uint8_t>* tmp, const T epsilon, const RmsNormTiling& tiling,
                    const void* caller) {
    static_assert(akg::sim::kOneOf<T, half, float>, "RmsNorm: data type not supported (half, float)");
    akg::sim::RmsNormCall c;
    c.type = akg::sim::DTypeOf<T>();
    c.dst = dst.Data();
    c.src = src.Data();
    c.gamma = gamma.Data();
    c.dstElems = dst.GetSize();
    c.srcElems = src.GetSize();
    c.gammaElems = gamma.GetSize();
    c.epsilon = static_cast<float>(epsilon);
    c.tiling = tiling;
    c.basicBlock = isBasicBlock;
    if (tmp) {
        c.sharedTmp = true;
        c.tmp = tmp->Data();
        c.tmpBytes = tmp->GetSize();
    }
    c.caller = caller;
    akg::sim::RmsNormRun(c);
}

}  // namespace akg_adv

template <typename T, bool isBasicBlock = false>
AKG_API void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<T>& gammaLocal,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon, const RmsNormTiling& tiling) {
    akg_adv::RmsNorm<T, isBasicBlock>(dstLocal, srcLocal, gammaLocal, &sharedTmpBuffer, epsilon, tiling, AKG_CALLER);
}

template <typename T, bool isBasicBlock = false>
AKG_API void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<T>& gammaLocal,
                     const T epsilon, const RmsNormTiling& tiling) {
    akg_adv::RmsNorm<T, isBasicBlock>(dstLocal, srcLocal, gammaLocal, nullptr, epsilon, tiling, AKG_CALLER);
}

}  // namespace AscendC
