// The SoftMax family of high-level APIs (CANN lib/activation/softmax.h, simplesoftmax.h,
// softmaxgrad.h, softmaxflash.h, softmaxflashv2.h) with the overload sets the CANN documentation
// gives for Atlas A2/A3: SoftMax, SimpleSoftMax, SoftmaxGrad, SoftmaxFlash, SoftmaxFlashV2, the
// SoftmaxConfig / SoftMaxShapeInfo types and the kernel-side SoftMaxFlashV2TilingFunc.
//
// The input is [m, k] (k whole 32-byte blocks); every API works row by row over the last axis.
// Max and sum tensors hold one 32-byte block per row, every element of it the row's value (or,
// with SoftmaxConfig::mode SOFTMAX_OUTPUT_WITHOUT_BRC, one element per row). Each call is one
// vector-pipe instruction of the simulator (src/sim/adv_softmax.cpp), which checks the shape and
// the temporary space against the rule the host helpers report (lib/activation/softmax_tiling.h).
//
// The shape is softmaxShapeInfo when it is given (srcM and srcK not 0), else the source tensor's
// ShapeInfo (set with SetShapeInfo), else the tiling's srcM/srcK. The reductions cover the first
// oriSrcK columns of a row (0 means srcK); the padding columns up to srcK are computed and
// written like the others, as the documentation warns.
#pragma once

#include "akg/sim/sim.h"
#include "basic_api/kernel_tensor.h"
#include "lib/akg_adv/kernel_library_tiling.h"
#include "lib/akg_adv/softmax_rules.h"

namespace AscendC {

enum class SoftmaxMode {
    SOFTMAX_NORMAL = 0,
    SOFTMAX_OUTPUT_WITHOUT_BRC = 1,
};
struct SoftmaxConfig {
    bool isCheckTiling = true;
    uint32_t oriSrcM = 0;
    uint32_t oriSrcK = 0;
    SoftmaxMode mode = SoftmaxMode::SOFTMAX_NORMAL;
};
inline constexpr SoftmaxConfig SOFTMAX_DEFAULT_CFG = {true, 0, 0, SoftmaxMode::SOFTMAX_NORMAL};

struct SoftMaxShapeInfo {
    uint32_t srcM = 0;
    uint32_t srcK = 0;
    uint32_t oriSrcM = 0;
    uint32_t oriSrcK = 0;
};

}  // namespace AscendC

namespace akg::sim {

struct SoftmaxCall {
    adv::SoftmaxApi kind = adv::SoftmaxApi::SoftMax;
    const char* api = "";
    DType type = DType::F32;      // src, dst (and SoftmaxGrad's grad)
    DType statType = DType::F32;  // max, sum and their inputs
    DType expMaxType = DType::F32;
    void* dst = nullptr;
    const void* src = nullptr;
    const void* grad = nullptr;
    void* sum = nullptr;
    void* max = nullptr;
    void* expMax = nullptr;
    void* reduceMax = nullptr;  // SoftmaxFlashV2's optional row max of src alone
    const void* inSum = nullptr;
    const void* inMax = nullptr;
    AscendC::SoftMaxShapeInfo shape{};
    AscendC::tiling::SoftMaxTiling tiling{};
    bool statsWithoutBroadcast = false;  // SOFTMAX_OUTPUT_WITHOUT_BRC: one stat element per row
    bool isBasicBlock = false;
    bool sharedTmp = false;  // else the temporary space is taken from the unallocated end of UB
    void* tmp = nullptr;
    uint64_t tmpBytes = 0;
    const void* caller = nullptr;
};

void SoftmaxRun(const SoftmaxCall& call);

// AdjustSoftMaxRes: every element of the `rows` x `cols` result `res` whose row's max has the bit
// pattern `from` becomes `to` (one element of resType); the row's max is element 0 of its 32-byte
// block, or with `maxPerElement` element r. Returns whether any row matched.
bool AdjustSoftmaxRes(void* res, DType resType, const void* max, DType maxType, uint32_t from, const void* to,
                      const AscendC::SoftMaxShapeInfo& shape, bool maxPerElement, const void* caller);

}  // namespace akg::sim

