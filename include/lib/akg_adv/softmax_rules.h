// The SoftMax family (SoftMax, SimpleSoftMax, SoftmaxGrad, SoftmaxFlash, SoftmaxFlashV2) as both
// sides know it: the SoftMaxTiling struct, the temporary-space rules the host helpers
// (GetSoftMax...Min/MaxTmpSize) report and the simulator enforces on the kernel call, and the
// tiling computation the host TilingFuncs and the kernel-side SoftMaxFlashV2TilingFunc share.
//
// The numbers are those of the CANN high-level library for Atlas A2/A3. Every rule counts float
// slots per row of the [m, k] input: `blk` is one 32-byte block of the max/sum type (8 float or
// 16 half), and 64 floats hold the reduce's partial results. The minimum is one row (the
// implementation then loops row by row), the maximum all m rows at once.
#pragma once

#include <algorithm>
#include <cstdint>

namespace AscendC {
namespace tiling {
// Filled by the SoftMax tiling helpers; the kernel only passes it on to the API.
struct SoftMaxTiling {
    uint32_t srcM = 0;
    uint32_t srcK = 0;
    uint32_t srcSize = 0;
    uint32_t outMaxM = 0;
    uint32_t outMaxK = 0;
    uint32_t outMaxSize = 0;
    uint32_t splitM = 0;
    uint32_t splitK = 0;
    uint32_t splitSize = 0;
    uint32_t reduceM = 0;
    uint32_t reduceK = 0;
    uint32_t reduceSize = 0;
    uint32_t rangeM = 0;
    uint32_t tailM = 0;
    uint32_t tailSplitSize = 0;
    uint32_t tailReduceSize = 0;
};
}  // namespace tiling
}  // namespace AscendC

