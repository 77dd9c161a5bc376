// Host helpers of the SoftMax family (CANN lib/activation/softmax_tiling.h): the temporary-space
// range of each kernel API and the SoftMaxTiling it takes, in the optiling (tiling-data class)
// and AscendC::tiling (plain struct) forms. The rules live in lib/akg_adv/softmax_rules.h, which
// the simulator also checks kernel calls against. Shapes are [..., k] with the leading
// dimensions folded into m; an empty shape or an unsupported type size gives 0 / a zero tiling.
#pragma once

#include <cstdint>

#include "adv_api/utils/types.h"
#include "graph/tensor.h"
#include "lib/akg_adv/softmax_rules.h"
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SoftMaxTiling)
TILING_DATA_FIELD_DEF(uint32_t, srcM);
TILING_DATA_FIELD_DEF(uint32_t, srcK);
TILING_DATA_FIELD_DEF(uint32_t, srcSize);
TILING_DATA_FIELD_DEF(uint32_t, outMaxM);
TILING_DATA_FIELD_DEF(uint32_t, outMaxK);
TILING_DATA_FIELD_DEF(uint32_t, outMaxSize);
TILING_DATA_FIELD_DEF(uint32_t, splitM);
TILING_DATA_FIELD_DEF(uint32_t, splitK);
TILING_DATA_FIELD_DEF(uint32_t, splitSize);
TILING_DATA_FIELD_DEF(uint32_t, reduceM);
TILING_DATA_FIELD_DEF(uint32_t, reduceK);
TILING_DATA_FIELD_DEF(uint32_t, reduceSize);
TILING_DATA_FIELD_DEF(uint32_t, rangeM);
TILING_DATA_FIELD_DEF(uint32_t, tailM);
TILING_DATA_FIELD_DEF(uint32_t, tailSplitSize);
TILING_DATA_FIELD_DEF(uint32_t, tailReduceSize);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace AscendC {
namespace akg_softmax_host {

using akg::adv::SoftmaxApi;

struct MK {
    uint32_t m = 0;
    uint32_t k = 0;
};
// [..., k] as [m, k]; {0, 0} for an empty or unknown shape.
inline MK FoldLastAxis(const ge::Shape& shape) {
    const int64_t n = shape.GetShapeSize();
    const size_t rank = shape.GetDimNum();
    if (n <= 0 || rank == 0 || shape.GetDim(rank - 1) <= 0) return {};
    const int64_t k = shape.GetDim(rank - 1);
    return {uint32_t(n / k), uint32_t(k)};
}

inline bool TypeSizeOk(uint32_t s) { return s == 2 || s == 4; }

inline void Store(const tiling::SoftMaxTiling& t, optiling::SoftMaxTiling& out) {
    out.set_srcM(t.srcM);
    out.set_srcK(t.srcK);
    out.set_srcSize(t.srcSize);
    out.set_outMaxM(t.outMaxM);
    out.set_outMaxK(t.outMaxK);
    out.set_outMaxSize(t.outMaxSize);
    out.set_splitM(t.splitM);
    out.set_splitK(t.splitK);
    out.set_splitSize(t.splitSize);
    out.set_reduceM(t.reduceM);
    out.set_reduceK(t.reduceK);
    out.set_reduceSize(t.reduceSize);
    out.set_rangeM(t.rangeM);
    out.set_tailM(t.tailM);
    out.set_tailSplitSize(t.tailSplitSize);
    out.set_tailReduceSize(t.tailReduceSize);
}

inline akg::adv::SoftmaxTmpRange Range(SoftmaxApi api, const ge::Shape& shape, uint32_t typeSize) {
    const MK s = FoldLastAxis(shape);
    return akg::adv::SoftmaxTmpSize(api, s.m, s.k, typeSize);
}

inline tiling::SoftMaxTiling Tiling(SoftmaxApi api, const ge::Shape& shape, uint32_t typeSize, uint32_t workBytes) {
    const MK s = FoldLastAxis(shape);
    if (s.m == 0 || !TypeSizeOk(typeSize)) return {};
    return akg::adv::SoftmaxTilingFor(api, s.m, s.k, typeSize, workBytes / 4);
}

}  // namespace akg_softmax_host

// SoftMax / SimpleSoftMax. dataTypeSize: the max/sum type.
inline uint32_t GetSoftMaxMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
    (void)isReuseSource;  // reserved by the API
    return akg_softmax_host::Range(akg::adv::SoftmaxApi::SoftMax, srcShape, dataTypeSize).maxValue;
}
inline uint32_t GetSoftMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
    (void)isReuseSource;
    return akg_softmax_host::Range(akg::adv::SoftmaxApi::SoftMax, srcShape, dataTypeSize).minValue;
}
inline void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                              tiling::SoftMaxTiling& softmaxTiling) {
    softmaxTiling =
        akg_softmax_host::Tiling(akg::adv::SoftmaxApi::SoftMax, srcShape, dataTypeSize, localWorkSpaceSize);
}
inline void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                              optiling::SoftMaxTiling& softmaxTiling) {
    akg_softmax_host::Store(
        akg_softmax_host::Tiling(akg::adv::SoftmaxApi::SoftMax, srcShape, dataTypeSize, localWorkSpaceSize),
        softmaxTiling);
}

