// RmsNorm as both sides know it: the RmsNormTiling struct, the temporary-space rule the host
// helper GetRmsNormMaxMinTmpSize reports and the simulator enforces on the kernel call, and the
// tiling GetRmsNormTilingInfo computes. The numbers are those of CANN's high-level library for
// Atlas A2/A3: the implementation keeps rows of H floats (two per element for half: the input's
// float copy and a product) plus one float per row for the row's mean of squares, 8 rows'
// worth (one 32-byte block) at least; it processes as many whole rows per round as the space
// holds, at most 255 (one repeat count), in multiples of 8 rows for the basic-block form.
#pragma once

#include <algorithm>
#include <cstdint>

namespace AscendC {
namespace tiling {
struct RmsNormTiling {
    uint32_t bLength = 0;
    uint32_t sLength = 0;
    uint32_t hLength = 0;
    uint32_t originalHLength = 0;
    float reciprocalOfHLength = 0;
    uint32_t mainBshLength = 0;
    uint32_t mainBsLength = 0;
    uint32_t mainBsLengthAlign = 0;
    uint32_t loopRound = 0;
    uint32_t inputTailPos = 0;
    uint32_t tailBshLength = 0;
    uint32_t tailBsLength = 0;
};
}  // namespace tiling
}  // namespace AscendC

namespace akg::adv {

struct RmsNormTmp {
    uint32_t maxValue = 0, minValue = 0;
    bool ok = false;  // false: the shape breaks the basic-block form's requirements
};

namespace rmsnorm {
constexpr uint32_t kBlockFloats = 8;       // one 32-byte block of float
constexpr uint32_t kBasicH = 64, kBasicRows = 8, kMaxRows = 255;
inline uint32_t FloatsPerElement(uint32_t typeSize) { return typeSize == 2 ? 2 : 1; }
inline uint64_t AlignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }
}  // namespace rmsnorm

// Bytes of temporary space for a [b, s, h] source of `typeSize`-byte elements.
inline RmsNormTmp RmsNormTmpSize(uint64_t b, uint64_t s, uint64_t h, uint32_t typeSize, bool basicBlock) {
    using namespace rmsnorm;
    RmsNormTmp r;
    if (typeSize == 0 || h == 0) return r;
    if (basicBlock && (h % kBasicH != 0 || b * s % kBasicRows != 0)) return r;
    const uint64_t per = FloatsPerElement(typeSize);
    const uint64_t rowsAligned = AlignUp(b * s, 32 / typeSize);
    const uint64_t maxFloats = b * s * h * per + rowsAligned, minFloats = h * per + kBlockFloats;
    r.maxValue = uint32_t(std::min<uint64_t>(maxFloats * 4, UINT32_MAX));
    r.minValue = uint32_t(std::min<uint64_t>(minFloats * 4, UINT32_MAX));
    r.ok = true;
    return r;
}

// The tiling for a [b, s, h] source whose rows hold originalH real elements, given `stackBytes`
// of temporary space; false (tiling untouched) for an empty shape or too little space.
inline bool RmsNormTilingFor(uint32_t b, uint32_t s, uint32_t h, uint32_t originalH, uint32_t stackBytes,
                             uint32_t typeSize, bool basicBlock, AscendC::tiling::RmsNormTiling& t) {
    using namespace rmsnorm;
    const RmsNormTmp need = RmsNormTmpSize(b, s, h, typeSize, basicBlock);
    if (!need.ok || b == 0 || s == 0 || originalH == 0 || originalH > h || stackBytes < need.minValue) return false;
    const uint32_t per = FloatsPerElement(typeSize);
    uint32_t floats = stackBytes / 4;
    // The largest whole number of 8-row blocks whose rows and means fit.
    uint32_t rowsBlock = kBlockFloats;
    while (floats > uint64_t(rowsBlock) * h * per + rowsBlock) rowsBlock += kBlockFloats;
    rowsBlock = rowsBlock == kBlockFloats ? kBlockFloats : rowsBlock - kBlockFloats;
    floats = (floats - rowsBlock) / per;
    const uint32_t total = b * s * h;
    if (floats > total) floats = total;
    uint32_t rows = floats / h;
    if (basicBlock) rows = rows < kBasicRows ? 1 : rows / kBasicRows * kBasicRows;
    else if (rows > kMaxRows) rows = kMaxRows;
    const uint32_t main = rows * h;
    t.bLength = b;
    t.sLength = s;
    t.hLength = h;
    t.originalHLength = originalH;
    t.reciprocalOfHLength = 1.0f / float(originalH);
    t.mainBshLength = main;
    t.mainBsLength = rows;
    t.mainBsLengthAlign = uint32_t(AlignUp(rows, kBlockFloats));
    t.loopRound = total / main;
    t.tailBshLength = total % main;
    t.inputTailPos = total - t.tailBshLength;
    t.tailBsLength = t.tailBshLength / h;
    return true;
}

}  // namespace akg::adv
