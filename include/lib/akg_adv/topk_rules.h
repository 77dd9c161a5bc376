// TopK (high-level sort API) as both sides know it: TopKMode, the TopkTiling struct (its fields as
// CANN's documentation lists them), the temporary-space rule the host helper GetTopKMaxMinTmpSize
// reports and the simulator enforces on the kernel call, and the tiling TopKTilingFunc fills.
//
// The numbers are those of CANN's high-level library. Atlas A2/A3 (`v220`) keeps, per row in
// Normal mode, the Sort32 / MrgSort records and a copy of them (16 bytes per element) plus the
// generated indices (4 bytes per element) when isInitIndex is false; Small mode (inner 32) sorts
// all outter rows at once: 8 bytes per element, 64 bytes of GatherMask patterns, a negated copy
// of the scores for the smallest k and the generated indices. Atlas inference (`v200`, Region
// Proposals) keeps proposals of 8 elements and their MrgSort4 copy.
#pragma once

#include <cstdint>

namespace AscendC {

enum class TopKMode {
    TOPK_NORMAL,
    TOPK_NSMALL,
};

namespace tiling {
// Filled by TopKTilingFunc; the kernel only passes it on to TopK.
struct TopkTiling {
    int32_t tmpLocalSize = 0;
    int32_t allDataSize = 0;
    int32_t innerDataSize = 0;
    uint32_t sortRepeat = 0;
    int32_t mrgSortRepeat = 0;
    int32_t kAlignFourBytes = 0;
    int32_t kAlignTwoBytes = 0;
    int32_t maskOffset = 0;
    int32_t maskVreducev2FourBytes = 0;
    int32_t maskVreducev2TwoBytes = 0;
    int32_t mrgSortSrc1offset = 0;
    int32_t mrgSortSrc2offset = 0;
    int32_t mrgSortSrc3offset = 0;
    int32_t mrgSortTwoQueueSrc1Offset = 0;
    int32_t mrgFourQueueTailPara1 = 0;
    int32_t mrgFourQueueTailPara2 = 0;
    int32_t srcIndexOffset = 0;
    uint32_t copyUbToUbBlockCount = 0;
    int32_t topkMrgSrc1MaskSizeOffset = 0;
    int32_t topkNSmallSrcIndexOffset = 0;
    uint32_t vreduceValMask0 = 0;
    uint32_t vreduceValMask1 = 0;
    uint32_t vreduceIdxMask0 = 0;
    uint32_t vreduceIdxMask1 = 0;
    uint16_t vreducehalfValMask0 = 0;
    uint16_t vreducehalfValMask1 = 0;
    uint16_t vreducehalfValMask2 = 0;
    uint16_t vreducehalfValMask3 = 0;
    uint16_t vreducehalfValMask4 = 0;
    uint16_t vreducehalfValMask5 = 0;
    uint16_t vreducehalfValMask6 = 0;
    uint16_t vreducehalfValMask7 = 0;
};
}  // namespace tiling
}  // namespace AscendC