namespace AscendC {
namespace akg_adv {

template <typename T>
inline const void* DataOrNull(const LocalTensor<T>* t) {
    return t ? static_cast<const void*>(t->Data()) : nullptr;
}

// The call's shape: softmaxShapeInfo, else the source tensor's ShapeInfo, else the tiling's.
template <typename T>
inline SoftMaxShapeInfo ResolveSoftmaxShape(const LocalTensor<T>& src, const SoftMaxShapeInfo& info,
                                            const SoftMaxTiling& tiling, const SoftmaxConfig& config) {
    SoftMaxShapeInfo s = info;
    if (s.srcM == 0 || s.srcK == 0) {
        const ShapeInfo si = src.GetShapeInfo();
        if (si.shapeDim >= 1 && si.shape[si.shapeDim - 1] != 0) {
            uint32_t m = 1;
            for (uint8_t i = 0; i + 1 < si.shapeDim; ++i) m *= si.shape[i];
            s.srcM = m;
            s.srcK = si.shape[si.shapeDim - 1];
            s.oriSrcM = m;
            s.oriSrcK = si.originalShapeDim >= 1 ? si.originalShape[si.originalShapeDim - 1] : s.srcK;
        } else {
            s = {tiling.srcM, tiling.srcK, tiling.srcM, tiling.srcK};
        }
    }
    if (config.oriSrcM != 0) s.oriSrcM = config.oriSrcM;
    if (config.oriSrcK != 0) s.oriSrcK = config.oriSrcK;
    if (s.oriSrcM == 0) s.oriSrcM = s.srcM;
    if (s.oriSrcK == 0) s.oriSrcK = s.srcK;
    return s;
}

template <typename T, typename S>
inline akg::sim::SoftmaxCall SoftmaxBase(akg::adv::SoftmaxApi kind, const char* api, const LocalTensor<T>& dst,
                                         const LocalTensor<T>& src, const LocalTensor<uint8_t>* tmp,
                                         const SoftMaxTiling& tiling, const SoftMaxShapeInfo& info,
                                         const SoftmaxConfig& config, const void* caller) {
    static_assert(akg::sim::kOneOf<T, half, float>, "SoftMax APIs: data type not supported (half, float)");
    static_assert(akg::sim::kOneOf<S, half, float> && sizeof(S) >= sizeof(T),
                  "SoftMax APIs: max/sum tensors are T or, for half data, float");
    akg::sim::SoftmaxCall c;
    c.kind = kind;
    c.api = api;
    c.type = akg::sim::DTypeOf<T>();
    c.statType = akg::sim::DTypeOf<S>();
    c.expMaxType = c.type;
    c.dst = dst.Data();
    c.src = src.Data();
    c.tiling = tiling;
    c.shape = ResolveSoftmaxShape(src, info, tiling, config);
    c.statsWithoutBroadcast = config.mode == SoftmaxMode::SOFTMAX_OUTPUT_WITHOUT_BRC;
    if (tmp) {
        c.sharedTmp = true;
        c.tmp = tmp->Data();
        c.tmpBytes = tmp->GetSize();
    }
    c.caller = caller;
    return c;
}

#define AKG_SOFTMAX_ND(isDataFormatNZ) \
    static_assert(!(isDataFormatNZ), "akgen: the NZ data format of the SoftMax APIs is not modelled")

template <typename T, typename S>
inline void SoftMax(const LocalTensor<T>& dst, const LocalTensor<S>* sum, const LocalTensor<S>* max,
                    const LocalTensor<T>& src, const LocalTensor<uint8_t>* tmp, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& info, const SoftmaxConfig& config, const void* caller) {
    akg::sim::SoftmaxCall c =
        SoftmaxBase<T, S>(akg::adv::SoftmaxApi::SoftMax, "SoftMax", dst, src, tmp, tiling, info, config, caller);
    c.sum = sum ? sum->Data() : nullptr;
    c.max = max ? max->Data() : nullptr;
    akg::sim::SoftmaxRun(c);
}

template <typename T, typename S>
inline void SimpleSoftMax(const LocalTensor<T>& dst, const LocalTensor<S>& inSum, const LocalTensor<S>& inMax,
                          const LocalTensor<T>& src, const LocalTensor<uint8_t>* tmp, const SoftMaxTiling& tiling,
                          const SoftMaxShapeInfo& info, const SoftmaxConfig& config, const void* caller) {
    akg::sim::SoftmaxCall c = SoftmaxBase<T, S>(akg::adv::SoftmaxApi::SimpleSoftMax, "SimpleSoftMax", dst, src, tmp,
                                                tiling, info, config, caller);
    c.inSum = inSum.Data();
    c.inMax = inMax.Data();
    akg::sim::SoftmaxRun(c);
}

template <typename T>
inline void SoftmaxGrad(const LocalTensor<T>& dst, const LocalTensor<T>& grad, const LocalTensor<T>& src,
                        const LocalTensor<uint8_t>* tmp, const SoftMaxTiling& tiling, bool isFront,
                        const SoftMaxShapeInfo& info, const void* caller) {
    const auto kind = isFront ? akg::adv::SoftmaxApi::GradFront : akg::adv::SoftmaxApi::Grad;
    akg::sim::SoftmaxCall c =
        SoftmaxBase<T, T>(kind, "SoftmaxGrad", dst, src, tmp, tiling, info, SOFTMAX_DEFAULT_CFG, caller);
    c.grad = grad.Data();
    akg::sim::SoftmaxRun(c);
}

// SoftmaxFlash and SoftmaxFlashV2: `reduceMax` is V2's optional output.
template <typename T, typename S>
inline void Flash(bool v2, bool isUpdate, bool isBasicBlock, const LocalTensor<T>& dst, const LocalTensor<S>* reduceMax,
                  const LocalTensor<S>& sum, const LocalTensor<S>& max, const LocalTensor<T>& src,
                  const LocalTensor<T>& expMax, const LocalTensor<S>& inSum, const LocalTensor<S>& inMax,
                  const LocalTensor<uint8_t>* tmp, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& info,
                  const SoftmaxConfig& config, const void* caller) {
    using akg::adv::SoftmaxApi;
    const SoftmaxApi kind = v2 ? (isUpdate ? SoftmaxApi::FlashV2Update : SoftmaxApi::FlashV2)
                               : (isUpdate ? SoftmaxApi::FlashUpdate : SoftmaxApi::Flash);
    akg::sim::SoftmaxCall c = SoftmaxBase<T, S>(kind, v2 ? "SoftmaxFlashV2" : "SoftmaxFlash", dst, src, tmp, tiling,
                                                info, config, caller);
    c.sum = sum.Data();
    c.max = max.Data();
    c.reduceMax = reduceMax ? reduceMax->Data() : nullptr;
    c.isBasicBlock = isBasicBlock;
    if (isUpdate) {
        c.expMax = expMax.Data();
        c.inSum = inSum.Data();
        c.inMax = inMax.Data();
    }
    akg::sim::SoftmaxRun(c);
}

}  // namespace akg_adv

// ---------------------------------------------------------------------------------------------
// SoftMax: dst = exp(src - rowmax) / rowsum, with the row max and sum as outputs.

#define AKG_SOFTMAX_TPL \
    typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false, \
        const SoftmaxConfig &config = SOFTMAX_DEFAULT_CFG

template <AKG_SOFTMAX_TPL>
AKG_API void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
                     const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
                     const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    AKG_SOFTMAX_ND(isDataFormatNZ);
    akg_adv::SoftMax<T, T>(dstTensor, &sumTensor, &maxTensor, srcTensor, nullptr, tiling, softmaxShapeInfo, config,
                           AKG_CALLER);
}
template <AKG_SOFTMAX_TPL>
AKG_API void SoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
                     const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                     const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    AKG_SOFTMAX_ND(isDataFormatNZ);
    akg_adv::SoftMax<half, float>(dstTensor, &sumTensor, &maxTensor, srcTensor, nullptr, tiling, softmaxShapeInfo,
                                  config, AKG_CALLER);
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
AKG_API void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
                     const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    akg_adv::SoftMax<T, T>(dstTensor, nullptr, nullptr, srcTensor, nullptr, tiling, softmaxShapeInfo, config,
                           AKG_CALLER);
}
template <AKG_SOFTMAX_TPL>
AKG_API void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
                     const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                     const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    AKG_SOFTMAX_ND(isDataFormatNZ);
    akg_adv::SoftMax<T, T>(dstTensor, &sumTensor, &maxTensor, srcTensor, &sharedTmpBuffer, tiling, softmaxShapeInfo,
                           config, AKG_CALLER);
}
template <AKG_SOFTMAX_TPL>
AKG_API void SoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
                     const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                     const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    AKG_SOFTMAX_ND(isDataFormatNZ);
    akg_adv::SoftMax<half, float>(dstTensor, &sumTensor, &maxTensor, srcTensor, &sharedTmpBuffer, tiling,
                                  softmaxShapeInfo, config, AKG_CALLER);
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
AKG_API void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                     const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    akg_adv::SoftMax<T, T>(dstTensor, nullptr, nullptr, srcTensor, &sharedTmpBuffer, tiling, softmaxShapeInfo, config,
                           AKG_CALLER);
}