// SoftmaxFlash (deprecated by CANN in favour of SoftmaxFlashV2).
inline uint32_t GetSoftMaxFlashMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isUpdate,
                                          const bool isReuseSource) {
    (void)isReuseSource;
    const auto api = isUpdate ? akg::adv::SoftmaxApi::FlashUpdate : akg::adv::SoftmaxApi::Flash;
    return akg_softmax_host::Range(api, srcShape, dataTypeSize).maxValue;
}
inline uint32_t GetSoftMaxFlashMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isUpdate,
                                          const bool isReuseSource) {
    (void)isReuseSource;
    const auto api = isUpdate ? akg::adv::SoftmaxApi::FlashUpdate : akg::adv::SoftmaxApi::Flash;
    return akg_softmax_host::Range(api, srcShape, dataTypeSize).minValue;
}
inline void SoftMaxFlashTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                   const uint32_t localWorkSpaceSize, tiling::SoftMaxTiling& softmaxFlashTiling,
                                   const bool isUpdate = false) {
    const auto api = isUpdate ? akg::adv::SoftmaxApi::FlashUpdate : akg::adv::SoftmaxApi::Flash;
    softmaxFlashTiling = akg_softmax_host::Tiling(api, srcShape, dataTypeSize, localWorkSpaceSize);
}
inline void SoftMaxFlashTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                   const uint32_t localWorkSpaceSize, optiling::SoftMaxTiling& softmaxFlashTiling,
                                   const bool isUpdate = false) {
    const auto api = isUpdate ? akg::adv::SoftmaxApi::FlashUpdate : akg::adv::SoftmaxApi::Flash;
    akg_softmax_host::Store(akg_softmax_host::Tiling(api, srcShape, dataTypeSize, localWorkSpaceSize),
                            softmaxFlashTiling);
}