namespace akg::adv {

struct SoftmaxTmpRange {
    uint32_t maxValue = 0;
    uint32_t minValue = 0;
};

enum class SoftmaxApi : uint8_t { SoftMax, SimpleSoftMax, Grad, GradFront, Flash, FlashUpdate, FlashV2, FlashV2Update };

namespace softmax_detail {
constexpr uint32_t kBlock = 32;
constexpr uint32_t kReduceSlots = 64;
constexpr uint32_t kBasicTile = 8;  // rows of one float block
constexpr uint32_t kBasicBlockMaxElems = kReduceSlots * 256;
constexpr uint32_t kSpecialBasicK = 1024;

constexpr uint64_t Clamp32(uint64_t v) { return v > UINT32_MAX ? UINT32_MAX : v; }

// Float slots one row needs. `typeSize` is the max/sum type (FlashV2: the source type decides
// whether a float copy of the row is needed, `statSize` sizes the block).
constexpr uint64_t RowSlots(SoftmaxApi api, uint64_t srcK, uint32_t typeSize, uint32_t statSize) {
    const uint64_t blk = kBlock / statSize;
    switch (api) {
        case SoftmaxApi::SoftMax:
        case SoftmaxApi::SimpleSoftMax:
        case SoftmaxApi::Flash: return blk + srcK + kReduceSlots;
        case SoftmaxApi::FlashUpdate: return blk * 4 + srcK * 2;
        case SoftmaxApi::Grad:
            return typeSize == 2 ? blk * 2 + srcK * 3 + kReduceSlots : blk * 2 + srcK + kReduceSlots;
        case SoftmaxApi::GradFront:
            return typeSize == 2 ? blk * 2 + srcK * 3 + kReduceSlots : blk + srcK + kReduceSlots;
        case SoftmaxApi::FlashV2:
        case SoftmaxApi::FlashV2Update:
            return typeSize == 2 ? blk * 2 + srcK + kReduceSlots : blk + kReduceSlots;
    }
    return 0;
}

// FlashV2's basic-block rows: one block of 8 rows, with room for 128 reduce slots at k = 1024.
constexpr uint64_t FlashV2BasicRowSlots(uint64_t srcK, uint32_t srcSize, uint32_t statSize) {
    const uint64_t blk = kBlock / statSize;
    const uint64_t reduce = srcK == kSpecialBasicK ? kReduceSlots * 2 : kReduceSlots;
    return srcSize == 2 ? blk + srcK + reduce : blk + reduce;
}

// A basic-block split: a multiple of 8 rows dividing srcM, below 255 repeats.
constexpr uint32_t AdjustBasicBlockRows(uint32_t baseM, uint32_t srcM, uint32_t srcK) {
    if (baseM > kBasicTile && srcM % kBasicTile == 0 && srcK % kReduceSlots == 0) {
        baseM = baseM / kBasicTile * kBasicTile;
        while (srcM % baseM != 0) baseM -= kBasicTile;
        while (uint64_t(baseM) * srcK >= kBasicBlockMaxElems) baseM /= 2;
    }
    return baseM;
}
}  // namespace softmax_detail

// Temporary space of SoftMax, SimpleSoftMax, SoftmaxFlash and SoftmaxGrad over [srcM, srcK];
// `typeSize` as the host helpers take it (max/sum type; SoftmaxGrad: the data type).
constexpr SoftmaxTmpRange SoftmaxTmpSize(SoftmaxApi api, uint64_t srcM, uint64_t srcK, uint32_t typeSize) {
    SoftmaxTmpRange r;
    if (srcM == 0 || srcK == 0 || (typeSize != 2 && typeSize != 4)) return r;
    const uint64_t row = softmax_detail::RowSlots(api, srcK, typeSize, typeSize);
    r.minValue = uint32_t(softmax_detail::Clamp32(row * 4));
    r.maxValue = uint32_t(softmax_detail::Clamp32(srcM * row * 4));
    return r;
}

// SoftmaxFlashV2: `srcSize` is the source type, `statSize` the max/sum type.
constexpr SoftmaxTmpRange SoftmaxFlashV2TmpSize(uint64_t srcM, uint64_t srcK, uint32_t srcSize, uint32_t statSize,
                                                bool isBasicBlock, bool isFlashOutputBrc) {
    using namespace softmax_detail;
    SoftmaxTmpRange r;
    if (srcM == 0 || srcK == 0 || (srcSize != 2 && srcSize != 4) || (statSize != 2 && statSize != 4)) return r;
    const uint64_t row = RowSlots(SoftmaxApi::FlashV2, srcK, srcSize, statSize);
    const bool basicK = isBasicBlock && srcK % kReduceSlots == 0;
    uint64_t maxSlots = srcM * row;
    if (basicK && srcM % kBasicTile == 0) {
        uint64_t m = srcM;
        while (m * srcK >= kBasicBlockMaxElems) m /= 2;
        maxSlots = m * FlashV2BasicRowSlots(srcK, srcSize, statSize);
    }
    uint64_t minSlots = basicK ? kBasicTile * FlashV2BasicRowSlots(srcK, srcSize, statSize) : row;
    if (isFlashOutputBrc) {
        const uint64_t rows = std::min<uint64_t>(kBlock / srcSize, srcM);
        minSlots = basicK ? minSlots / kBasicTile * rows : minSlots * rows;
    }
    r.minValue = uint32_t(Clamp32(minSlots * 4));
    r.maxValue = uint32_t(Clamp32(maxSlots * 4));
    return r;
}

// The split of [srcM, srcK] into chunks of `baseM` rows and the sizes derived from it.
constexpr AscendC::tiling::SoftMaxTiling SoftmaxTilingOf(uint32_t srcM, uint32_t srcK, uint32_t blk, uint32_t baseM) {
    AscendC::tiling::SoftMaxTiling t;
    t.srcM = srcM;
    t.srcK = srcK;
    t.srcSize = srcM * srcK;
    t.outMaxM = srcM;
    t.outMaxK = blk;
    t.outMaxSize = srcM * blk;
    t.splitM = baseM;
    t.splitK = srcK;
    t.splitSize = baseM * srcK;
    t.reduceM = baseM;
    t.reduceK = blk;
    t.reduceSize = baseM * blk;
    const uint32_t tail = baseM ? srcM % baseM : 0;
    t.rangeM = baseM ? srcM / baseM : 0;
    t.tailM = tail;
    t.tailSplitSize = tail * srcK;
    t.tailReduceSize = tail * blk;
    return t;
}

// The tiling of SoftMax/SimpleSoftMax, SoftmaxFlash and SoftmaxGrad for `workFloats` float slots.
constexpr AscendC::tiling::SoftMaxTiling SoftmaxTilingFor(SoftmaxApi api, uint32_t srcM, uint32_t srcK,
                                                          uint32_t typeSize, uint32_t workFloats) {
    using namespace softmax_detail;
    const uint64_t row = RowSlots(api, srcK, typeSize, typeSize);
    uint32_t baseM = uint32_t(std::min<uint64_t>(row ? workFloats / row : 0, srcM));
    if (baseM < srcM && baseM > kBasicTile) baseM = baseM / kBasicTile * kBasicTile;
    baseM = AdjustBasicBlockRows(baseM, srcM, srcK);
    return SoftmaxTilingOf(srcM, srcK, kBlock / typeSize, baseM);
}

constexpr AscendC::tiling::SoftMaxTiling SoftmaxFlashV2TilingFor(uint32_t srcM, uint32_t srcK, uint32_t srcSize,
                                                                 uint32_t statSize, uint32_t workFloats,
                                                                 bool isBasicBlock, bool isFlashOutputBrc) {
    using namespace softmax_detail;
    uint32_t baseM = 0;
    if (isBasicBlock && srcK % kReduceSlots == 0 && srcM % kBasicTile == 0) {
        baseM = uint32_t(std::min<uint64_t>(workFloats / FlashV2BasicRowSlots(srcK, srcSize, statSize), srcM));
        baseM = AdjustBasicBlockRows(baseM, srcM, srcK);
    } else {
        baseM = uint32_t(workFloats / RowSlots(SoftmaxApi::FlashV2, srcK, srcSize, statSize));
    }
    const uint32_t tile = isFlashOutputBrc && srcSize == 2 ? kBlock / 2 : kBasicTile;
    baseM = std::min(baseM, srcM);
    if (baseM < srcM && baseM > tile) baseM = baseM / tile * tile;
    return SoftmaxTilingOf(srcM, srcK, kBlock / statSize, baseM);
}

// The basic-block test of IsBasicBlockInSoftMax: whole chunks and a last axis of 256 bytes to
// 2047 elements in multiples of 64.
constexpr bool SoftmaxIsBasicBlock(uint32_t srcK, uint32_t tailM, uint32_t typeSize) {
    return typeSize != 0 && tailM == 0 && srcK >= 256 / typeSize && srcK < 2048 &&
           srcK % softmax_detail::kReduceSlots == 0;
}

}  // namespace akg::adv