// SimpleSoftMax: dst = exp(src - inMax) / inSum with precomputed row max and sum.
template <AKG_SOFTMAX_TPL>
AKG_API void SimpleSoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& inSumTensor,
                           const LocalTensor<T>& inMaxTensor, const LocalTensor<T>& srcTensor,
                           const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    AKG_SOFTMAX_ND(isDataFormatNZ);
    akg_adv::SimpleSoftMax<T, T>(dstTensor, inSumTensor, inMaxTensor, srcTensor, nullptr, tiling, softmaxShapeInfo,
                                 config, AKG_CALLER);
}
template <AKG_SOFTMAX_TPL>
AKG_API void SimpleSoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& inSumTensor,
                           const LocalTensor<float>& inMaxTensor, const LocalTensor<half>& srcTensor,
                           const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    AKG_SOFTMAX_ND(isDataFormatNZ);
    akg_adv::SimpleSoftMax<half, float>(dstTensor, inSumTensor, inMaxTensor, srcTensor, nullptr, tiling,
                                        softmaxShapeInfo, config, AKG_CALLER);
}
template <AKG_SOFTMAX_TPL>
AKG_API void SimpleSoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& inSumTensor,
                           const LocalTensor<T>& inMaxTensor, const LocalTensor<T>& srcTensor,
                           const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                           const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    AKG_SOFTMAX_ND(isDataFormatNZ);
    akg_adv::SimpleSoftMax<T, T>(dstTensor, inSumTensor, inMaxTensor, srcTensor, &sharedTmpBuffer, tiling,
                                 softmaxShapeInfo, config, AKG_CALLER);
}
template <AKG_SOFTMAX_TPL>
AKG_API void SimpleSoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& inSumTensor,
                           const LocalTensor<float>& inMaxTensor, const LocalTensor<half>& srcTensor,
                           const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                           const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    AKG_SOFTMAX_ND(isDataFormatNZ);
    akg_adv::SimpleSoftMax<half, float>(dstTensor, inSumTensor, inMaxTensor, srcTensor, &sharedTmpBuffer, tiling,
                                        softmaxShapeInfo, config, AKG_CALLER);
}
#undef AKG_SOFTMAX_TPL

