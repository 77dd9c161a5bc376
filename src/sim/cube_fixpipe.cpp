// The ways out of L0C. DataCopy CO1 -> CO2 with DataCopyEnhancedParams (Atlas inference, 310P,
// which has no FIX pipe): whole fractals or fractal rows into UB on the vector unit, converted.
// Fixpipe (FixpipeParamsV220): L0C (NZ, float or int32_t) -> GM or L1, as ND rows (NZ2ND, ndNum
// matrices) or NZ blocks, with the cast / (de)quantisation modes of QuantMode_t and ReLU. The
// quantisation arithmetic follows the reference's description: the scale is bits [31:13] of
// the 64-bit parameter read as a float with a 10-bit mantissa, negative inputs use the ReLU
// coefficient (0) instead when ReLU is on, results saturate and round to nearest even.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "basic_api/kernel_operator_data_copy_intf.h"
#include "basic_api/kernel_operator_fixpipe_intf.h"
#include "sim/fixpipe_convert.h"
#include "sim/runtime.h"

namespace akg::sim {

namespace {

// The destination type each quantisation mode produces from each source type.
bool ModeFits(QuantMode_t q, DType src, DType dst) {
    const bool b8 = dst == DType::I8 || dst == DType::U8;
    if (src == DType::F32) {
        switch (q) {
            case NoQuant: return dst == DType::F32;
            case F322F16: return dst == DType::F16;
            case F322BF16: return dst == DType::BF16;
            case QF322B8_PRE:
            case VQF322B8_PRE: return b8;
            default: return false;
        }
    }
    switch (q) {
        case NoQuant: return dst == DType::I32;
        case DEQF16:
        case VDEQF16: return dst == DType::F16;
        case REQ8:
        case VREQ8: return b8;
        default: return false;
    }
}

bool PerColumn(QuantMode_t q) { return q == VDEQF16 || q == VQF322B8_PRE || q == VREQ8; }

struct QuantParam {
    float scale;
    int32_t offset;
    bool signedOut;
    bool shiftFirst;
    uint32_t shift;
};
QuantParam Decode(uint64_t v) {
    uint32_t bits = uint32_t(v) & ~0x1FFFu;  // the hardware keeps a 10-bit mantissa
    QuantParam q;
    std::memcpy(&q.scale, &bits, 4);
    q.shift = uint32_t(v >> 32) & 0xF;
    q.shiftFirst = (v >> 36) & 1;
    q.offset = int32_t((v >> 37) & 0x1FF);
    q.signedOut = (v >> 46) & 1;
    return q;
}

double Clamp(double x, double lo, double hi) { return x < lo ? lo : x > hi ? hi : x; }

// Converts one L0C element into the destination's bytes.
void Convert(const uint8_t* src, uint8_t* dst, DType srcType, DType dstType, QuantMode_t mode, const QuantParam* q,
             bool relu) {
    int32_t iv = 0;
    float fv = 0;
    if (srcType == DType::I32)
        std::memcpy(&iv, src, 4);
    else
        std::memcpy(&fv, src, 4);
    switch (mode) {
        case NoQuant:
            if (srcType == DType::I32) {
                if (relu && iv < 0) iv = 0;
                std::memcpy(dst, &iv, 4);
            } else {
                if (relu && fv < 0) fv = 0;
                std::memcpy(dst, &fv, 4);
            }
            return;
        case F322F16: {
            const half h = half(relu && fv < 0 ? 0.0f : fv);
            std::memcpy(dst, &h, 2);
            return;
        }
        case F322BF16: {
            const bfloat16_t b = bfloat16_t(relu && fv < 0 ? 0.0f : fv);
            std::memcpy(dst, &b, 2);
            return;
        }
        default: break;
    }
    double x;
    if (srcType == DType::I32) {
        int64_t w = iv;
        if (q->shiftFirst) w = int64_t(Clamp(double(w >> q->shift), -32768, 32767));
        x = double(float(w));
    } else {
        x = fv;
    }
    x = x >= 0 ? x * q->scale : (relu ? 0.0 : x * q->scale);
    if (mode == DEQF16 || mode == VDEQF16) {
        const half h = half(float(Clamp(x, -65504.0, 65504.0)));
        std::memcpy(dst, &h, 2);
        return;
    }
    double r = std::nearbyint(Clamp(x, -256, 255)) + q->offset;
    if (q->signedOut) {
        const int8_t o = int8_t(Clamp(r, -128, 127));
        std::memcpy(dst, &o, 1);
    } else {
        const uint8_t o = uint8_t(Clamp(r, 0, 255));
        std::memcpy(dst, &o, 1);
    }
}

// The conversions L0C -> UB performs ([ADK] L0C到UB数据搬运（DataCopy）.md): without deqScale
// {half, half}, {float, float}, {int32_t, int32_t}, {float, half}; DEQ multiplies int32_t or half
// by the half in bits 0..15 of deqValue, giving half.
bool L0cToUbPair(AscendC::DeqScale q, DType src, DType dst) {
    using AscendC::DeqScale;
    if (q == DeqScale::DEQ_NONE)
        return (src == dst && (src == DType::F16 || src == DType::F32 || src == DType::I32)) ||
               (src == DType::F32 && dst == DType::F16);
    if (q == DeqScale::DEQ) return (src == DType::I32 || src == DType::F16) && dst == DType::F16;
    return false;
}

}  // namespace

void DmaEnhancedLocal(const LocalCopySpec& s, const AscendC::DataCopyParams& p,
                      const AscendC::DataCopyEnhancedParams& e, const void* caller) {
    using AscendC::BlockMode;
    using AscendC::DeqScale;
    if (s.srcMem != Mem::L0C) {
        const uint64_t block = uint64_t(p.blockLen) * 32;
        DmaCopy({DmaApi::DataCopy, s.dstMem, s.dst, s.srcMem, s.src, s.dstType, p.blockCount, block,
                 uint64_t(p.srcStride) * 32, uint64_t(p.dstStride) * 32, 32, 32, 1},
                caller);
        return;
    }
    if (s.dstMem != Mem::UB) {
        Diag("CUBE_BAD_POSITION", caller,
             Format("DataCopy with DataCopyEnhancedParams from L0C to %s: L0C (CO1) goes to UB (CO2) only",
                    MemName(s.dstMem)));
        return;
    }
    if (e.blockMode != BlockMode::BLOCK_MODE_MATRIX && e.blockMode != BlockMode::BLOCK_MODE_VECTOR) {
        Diag("CUBE_PARAM_RANGE", caller,
             Format("DataCopy from CO1 to CO2 with blockMode %d: only BLOCK_MODE_MATRIX (16x16 fractals) and "
                    "BLOCK_MODE_VECTOR (1x16 rows) are supported",
                    int(e.blockMode)));
        return;
    }
    if (!L0cToUbPair(e.deqScale, s.srcType, s.dstType) && e.deqScale <= DeqScale::DEQ) {
        Diag("CUBE_PARAM_RANGE", caller,
             Format("DataCopy from CO1 to CO2 with deqScale %d cannot turn %zu-byte into %zu-byte elements of these "
                    "types (no quantisation: half, float, int32_t kept, or float to half; DEQ: int32_t or half to "
                    "half)",
                    int(e.deqScale), DTypeSize(s.srcType), DTypeSize(s.dstType)));
        return;
    }
    if (e.deqScale > DeqScale::DEQ)
        Diag("CUBE_UNSUPPORTED", caller,
             Format("DataCopy from CO1 to CO2 with deqScale %d (vector or 8/16-bit dequantisation) is not modelled: "
                    "the values are copied unscaled",
                    int(e.deqScale)));
    // Units (table 4 of the API page): a block is blockLen fractals (MATRIX) or fractal rows
    // (VECTOR); srcStride counts whole source fractals, dstStride 32-byte blocks.
    const uint64_t unit = e.blockMode == BlockMode::BLOCK_MODE_MATRIX ? 256 : 16;
    const uint64_t ses = DTypeSize(s.srcType), des = DTypeSize(s.dstType);
    const uint64_t blockElems = uint64_t(p.blockLen) * unit;
    const uint64_t srcStep = blockElems * ses + uint64_t(p.srcStride) * 256 * ses;
    const uint64_t dstStep = blockElems * des + uint64_t(p.dstStride) * 32;
    const uint64_t srcSpan = p.blockCount ? (p.blockCount - 1) * srcStep + blockElems * ses : 0;
    const uint64_t dstSpan = p.blockCount ? (p.blockCount - 1) * dstStep + blockElems * des : 0;
    // The vector unit carries L0C to UB on Atlas inference; a SoC with a FIX pipe has no such path.
    Instr in(Rt().platform.fixPipe ? InstrId::DataCopyFromL0c : InstrId::DataCopyL0cToUbOnVector, caller);
    in.Read(Mem::L0C, s.src, srcSpan, 64).Write(Mem::UB, s.dst, dstSpan, 32);
    in.bytes = uint64_t(p.blockCount) * blockElems * des;
    in.repeats = p.blockCount;
    in.elements = uint64_t(p.blockCount) * blockElems;
    if (!Issue(in) || blockElems == 0) return;
    uint16_t mBits = uint16_t(e.deqValue & 0xFFFF);
    half m;
    std::memcpy(&m, &mBits, 2);
    const auto* src = static_cast<const uint8_t*>(s.src);
    auto* dst = static_cast<uint8_t*>(s.dst);
    for (uint32_t b = 0; b < p.blockCount; ++b)
        for (uint64_t i = 0; i < blockElems; ++i) {
            const uint8_t* from = src + b * srcStep + i * ses;
            uint8_t* to = dst + b * dstStep + i * des;
            if (s.srcType == s.dstType && e.deqScale == DeqScale::DEQ_NONE && !e.isRelu) {
                std::memcpy(to, from, des);
                continue;
            }
            if (s.srcType == DType::I32 && s.dstType == DType::I32) {  // ReLU on integers stays exact
                int32_t v;
                std::memcpy(&v, from, 4);
                v = std::max(v, 0);
                std::memcpy(to, &v, 4);
                continue;
            }
            float v = float(ElementAsDouble(from, s.srcType));
            if (e.deqScale == DeqScale::DEQ) v *= float(m);
            if (e.isRelu && v < 0) v = 0;
            if (s.dstType == DType::F16) {
                const half h = half(v);
                std::memcpy(to, &h, 2);
            } else {
                std::memcpy(to, &v, 4);
            }
        }
}

void CubeFixpipe(const FixpipeSpec& s, const AscendC::FixpipeParamsV220& p, const void* caller) {
    if (s.srcMem != Mem::L0C || !(s.dstMem == Mem::GM || s.dstMem == Mem::L1)) {
        Diag("CUBE_BAD_POSITION", caller,
             Format("Fixpipe from %s to %s: it moves the result from L0C (CO1) to GM or L1", MemName(s.srcMem),
                    MemName(s.dstMem)));
        return;
    }
    const QuantMode_t mode = p.quantPre;
    if (!ModeFits(mode, s.srcType, s.dstType)) {
        Diag("FIXPIPE_QUANT_MODE", caller,
             Format("Fixpipe from %s to %s with quantPre %d: this mode does not produce that type (float -> half "
                    "needs F322F16, -> bfloat16_t F322BF16, int32_t -> half DEQF16/VDEQF16, ...)",
                    s.srcType == DType::F32 ? "float" : "int32_t", MemName(s.dstMem), int(mode)));
        return;
    }
    if (PerColumn(mode) && !s.deqTensor) {
        Diag("FIXPIPE_QUANT_MODE", caller,
             Format("Fixpipe with per-column quantPre %d needs its scale tensor (the Fixpipe overload that takes it in L1, or SetFixPipeConfig before a DataCopy from CO1)", int(mode)));
        return;
    }
    const uint32_t ndNum = s.nz ? 1 : p.ndNum;
    if (p.nSize > 4095 || p.mSize > (s.nz ? 65535 : 8192) || p.srcNdStride > 512)
        Diag("CUBE_PARAM_RANGE", caller,
             Format("Fixpipe with nSize %u, mSize %u, srcNdStride %u: outside the documented ranges", p.nSize, p.mSize,
                    p.srcNdStride));
    if (p.nSize == 0 || p.mSize == 0 || ndNum == 0) return;  // documented NOP
    const uint32_t mRows = (p.mSize + 15) / 16 * 16;
    if (p.srcStride < mRows && p.nSize > 16)
        Diag("CUBE_PARAM_RANGE", caller,
             Format("Fixpipe srcStride %u is less than mSize %u rounded up to 16: the source's column blocks overlap",
                    p.srcStride, p.mSize));
    if (!s.nz && p.dstStride < p.nSize && p.mSize > 1)
        Diag("CUBE_PARAM_RANGE", caller,
             Format("Fixpipe (NZ2ND) dstStride %u is less than nSize %u: destination rows overlap", p.dstStride, p.nSize));
    const uint64_t ses = 4, des = DTypeSize(s.dstType);
    const uint32_t blocks = (p.nSize + 15) / 16;
    // Destination NZ layout: a row of a column block is 32 bytes (b8: 32 columns; float with
    // channel split: 8 columns) or 16 elements otherwise.
    const uint32_t nzCols = des == 1 ? 32 : (s.dstType == DType::F32 && p.isChannelSplit) ? 8 : 16;
    auto dstOffset = [&](uint32_t nd, uint32_t r, uint32_t c) -> uint64_t {  // in bytes
        if (!s.nz) return (uint64_t(nd) * p.dstNdStride + uint64_t(r) * p.dstStride + c) * des;
        return uint64_t(c / nzCols) * p.dstStride * 32 + uint64_t(r) * nzCols * des + (c % nzCols) * des;
    };
    auto srcOffset = [&](uint32_t nd, uint32_t r, uint32_t c) -> uint64_t {  // in elements
        return uint64_t(nd) * p.srcNdStride * 256 + uint64_t(c / 16) * p.srcStride * 16 + uint64_t(r) * 16 + c % 16;
    };
    const uint64_t srcSpan = (srcOffset(ndNum - 1, p.mSize - 1, (blocks - 1) * 16) + 16) * ses;
    const uint64_t dstSpan = dstOffset(ndNum - 1, p.mSize - 1, p.nSize - 1) + des;
    Instr in(InstrId::Fixpipe, caller);
    in.Read(Mem::L0C, s.src, srcSpan, 64);
    if (s.deqTensor) in.Read(s.deqMem, s.deqTensor, uint64_t(p.nSize) * 8, 32);
    in.Write(s.dstMem, s.dst, dstSpan, s.nz || s.dstMem != Mem::GM ? 32 : 1);
    if (s.nz)  // a column block's rows lie back to back
        in.Bursts((p.nSize + nzCols - 1) / nzCols, uint64_t(p.mSize) * nzCols * des, uint64_t(p.dstStride) * 32);
    else
        in.Bursts(p.mSize, p.nSize * des, uint64_t(p.dstStride) * des).Loops(ndNum, uint64_t(p.dstNdStride) * des, 1, 0);
    if (s.dstMem == Mem::GM) MarkAtomicGmWrites(in);
    in.bytes = uint64_t(ndNum) * p.mSize * p.nSize * des;
    in.repeats = ndNum * p.mSize;  // one output burst per row
    in.elements = uint64_t(ndNum) * p.mSize * p.nSize;
    if (!Issue(in)) return;

    std::vector<QuantParam> scales;
    if (mode != NoQuant && mode != F322F16 && mode != F322BF16) {
        if (PerColumn(mode))
            for (uint32_t c = 0; c < p.nSize; ++c) scales.push_back(Decode(s.deqTensor[c]));
        else
            scales.push_back(Decode(p.deqScalar));
    }
    const auto* src = static_cast<const uint8_t*>(s.src);
    auto* dst = static_cast<uint8_t*>(s.dst);
    std::vector<uint8_t> row(uint64_t(p.nSize) * des);
    for (uint32_t nd = 0; nd < ndNum; ++nd)
        for (uint32_t r = 0; r < p.mSize; ++r) {
            for (uint32_t c = 0; c < p.nSize; ++c) {
                const QuantParam* q = scales.empty() ? nullptr : &scales[scales.size() == 1 ? 0 : c];
                Convert(src + srcOffset(nd, r, c) * ses, &row[c * des], s.srcType, s.dstType, mode, q, p.reluEn);
            }
            if (!s.nz) {
                uint8_t* out = dst + dstOffset(nd, r, 0);
                if (s.dstMem == Mem::GM)
                    StoreGm(out, row.data(), row.size());
                else
                    std::memmove(out, row.data(), row.size());
                continue;
            }
            for (uint32_t c = 0; c < p.nSize; c += nzCols) {
                const uint64_t n = std::min<uint64_t>(nzCols, p.nSize - c) * des;
                uint8_t* out = dst + dstOffset(nd, r, c);
                if (s.dstMem == Mem::GM)
                    StoreGm(out, &row[c * des], n);
                else
                    std::memmove(out, &row[c * des], n);
            }
        }
}

void DmaToFixpipeBuffer(void* dst, Mem srcMem, const void* src, const AscendC::DataCopyParams& p, const void* caller) {
    const char* api = ApiOf(InstrId::DataCopyL1ToFb);
    if (srcMem != Mem::L1) {
        Diag("CUBE_BAD_POSITION", caller,
             Format("%s into the fixpipe buffer (C2PIPE2GM) from %s: it copies from L1", api, MemName(srcMem)));
        return;
    }
    if (p.blockCount == 0 || p.blockLen == 0) return;  // documented NOP
    if (p.blockCount > 4095)
        Diag("CUBE_PARAM_RANGE", caller,
             Format("%s into the fixpipe buffer with blockCount %u: at most 4095", api, p.blockCount));
    const uint64_t block = uint64_t(p.blockLen) * 128;
    const uint64_t srcStep = uint64_t(p.srcStride) * 32, dstStep = uint64_t(p.dstStride) * 128;
    const uint64_t n = p.blockCount;
    Instr in(InstrId::DataCopyL1ToFb, caller);
    in.Read(Mem::L1, src, (n - 1) * srcStep + block, 32).Write(Mem::FB, dst, (n - 1) * dstStep + block, 128);
    in.bytes = n * block;
    in.repeats = uint32_t(n);
    in.elements = in.bytes / 8;
    if (!Issue(in)) return;
    for (uint64_t b = 0; b < n; ++b)
        std::memmove(static_cast<uint8_t*>(dst) + b * dstStep, static_cast<const uint8_t*>(src) + b * srcStep, block);
}

void SetFixpipeQuantScalar(uint64_t config) { Cur().fixpipe.quantScalar = config; }

void SetFixpipeQuantTensor(Mem mem, const uint64_t* scales, const void* caller) {
    if (mem == Mem::L0C) return;  // the form that only clears unit flags, which are not modelled
    if (mem != Mem::FB) {
        Diag("CUBE_BAD_POSITION", caller,
             Format("SetFixPipeConfig with a scale tensor in %s: it must be in the fixpipe buffer (TPosition "
                    "C2PIPE2GM), filled by DataCopy from L1",
                    MemName(mem)));
        return;
    }
    Cur().fixpipe.quantTensor = scales;
}

void SetFixpipeNz2nd(uint16_t ndNum, uint16_t srcNdStride, uint16_t dstNdStride, const void* caller) {
    if (ndNum == 0 || (ndNum > 1 && (srcNdStride == 0 || srcNdStride > 512)))
        Diag("CUBE_PARAM_RANGE", caller,
             Format("SetFixpipeNz2ndFlag(%u, %u, %u): ndNum must be in [1, 65535] and, with more than one matrix, "
                    "srcNdStride in [1, 512]",
                    ndNum, srcNdStride, dstNdStride));
    auto& r = Cur().fixpipe;
    r.ndNum = ndNum;
    r.srcNdStride = srcNdStride;
    r.dstNdStride = dstNdStride;
}

void CubeCopyFromL0C(FixpipeSpec s, const AscendC::DataCopyCO12DstParams& p, const void* caller) {
    const auto& r = Cur().fixpipe;
    if (!p.nz2ndEn && p.nSize % 16)
        Diag("CUBE_PARAM_RANGE", caller,
             Format("DataCopy from CO1 with nSize %u: without nz2ndEn nSize must be a multiple of 16", p.nSize));
    if (p.clipReluPre || p.eltWiseOp)
        Diag("CUBE_UNSUPPORTED", caller,
             "DataCopy from CO1 with clipReluPre / eltWiseOp (Atlas 200I/500 A2 only): ignored");
    AscendC::FixpipeParamsV220 f;
    f.nSize = p.nSize;
    f.mSize = p.mSize;
    f.srcStride = p.srcStride;
    f.dstStride = p.dstStride;
    f.quantPre = p.quantPre;
    f.deqScalar = r.quantScalar;
    f.reluEn = p.reluPre != 0;
    f.unitFlag = p.unitFlag;
    f.isChannelSplit = p.channelSplit;
    f.ndNum = p.nz2ndEn ? r.ndNum : 1;
    f.srcNdStride = p.nz2ndEn ? r.srcNdStride : 0;
    f.dstNdStride = p.nz2ndEn ? r.dstNdStride : 0;
    s.nz = !p.nz2ndEn;
    if (PerColumn(p.quantPre)) {
        s.deqTensor = r.quantTensor;
        s.deqMem = Mem::FB;
    }
    CubeFixpipe(s, f, caller);
}

void FixpipeConvertElement(const uint8_t* src, uint8_t* dst, DType srcType, DType dstType, QuantMode_t mode,
                           uint64_t quant, bool relu) {
    const QuantParam q = Decode(quant);
    Convert(src, dst, srcType, dstType, mode, &q, relu);
}

bool FixpipeModeFits(QuantMode_t mode, DType src, DType dst) { return ModeFits(mode, src, dst); }
bool FixpipeModePerColumn(QuantMode_t mode) { return PerColumn(mode); }

}  // namespace akg::sim
