// The element-wise high-level math and activation APIs (AscendC "adv" library) as the simulator
// knows them: one operation code per API (and per Power form), and the temporary-space rules the
// host helpers (GetXxxMaxMinTmpSize, GetXxxTmpBufferFactorSize) report and the kernel side
// enforces on sharedTmpBuffer. Both sides use these functions, so a kernel sized by the host
// helper is never told its buffer is too small.
//
// The numbers are those of the CANN high-level library for Atlas A2/A3 (DAV_2201) and, where it
// differs, Atlas inference AI Core (DAV_2002, `v200`). Most APIs follow one pattern: the
// implementation keeps `factor` live temporaries of the input size, so the minimum is `factor`
// 256-byte repeats and the maximum is `factor` copies of the input (at least one repeat each).
#pragma once

#include <algorithm>
#include <cstdint>

namespace akg::adv {

enum class Op : uint8_t {
    // dst = f(src)
    Tanh, Sigmoid, Erf, Erfc, Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Asinh, Acosh, Atanh,
    Exp, Log, Log2, Log10, Sign, Floor, Ceil, Round, Trunc, Frac, Lgamma, Digamma,
    Silu, Gelu, FasterGelu, FasterGeluV2,
    // dst = f(src, scalar)
    ClampMax, ClampMin, Swish,
    PowTS,  // Power(tensor, scalar exponent)
    PowST,  // Power(scalar base, tensor)
    // dst = f(src0, src1)
    PowTT, Fmod, Xor, GeGLU, ReGlu,
    // dst = f(src0, src1, scalar)
    SwiGLU,
    // dst = dst + src * scalar
    Axpy,
    Count
};

struct TmpRange {
    uint32_t maxValue = 0;
    uint32_t minValue = 0;
};
struct TmpFactor {
    uint32_t maxLiveNodeCount = 0;
    uint32_t extraBuf = 0;
};

namespace detail {

constexpr uint64_t kRepeat = 256;  // bytes of one vector repeat

inline uint32_t Clamp32(uint64_t v) { return v > UINT32_MAX ? UINT32_MAX : uint32_t(v); }

// `factor` temporaries of max(input bytes, one repeat).
inline TmpRange Factor(uint32_t factor, uint64_t n, uint32_t typeSize) {
    TmpRange r;
    r.minValue = Clamp32(factor * kRepeat);
    r.maxValue = Clamp32(factor * std::max<uint64_t>(n * typeSize, kRepeat));
    return r;
}

struct PowParams {
    uint32_t halfTT, intTT, floatTT, halfTS, intTS, floatTS;
};
inline PowParams PowParamsOf(bool v200) {
    return v200 ? PowParams{16, 7, 5, 16, 8, 6} : PowParams{14, 6, 4, 14, 7, 5};
}

}  // namespace detail

inline bool IsFloat32(uint32_t typeSize) { return typeSize == 4; }

// Temporary space of one call over `n` elements of `typeSize` bytes. `typeIsInt` only matters
// for Power (int32_t data).
inline TmpRange TmpSizeOf(Op op, uint64_t n, uint32_t typeSize, bool isReuseSource, bool v200 = false,
                          bool typeIsInt = false) {
    using detail::Factor;
    const bool f32 = IsFloat32(typeSize);
    const uint64_t bytes = n * typeSize;
    TmpRange r;
    switch (op) {
        case Op::Tanh: return Factor(f32 ? 1 : 4, n, typeSize);
        case Op::Sigmoid: return Factor(1, n, typeSize);
        case Op::Erf: return Factor(f32 ? 3 : 8, n, typeSize);
        case Op::Erfc: return Factor(f32 ? 7 : 16, n, typeSize);
        case Op::Sin:
        case Op::Cos:
            if (!f32 && isReuseSource) return r;  // isReuseSource is a float-only option
            return Factor(f32 ? (isReuseSource ? 2 : 3) : 8, n, typeSize);
        case Op::Tan: return Factor(f32 ? 4 : 10, n, typeSize);
        case Op::Asin:
        case Op::Acos: return Factor(f32 ? 2 : 6, n, typeSize);
        case Op::Atan: return Factor(f32 ? 5 : 12, n, typeSize);
        case Op::Sinh: return Factor(f32 ? 1 : 4, n, typeSize);
        case Op::Cosh: return Factor(f32 ? 2 : 6, n, typeSize);
        case Op::Asinh: return Factor(3, n, typeSize);
        case Op::Acosh: {
            // Counted in elements rather than bytes: the maximum is max(factor * n, 256) elements.
            const uint32_t f = f32 ? 1 : 2;
            r.minValue = f * 256;
            r.maxValue = detail::Clamp32(std::max<uint64_t>(uint64_t(f) * n, 256) * typeSize);
            return r;
        }
        case Op::Atanh: return Factor(f32 ? 1 : 4, n, typeSize);
        case Op::Exp: {
            // Float temporaries: 4 for half, 3 for float (2 when the source may be overwritten).
            const uint32_t k = f32 ? (isReuseSource ? 2 : 3) : 4;
            r.minValue = k * 256;
            r.maxValue = detail::Clamp32(k * std::max<uint64_t>(n * 4, 256));
            return r;
        }
        case Op::Log:
        case Op::Log10: return r;
        case Op::Log2:
            if (f32) return r;
            r.minValue = 256;
            r.maxValue = detail::Clamp32(std::max<uint64_t>(n * 4, 256));
            return r;
        case Op::Sign:
            r.minValue = 3 * 256;
            r.maxValue = detail::Clamp32(std::max<uint64_t>(3 * bytes, r.minValue));
            return r;
        case Op::Floor: return f32 ? r : Factor(2, n, typeSize);
        case Op::Ceil:
        case Op::Trunc: return Factor(f32 ? 1 : 2, n, typeSize);
        case Op::Round:
            if (v200) return Factor(f32 ? 1 : 2, n, typeSize);
            return f32 ? r : Factor(1, n, typeSize);
        case Op::Frac: return f32 ? r : Factor(4, n, typeSize);
        case Op::Lgamma: {
            const uint32_t k = f32 ? (isReuseSource ? 7 : 8) : 26;
            r.minValue = k * 256;
            r.maxValue = std::max(detail::Clamp32(k * std::max<uint64_t>(bytes, 256)), r.minValue);
            return r;
        }
        case Op::Digamma: return Factor(f32 ? (isReuseSource ? 6 : 7) : 16, n, typeSize);
        case Op::Fmod: return Factor(f32 ? 1 : 8, n, typeSize);  // Trunc's temporaries (1 / 2) plus 6 for half
        case Op::ClampMax:
        case Op::ClampMin: {
            // One byte of selection mask per element, at least one repeat's worth.
            const uint64_t lanes = f32 ? 64 : 128;
            r.minValue = uint32_t(lanes);
            r.maxValue = detail::Clamp32(std::max<uint64_t>(n, lanes));
            return r;
        }
        case Op::Xor:
            r.minValue = 256;
            r.maxValue = detail::Clamp32(std::max<uint64_t>(bytes, 256));
            return r;
        case Op::Axpy:
            if (f32) return r;
            return Factor(4, n, typeSize);
        case Op::PowTT:
        case Op::PowTS:
        case Op::PowST: {
            const detail::PowParams p = detail::PowParamsOf(v200);
            const bool tt = op == Op::PowTT;
            const uint64_t calc = f32 ? std::max<uint64_t>(bytes, 256) : std::max<uint64_t>(bytes, 128);
            if (typeIsInt) {
                const uint32_t k = tt ? p.intTT : p.intTS;
                r.minValue = k * 256;
                r.maxValue = detail::Clamp32(calc * k);
            } else if (f32) {
                const uint32_t k = tt ? p.floatTT : p.floatTS;
                r.minValue = k * 256 + 256;
                r.maxValue = detail::Clamp32(calc * k + 256);
            } else {
                const uint32_t k = tt ? p.halfTT : p.halfTS;
                r.minValue = k * 256 / 2 + 256;
                r.maxValue = detail::Clamp32(calc * k + 256);
            }
            return r;
        }
        case Op::Gelu:
        case Op::FasterGelu:
        case Op::FasterGeluV2:
            r.minValue = 3 * 256;
            r.maxValue = std::max(detail::Clamp32(3 * n * 4), r.minValue);
            return r;
        case Op::GeGLU: return f32 ? r : Factor(4, n, typeSize);
        case Op::SwiGLU: return f32 ? r : Factor(6, n, typeSize);
        case Op::ReGlu:
            if (f32) {
                r.minValue = r.maxValue = 256;
                return r;
            }
            r.minValue = 6 * 256;
            r.maxValue = std::max(detail::Clamp32(6 * bytes), r.minValue);
            return r;
        case Op::Silu:
        case Op::Swish:
        case Op::Count: return r;
    }
    return r;
}

// maxLiveNodeCount / extraBuf of GetXxxTmpBufferFactorSize: one call can process
// (buffer - extraBuf) / maxLiveNodeCount / typeSize elements.
inline TmpFactor FactorOf(Op op, uint32_t typeSize, bool v200 = false, bool typeIsInt = false) {
    const bool f32 = IsFloat32(typeSize);
    TmpFactor f;
    switch (op) {
        case Op::Tanh: f.maxLiveNodeCount = f32 ? 1 : 4; break;
        case Op::Erf: f.maxLiveNodeCount = f32 ? 3 : 8; break;
        case Op::Erfc: f.maxLiveNodeCount = f32 ? 7 : 16; break;
        case Op::Sin:
        case Op::Cos: f.maxLiveNodeCount = f32 ? 3 : 8; break;
        case Op::Tan: f.maxLiveNodeCount = f32 ? 4 : 10; break;
        case Op::Asin:
        case Op::Acos: f.maxLiveNodeCount = f32 ? 2 : 6; break;
        case Op::Atan: f.maxLiveNodeCount = f32 ? 5 : 12; break;
        case Op::Sinh: f.maxLiveNodeCount = f32 ? 1 : 4; break;
        case Op::Cosh: f.maxLiveNodeCount = f32 ? 2 : 6; break;
        case Op::Asinh: f.maxLiveNodeCount = 3; break;
        case Op::Acosh: f.maxLiveNodeCount = f32 ? 1 : 2; break;
        case Op::Atanh: f.maxLiveNodeCount = f32 ? 1 : 4; break;
        case Op::Exp: f.maxLiveNodeCount = f32 ? 3 : 8; break;
        case Op::Log2: f.maxLiveNodeCount = f32 ? 0 : 2; break;
        case Op::Sign: f.maxLiveNodeCount = 3; break;
        case Op::Floor: f.maxLiveNodeCount = f32 ? 0 : 2; break;
        case Op::Ceil:
        case Op::Trunc: f.maxLiveNodeCount = f32 ? 1 : 2; break;
        case Op::Round: f.maxLiveNodeCount = v200 ? (f32 ? 1 : 2) : (f32 ? 0 : 1); break;
        case Op::Frac: f.maxLiveNodeCount = f32 ? 0 : 4; break;
        case Op::Lgamma: f.maxLiveNodeCount = f32 ? 8 : 13; break;
        case Op::Digamma: f.maxLiveNodeCount = f32 ? 7 : 16; break;
        case Op::Fmod: f.maxLiveNodeCount = f32 ? 1 : 8; break;
        case Op::ClampMax:
        case Op::ClampMin:
        case Op::Xor: f.maxLiveNodeCount = 1; break;
        case Op::Axpy: f.maxLiveNodeCount = f32 ? 1 : 4; break;
        case Op::GeGLU: f.maxLiveNodeCount = f32 ? 0 : 4; break;
        case Op::SwiGLU: f.maxLiveNodeCount = f32 ? 0 : 6; break;
        case Op::PowTT:
        case Op::PowTS:
        case Op::PowST: {
            const detail::PowParams p = detail::PowParamsOf(v200);
            const bool tt = op == Op::PowTT;
            if (typeIsInt) {
                f.maxLiveNodeCount = tt ? p.intTT : p.intTS;
            } else {
                f.extraBuf = 256;
                f.maxLiveNodeCount = f32 ? (tt ? p.floatTT : p.floatTS) : (tt ? p.halfTT : p.halfTS);
            }
            break;
        }
        default: break;
    }
    return f;
}

// Broadcast<T, dim, axis> (lib/pad/broadcast.h) of a `dim`-dimensional src to dst (shapes in
// elements; dim 1 uses index 0 only). The implementation broadcasts 8-bit data as half (a cast
// buffer for src and dst, each rounded up to 16 elements), broadcasts a row (axis 0) with one
// block of temporary space, and a column (axis 1) with Brcb into blocks (one block per row,
// rows in groups of 8) and, when a row of dst is not whole 32-byte blocks, a padded copy that
// GatherMask trims. DAV_2002 (`v200`) keeps the whole result in temporary space.
inline TmpRange BroadcastTmpSize(uint32_t dim, const uint64_t srcShape[], const uint64_t dstShape[],
                                 uint32_t typeSize, bool v200) {
    using detail::Clamp32;
    uint64_t srcElems = 1, dstElems = 1;
    for (uint32_t i = 0; i < dim; ++i) {
        srcElems *= srcShape[i];
        dstElems *= dstShape[i];
    }
    auto up = [](uint64_t v, uint64_t a) { return (v + a - 1) / a * a; };
    uint64_t cast = 0;
    if (typeSize == 1) {
        cast = (up(srcElems, 16) + up(dstElems, 16)) * 2;
        typeSize = 2;
    }
    TmpRange r;
    if (srcElems == dstElems || srcElems == 1) {
        r.minValue = r.maxValue = Clamp32(cast ? cast + 32 : 0);
        return r;
    }
    if (dim < 2 || dstShape[1] == srcShape[1]) {  // a row broadcast down the rows (axis 0)
        r.minValue = r.maxValue = Clamp32(32 + cast);
        return r;
    }
    const uint64_t blk = 32 / typeSize, rows = dstShape[0], cols = dstShape[1];
    if (v200) {
        r.minValue = Clamp32(32 + cast + blk * up(cols, 8) / 8 * typeSize);
        r.maxValue = Clamp32(32 + cast + rows * cols * typeSize);
        return r;
    }
    const uint64_t brcbMin = blk * blk * typeSize, brcbMax = up(rows, 8) * blk * typeSize;
    const uint64_t copyMin = cols % blk ? blk * up(cols, blk) * typeSize : 0;
    const uint64_t copyMax = cols % blk ? rows * up(cols, blk) * typeSize : 0;
    r.minValue = Clamp32(brcbMin + copyMin + cast);
    r.maxValue = Clamp32(brcbMax + copyMax + cast);
    return r;
}

// Mean<T, accType> (lib/reduce/mean.h) of rows of `n` elements: one 32-byte-rounded slot per
// repeat of partial sums, plus, when half is computed in float, a float copy of a padded row.
// The minimum and the maximum are the same.
inline TmpRange MeanTmpSize(uint64_t n, uint32_t srcTypeSize, uint32_t accTypeSize) {
    using detail::Clamp32;
    auto up = [](uint64_t v, uint64_t a) { return (v + a - 1) / a * a; };
    TmpRange r;
    if (srcTypeSize == 0 || accTypeSize == 0 || n == 0) return r;
    const uint64_t perRepeat = detail::kRepeat / accTypeSize;
    uint64_t bytes = up((n + perRepeat - 1) / perRepeat, 32);
    if (accTypeSize > srcTypeSize) bytes += up(n * srcTypeSize, 32) / srcTypeSize * accTypeSize;
    r.minValue = r.maxValue = Clamp32(bytes);
    return r;
}

// Sum<T> (lib/reduce/sum.h) of rows of `n` elements: one T per repeat of partial sums, rounded
// up to a 32-byte block. The minimum and the maximum are the same.
inline TmpRange SumTmpSize(uint64_t n, uint32_t typeSize) {
    TmpRange r;
    if (typeSize == 0 || n == 0) return r;
    const uint64_t perRepeat = detail::kRepeat / typeSize, perBlock = 32 / typeSize;
    const uint64_t repeats = (n + perRepeat - 1) / perRepeat;
    r.minValue = r.maxValue = detail::Clamp32((repeats + perBlock - 1) / perBlock * perBlock * typeSize);
    return r;
}

// ReduceMax / ReduceMin (lib/reduce/reduce.h) of a [first, last] source (last unpadded; rows
// padded to 32 bytes), as CANN's tiling sizes it: nothing when the source may be overwritten.
// AR keeps rows: nothing for rows of at most one 32-byte block, one block per row for rows
// shorter than a 256-byte repeat, one repeat per row beyond. RA keeps columns: the padded row
// times the largest power of two below `first` (the first halving of its pairwise tree).
inline TmpRange ReduceAxisTmpSize(uint64_t first, uint64_t last, uint32_t typeSize, bool keepRows, bool reuseSource) {
    TmpRange r;
    if (typeSize == 0 || first == 0 || last == 0 || reuseSource) return r;
    if (keepRows) {
        const uint64_t perBlock = 32 / typeSize, perRepeat = detail::kRepeat / typeSize;
        if (last > perBlock) r.minValue = r.maxValue = detail::Clamp32(first * (last < perRepeat ? perBlock : perRepeat) * typeSize);
        return r;
    }
    uint64_t k = 1;
    while (k * 2 <= first) k *= 2;
    if (k == first && first > 1) k /= 2;
    r.minValue = r.maxValue = detail::Clamp32(k * ((last * typeSize + 31) / 32 * 32));
    return r;
}

// CumSum (lib/math/cumsum.h) of a [outter, inner] tensor. First axis: a float copy of the
// whole source for half, nothing for float. Last axis: the two transposes through 16-row
// TransDataTo5HD groups (16 rows at least, all rows rounded up to 16 at most), plus for half a
// float cast of the same rows that shares the second transpose's space at 2 bytes per element.
inline TmpRange CumSumTmpSize(uint64_t outter, uint64_t inner, uint32_t typeSize, bool isLastAxis) {
    using detail::Clamp32;
    TmpRange r;
    if (!isLastAxis) {
        if (typeSize == 2) r.minValue = r.maxValue = Clamp32(outter * inner * 4);
        return r;
    }
    constexpr uint64_t kGroup = 16, kTransposes = 2;
    const uint64_t alignedOutter = (outter + kGroup - 1) / kGroup * kGroup;
    const uint64_t castMin = typeSize == 2 ? inner * kGroup * 2 : 0;
    const uint64_t castMax = typeSize == 2 ? inner * alignedOutter * 2 : 0;
    r.minValue = Clamp32(castMin + kGroup * inner * typeSize * kTransposes);
    r.maxValue = Clamp32(castMax + alignedOutter * inner * typeSize * kTransposes);
    return r;
}

// Select with a byte mask (lib/select/selectwithbytesmask.h) over `srcSize` elements in rows of
// `srcLastAxis`, the mask in rows of `maskLastAxis` elements of `maskTypeSize` bytes: the mask as
// half for up to 4096 elements (the minimum) or all of them (the maximum) plus 512 bytes, at
// least 1024; and, when a longer mask must not be compacted in place, a copy of it.
inline TmpRange SelectBytesMaskTmpSize(uint64_t srcSize, uint64_t srcLastAxis, uint64_t maskLastAxis,
                                       uint32_t maskTypeSize, bool isReuseMask) {
    auto up32 = [](uint64_t v) { return (v + 31) / 32 * 32; };
    auto need = [&](uint64_t calSize) {
        uint64_t bytes = std::max<uint64_t>(1024, up32(calSize) * 2 + 512);
        if (maskLastAxis != srcLastAxis && !isReuseMask && maskLastAxis > 1) bytes += up32(srcSize * maskTypeSize);
        return detail::Clamp32(bytes);
    };
    TmpRange r;
    r.minValue = need(std::min<uint64_t>(srcSize, 4096));
    r.maxValue = need(srcSize);
    return r;
}

}  // namespace akg::adv