// SoftmaxGrad: dst = (grad - rowsum(grad * src)) * src, or with isFront only the row sums.
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
AKG_API void SoftmaxGrad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                         const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling, bool isFront = false,
                         const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    AKG_SOFTMAX_ND(isDataFormatNZ);
    akg_adv::SoftmaxGrad<T>(dstTensor, gradTensor, srcTensor, nullptr, tiling, isFront, softmaxShapeInfo, AKG_CALLER);
}
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
AKG_API void SoftmaxGrad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                         const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                         const SoftMaxTiling& tiling, bool isFront = false,
                         const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    AKG_SOFTMAX_ND(isDataFormatNZ);
    akg_adv::SoftmaxGrad<T>(dstTensor, gradTensor, srcTensor, &sharedTmpBuffer, tiling, isFront, softmaxShapeInfo,
                            AKG_CALLER);
}

// SoftmaxFlash: SoftMax that, with isUpdate, folds in the max and sum of the previous blocks of the
// row (expMax = exp(inMax - max) * inSum / sum rescales the earlier output).
template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
AKG_API void SoftmaxFlash(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor,
                          const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                          const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inSumTensor,
                          const LocalTensor<T>& inMaxTensor, const SoftMaxTiling& tiling, bool isUpdate = false,
                          const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    akg_adv::Flash<T, T>(false, isUpdate, isBasicBlock, dstTensor, nullptr, sumTensor, maxTensor, srcTensor,
                         expMaxTensor, inSumTensor, inMaxTensor, nullptr, tiling, softmaxShapeInfo,
                         SOFTMAX_DEFAULT_CFG, AKG_CALLER);
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
AKG_API void SoftmaxFlash(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
                          const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                          const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inSumTensor,
                          const LocalTensor<float>& inMaxTensor, const SoftMaxTiling& tiling, bool isUpdate = false,
                          const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    akg_adv::Flash<half, float>(false, isUpdate, isBasicBlock, dstTensor, nullptr, sumTensor, maxTensor, srcTensor,
                                expMaxTensor, inSumTensor, inMaxTensor, nullptr, tiling, softmaxShapeInfo,
                                SOFTMAX_DEFAULT_CFG, AKG_CALLER);
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
AKG_API void SoftmaxFlash(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor,
                          const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                          const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inSumTensor,
                          const LocalTensor<T>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                          const SoftMaxTiling& tiling, bool isUpdate = false,
                          const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    akg_adv::Flash<T, T>(false, isUpdate, isBasicBlock, dstTensor, nullptr, sumTensor, maxTensor, srcTensor,
                         expMaxTensor, inSumTensor, inMaxTensor, &sharedTmpBuffer, tiling, softmaxShapeInfo,
                         SOFTMAX_DEFAULT_CFG, AKG_CALLER);
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
AKG_API void SoftmaxFlash(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
                          const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                          const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inSumTensor,
                          const LocalTensor<float>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                          const SoftMaxTiling& tiling, bool isUpdate = false,
                          const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    akg_adv::Flash<half, float>(false, isUpdate, isBasicBlock, dstTensor, nullptr, sumTensor, maxTensor, srcTensor,
                                expMaxTensor, inSumTensor, inMaxTensor, &sharedTmpBuffer, tiling, softmaxShapeInfo,
                                SOFTMAX_DEFAULT_CFG, AKG_CALLER);
}

// SoftmaxFlashV2 (FlashAttention-2): dst = exp(src - max) unnormalised; with isUpdate the max is
// max(inMax, rowmax), expMax = exp(inMax - max) and sum = expMax * inExpSum + rowsum.
#define AKG_FLASHV2_TPL                                                                                  \
    typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,           \
        bool isDataFormatNZ = false, const SoftmaxConfig &config = SOFTMAX_DEFAULT_CFG

template <AKG_FLASHV2_TPL>
AKG_API void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& expSumTensor,
                            const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                            const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inExpSumTensor,
                            const LocalTensor<T>& inMaxTensor, const SoftMaxTiling& tiling,
                            const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    AKG_SOFTMAX_ND(isDataFormatNZ);
    akg_adv::Flash<T, T>(true, isUpdate, isBasicBlock, dstTensor, nullptr, expSumTensor, maxTensor, srcTensor,
                         expMaxTensor, inExpSumTensor, inMaxTensor, nullptr, tiling, softmaxShapeInfo, config,
                         AKG_CALLER);
}
template <AKG_FLASHV2_TPL>
AKG_API void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& outReduceMax,
                            const LocalTensor<T>& outExpSum, const LocalTensor<T>& outMax,
                            const LocalTensor<T>& srcTensor, const LocalTensor<T>& outExpMax,
                            const LocalTensor<T>& inExpSum, const LocalTensor<T>& inMax, const SoftMaxTiling& tiling,
                            const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    AKG_SOFTMAX_ND(isDataFormatNZ);
    akg_adv::Flash<T, T>(true, isUpdate, isBasicBlock, dstTensor, &outReduceMax, outExpSum, outMax, srcTensor,
                         outExpMax, inExpSum, inMax, nullptr, tiling, softmaxShapeInfo, config, AKG_CALLER);
}
template <AKG_FLASHV2_TPL>
AKG_API void SoftmaxFlashV2(const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor,
                            const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                            const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inExpSumTensor,
                            const LocalTensor<float>& inMaxTensor, const SoftMaxTiling& tiling,
                            const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    AKG_SOFTMAX_ND(isDataFormatNZ);
    akg_adv::Flash<half, float>(true, isUpdate, isBasicBlock, dstTensor, nullptr, expSumTensor, maxTensor, srcTensor,
                                expMaxTensor, inExpSumTensor, inMaxTensor, nullptr, tiling, softmaxShapeInfo, config,
                                AKG_CALLER);
}
template <AKG_FLASHV2_TPL>
AKG_API void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& outExpSum,
                            const LocalTensor<T>& outMax, const LocalTensor<T>& srcTensor,
                            const LocalTensor<T>& outExpMax, const LocalTensor<T>& inExpSum,
                            const LocalTensor<T>& inMax, const LocalTensor<uint8_t>& sharedTmpBuffer,
                            const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    AKG_SOFTMAX_ND(isDataFormatNZ);
    akg_adv::Flash<T, T>(true, isUpdate, isBasicBlock, dstTensor, nullptr, outExpSum, outMax, srcTensor, outExpMax,
                         inExpSum, inMax, &sharedTmpBuffer, tiling, softmaxShapeInfo, config, AKG_CALLER);
}
template <AKG_FLASHV2_TPL>
AKG_API void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& outReduceMax,
                            const LocalTensor<T>& expSumTensor, const LocalTensor<T>& maxTensor,
                            const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
                            const LocalTensor<T>& inExpSumTensor, const LocalTensor<T>& inMaxTensor,
                            const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                            const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    AKG_SOFTMAX_ND(isDataFormatNZ);
    akg_adv::Flash<T, T>(true, isUpdate, isBasicBlock, dstTensor, &outReduceMax, expSumTensor, maxTensor, srcTensor,
                         expMaxTensor, inExpSumTensor, inMaxTensor, &sharedTmpBuffer, tiling, softmaxShapeInfo,
                         config, AKG_CALLER);
}
template <AKG_FLASHV2_TPL>
AKG_API void SoftmaxFlashV2(const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor,
                            const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                            const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inExpSumTensor,
                            const LocalTensor<float>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                            const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    AKG_SOFTMAX_ND(isDataFormatNZ);
    akg_adv::Flash<half, float>(true, isUpdate, isBasicBlock, dstTensor, nullptr, expSumTensor, maxTensor, srcTensor,
                                expMaxTensor, inExpSumTensor, inMaxTensor, &sharedTmpBuffer, tiling, softmaxShapeInfo,
                                config, AKG_CALLER);
}
#undef AKG_FLASHV2_TPL
#undef AKG_SOFTMAX_ND