// SoftmaxGrad. isFront: only the row sums of grad * src are computed.
inline uint32_t GetSoftMaxGradMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isFront,
                                         const bool isReuseSource) {
    (void)isReuseSource;
    const auto api = isFront ? akg::adv::SoftmaxApi::GradFront : akg::adv::SoftmaxApi::Grad;
    return akg_softmax_host::Range(api, srcShape, dataTypeSize).maxValue;
}
inline uint32_t GetSoftMaxGradMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isFront,
                                         const bool isReuseSource) {
    (void)isReuseSource;
    const auto api = isFront ? akg::adv::SoftmaxApi::GradFront : akg::adv::SoftmaxApi::Grad;
    return akg_softmax_host::Range(api, srcShape, dataTypeSize).minValue;
}
inline void SoftMaxGradTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                  const uint32_t localWorkSpaceSize, tiling::SoftMaxTiling& softmaxGradTiling,
                                  const bool isFront = false) {
    const auto api = isFront ? akg::adv::SoftmaxApi::GradFront : akg::adv::SoftmaxApi::Grad;
    softmaxGradTiling = akg_softmax_host::Tiling(api, srcShape, dataTypeSize, localWorkSpaceSize);
}
inline void SoftMaxGradTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                  const uint32_t localWorkSpaceSize, optiling::SoftMaxTiling& softmaxGradTiling,
                                  const bool isFront = false) {
    const auto api = isFront ? akg::adv::SoftmaxApi::GradFront : akg::adv::SoftmaxApi::Grad;
    akg_softmax_host::Store(akg_softmax_host::Tiling(api, srcShape, dataTypeSize, localWorkSpaceSize),
                            softmaxGradTiling);
}

// SoftmaxFlashV2. dataTypeSize1: the source type; dataTypeSize2: the max/sum type.
inline uint32_t GetSoftMaxFlashV2MaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                            const uint32_t dataTypeSize2, const bool isUpdate,
                                            const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
    (void)isUpdate;  // the same space with and without the update on Atlas A2/A3
    (void)isFlashOutputBrc;
    const akg_softmax_host::MK s = akg_softmax_host::FoldLastAxis(srcShape);
    return akg::adv::SoftmaxFlashV2TmpSize(s.m, s.k, dataTypeSize1, dataTypeSize2, isBasicBlock, false).maxValue;
}
inline uint32_t GetSoftMaxFlashV2MinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                            const uint32_t dataTypeSize2, const bool isUpdate,
                                            const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
    (void)isUpdate;
    const akg_softmax_host::MK s = akg_softmax_host::FoldLastAxis(srcShape);
    return akg::adv::SoftmaxFlashV2TmpSize(s.m, s.k, dataTypeSize1, dataTypeSize2, isBasicBlock, isFlashOutputBrc)
        .minValue;
}
inline void SoftMaxFlashV2TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                     tiling::SoftMaxTiling& softmaxFlashTiling, const bool isUpdate,
                                     const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
    (void)isUpdate;
    const akg_softmax_host::MK s = akg_softmax_host::FoldLastAxis(srcShape);
    softmaxFlashTiling = {};
    if (s.m == 0 || !akg_softmax_host::TypeSizeOk(dataTypeSize1) || !akg_softmax_host::TypeSizeOk(dataTypeSize2))
        return;
    softmaxFlashTiling = akg::adv::SoftmaxFlashV2TilingFor(s.m, s.k, dataTypeSize1, dataTypeSize2,
                                                           localWorkSpaceSize / 4, isBasicBlock, isFlashOutputBrc);
}
inline void SoftMaxFlashV2TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                     optiling::SoftMaxTiling& softmaxFlashTiling, const bool isUpdate,
                                     const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
    tiling::SoftMaxTiling t;
    SoftMaxFlashV2TilingFunc(srcShape, dataTypeSize1, dataTypeSize2, localWorkSpaceSize, t, isUpdate, isBasicBlock,
                             isFlashOutputBrc);
    akg_softmax_host::Store(t, softmaxFlashTiling);
}

inline bool IsBasicBlockInSoftMax(tiling::SoftMaxTiling& tiling, const uint32_t dataTypeSize = 2) {
    return akg::adv::SoftmaxIsBasicBlock(tiling.srcK, tiling.tailM, dataTypeSize);
}
inline bool IsBasicBlockInSoftMax(optiling::SoftMaxTiling& tiling, const uint32_t dataTypeSize = 2) {
    return akg::adv::SoftmaxIsBasicBlock(tiling.get_srcK(), tiling.get_tailM(), dataTypeSize);
}

}  // namespace AscendC