namespace akg::adv {

namespace topk {
constexpr int32_t kGroup = 32;        // Sort32 sorts groups of 32; inner is whole groups
constexpr int32_t kMaxNormalInner = 4096;
constexpr int32_t kSmallInner = 32;
constexpr uint32_t kSmallMaskBytes = 64;  // GatherMask patterns of Small mode
constexpr uint32_t kProposal = 8;     // elements of a Region Proposal (v200)
inline int32_t AlignUp(int32_t v, int32_t a) { return (v + a - 1) / a * a; }
}  // namespace topk

// Why a (inner, outter, mode, type size) is not a TopK shape, or nullptr when it is.
inline const char* TopKShapeProblem(int32_t inner, int32_t outter, AscendC::TopKMode mode, uint32_t typeSize) {
    using namespace topk;
    if (typeSize != 2 && typeSize != 4) return "the data type is not half or float";
    if (inner <= 0 || inner % kGroup != 0) return "inner must be a positive multiple of 32";
    if (outter <= 0) return "outter must be at least 1";
    if (mode == AscendC::TopKMode::TOPK_NSMALL && inner != kSmallInner) return "Small mode takes inner = 32";
    if (mode == AscendC::TopKMode::TOPK_NORMAL && inner > kMaxNormalInner) return "Normal mode takes inner up to 4096";
    return nullptr;
}

// Bytes of temporary space one TopK call needs (minimum = maximum: the implementation has one
// form). `v200`: Atlas inference AI Core.
inline uint32_t TopKTmpBytes(int32_t inner, int32_t outter, bool isInitIndex, AscendC::TopKMode mode, bool isLargest,
                             uint32_t typeSize, bool v200) {
    using namespace topk;
    const uint64_t in = uint64_t(inner), all = uint64_t(inner) * uint64_t(outter);
    uint64_t bytes = 0;
    if (v200) {
        bytes = mode == AscendC::TopKMode::TOPK_NORMAL ? in * kProposal * typeSize * 2 + in * 4
                                                       : all * kProposal * typeSize * 2;
    } else if (mode == AscendC::TopKMode::TOPK_NORMAL) {
        bytes = in * 16 + (isInitIndex ? 0 : in * 4);
    } else {
        bytes = all * 8 + kSmallMaskBytes + (isLargest ? 0 : all * 4) + (isInitIndex ? 0 : all * 4);
    }
    return uint32_t(bytes > UINT32_MAX ? UINT32_MAX : bytes);
}

// The tiling TopKTilingFunc computes. The kernel side reads sortRepeat (Normal mode: the groups
// of one row) to see that the tiling was made for the row length it is called with.
inline void TopKTilingFor(int32_t inner, int32_t outter, int32_t k, uint32_t typeSize, bool isInitIndex,
                          AscendC::TopKMode mode, bool isLargest, bool v200, AscendC::tiling::TopkTiling& t) {
    using namespace topk;
    t = AscendC::tiling::TopkTiling{};
    const int32_t elemsPer8 = int32_t(8 / typeSize);  // elements of T in one 8-byte sort record
    t.allDataSize = inner * outter;
    t.kAlignFourBytes = AlignUp(k, 8);
    t.kAlignTwoBytes = AlignUp(k, 16);
    t.maskVreducev2FourBytes = 2 * k;
    t.maskVreducev2TwoBytes = 4 * k;
    t.tmpLocalSize = int32_t(TopKTmpBytes(inner, outter, isInitIndex, mode, isLargest, typeSize, v200) / typeSize);
    if (v200) {
        t.sortRepeat = uint32_t(mode == AscendC::TopKMode::TOPK_NORMAL ? inner / 16 : inner * outter / 16);
        t.innerDataSize = int32_t(kProposal) * (mode == AscendC::TopKMode::TOPK_NORMAL ? inner : inner * outter);
        t.copyUbToUbBlockCount = uint32_t(t.innerDataSize) * typeSize / 32;
        t.maskOffset = mode == AscendC::TopKMode::TOPK_NORMAL
                           ? outter * (typeSize == 2 ? t.kAlignTwoBytes : t.kAlignFourBytes)
                           : outter * k;
        return;
    }
    if (mode == AscendC::TopKMode::TOPK_NORMAL) {
        t.sortRepeat = uint32_t(inner / kGroup);
        t.mrgSortRepeat = inner / 4;
        t.innerDataSize = inner * elemsPer8;
        t.copyUbToUbBlockCount = uint32_t(inner) * 8 / 32;
        t.maskOffset = outter * (typeSize == 2 ? t.kAlignTwoBytes : t.kAlignFourBytes);
        t.mrgSortSrc1offset = elemsPer8;
        t.mrgSortSrc2offset = 2 * elemsPer8;
        t.mrgSortSrc3offset = 3 * elemsPer8;
        t.mrgSortTwoQueueSrc1Offset = elemsPer8;
        t.mrgFourQueueTailPara1 = inner * 2;
        t.mrgFourQueueTailPara2 = int32_t(4 / typeSize);
        if (!isInitIndex) t.srcIndexOffset = inner * 16 / int32_t(typeSize);
    } else {
        t.sortRepeat = uint32_t(inner * outter / kGroup);
        t.innerDataSize = inner * outter * elemsPer8;
        t.maskOffset = outter * k;
        t.topkMrgSrc1MaskSizeOffset = t.innerDataSize + (isLargest ? 0 : inner * outter);
        if (!isInitIndex)
            t.topkNSmallSrcIndexOffset = t.topkMrgSrc1MaskSizeOffset + int32_t(kSmallMaskBytes / typeSize);
    }
}

}  // namespace akg::adv