// Kernel-side tiling of SoftmaxFlashV2, for shapes that differ from the host's; the same
// computation as the host's SoftMaxFlashV2TilingFunc. The Impl form, which CANN's own operators
// call, takes the temporary space in float elements; SoftMaxFlashV2TilingFunc in bytes.
__aicore__ inline constexpr SoftMaxTiling SoftMaxFlashV2TilingFuncImpl(
    const uint32_t srcM, const uint32_t srcK, const uint32_t dataTypeSize1, const uint32_t dataTypeSize2,
    const uint32_t localWorkSpaceSize, const bool isUpdate = false, const bool isBasicBlock = false,
    const bool isDataFormatNZ = false, const bool isFlashOutputBrc = false) {
    (void)isUpdate;
    (void)isDataFormatNZ;
    return akg::adv::SoftmaxFlashV2TilingFor(srcM, srcK, dataTypeSize1, dataTypeSize2, localWorkSpaceSize,
                                             isBasicBlock, isFlashOutputBrc);
}
__aicore__ inline constexpr SoftMaxTiling SoftMaxFlashV2TilingFunc(const SoftMaxShapeInfo& shapeInfo,
                                                                   const uint32_t dataTypeSize1,
                                                                   const uint32_t dataTypeSize2,
                                                                   const uint32_t localWorkSpaceSize,
                                                                   const bool isUpdate = false,
                                                                   const bool isBasicBlock = false,
                                                                   const bool isDataFormatNZ = false,
                                                                   const bool isFlashOutputBrc = false) {
    return SoftMaxFlashV2TilingFuncImpl(shapeInfo.srcM, shapeInfo.srcK, dataTypeSize1, dataTypeSize2,
                                        localWorkSpaceSize / 4, isUpdate, isBasicBlock, isDataFormatNZ,
                                        isFlashOutputBrc);
}

// Post-processing of a SoftMax result: rows whose max equals `from` (the bit pattern of a T2 value,
// e.g. 0xFF7FFFFF for float's lowest) are set to `to` wholly. stepSizeMode 0 reads each row's max
// from its 32-byte block, non-zero from one element per row (ND only).
template <typename T1, typename T2, bool isDataFormatNZ = false, uint8_t stepSizeMode = 0>
AKG_API bool AdjustSoftMaxRes(const LocalTensor<T1>& softMaxRes, const LocalTensor<T2>& maxTensor, const uint32_t from,
                              const T1 to, const SoftMaxShapeInfo& softmaxShapeInfo) {
    static_assert(akg::sim::kOneOf<T1, half, float> && akg::sim::kOneOf<T2, half, float>,
                  "AdjustSoftMaxRes: data types not supported (half, float)");
    static_assert(!isDataFormatNZ, "akgen: the NZ data format of AdjustSoftMaxRes is not modelled");
    return akg::sim::AdjustSoftmaxRes(softMaxRes.Data(), akg::sim::DTypeOf<T1>(), maxTensor.Data(),
                                      akg::sim::DTypeOf<T2>(), from, &to, softmaxShapeInfo, stepSizeMode != 0,
                                      AKG_CALLER);
}

}  // namespace AscendC
