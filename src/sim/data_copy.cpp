// The DMA engines: block-strided copies between GM and local memories, the padding copy into
// UB and the unaligned copy out of it, and atomic accumulation into GM.
#include <cstring>
#include <vector>

#include "basic_api/kernel_operator_data_copy_intf.h"
#include "lib/utils/init_global_memory.h"
#include "sim/runtime.h"

namespace akg::sim {

namespace {

constexpr uint32_t kMaxBlockCount = 4095;

uint64_t Align32(uint64_t n) { return (n + 31) / 32 * 32; }

template <typename T>
void Accumulate(uint8_t* dst, const uint8_t* src, uint64_t bytes, AtomicOp op) {
    for (uint64_t i = 0; i + sizeof(T) <= bytes; i += sizeof(T)) {
        T a, b;
        std::memcpy(&a, dst + i, sizeof(T));
        std::memcpy(&b, src + i, sizeof(T));
        T r;
        if (op == AtomicOp::Add) {
            if constexpr (std::is_integral_v<T>)
                r = T(std::make_unsigned_t<T>(a) + std::make_unsigned_t<T>(b));  // wraps like the hardware
            else
                r = T(float(a) + float(b));
        } else if (op == AtomicOp::Max) {
            r = float(b) > float(a) ? b : a;
        } else {
            r = float(b) < float(a) ? b : a;
        }
        std::memcpy(dst + i, &r, sizeof(T));
    }
}

}  // namespace

void StoreGm(uint8_t* dst, const uint8_t* src, uint64_t bytes) {
    const Core& c = Cur();
    if (c.atomic == AtomicOp::None || c.atomic == AtomicOp::Keep) {
        std::memmove(dst, src, bytes);
        return;
    }
    switch (c.atomicType) {
        case DType::F32: Accumulate<float>(dst, src, bytes, c.atomic); break;
        case DType::F16: Accumulate<half>(dst, src, bytes, c.atomic); break;
        case DType::BF16: Accumulate<bfloat16_t>(dst, src, bytes, c.atomic); break;
        case DType::I32: Accumulate<int32_t>(dst, src, bytes, c.atomic); break;
        case DType::I16: Accumulate<int16_t>(dst, src, bytes, c.atomic); break;
        case DType::I8: Accumulate<int8_t>(dst, src, bytes, c.atomic); break;
        default: std::memmove(dst, src, bytes); break;
    }
}

void MarkAtomicGmWrites(Instr& in) {
    const Core& c = Cur();
    if (c.atomic == AtomicOp::None || c.atomic == AtomicOp::Keep) return;
    in.gmAtomic = uint8_t(c.atomic);
    in.gmAtomicType = c.atomicType;
}

namespace {

void CheckBlockCount(const char* api, uint32_t blockCount, const void* caller) {
    if (blockCount > kMaxBlockCount)
        Diag("DMA_PARAM_RANGE", caller, Format("%s with blockCount %u: the hardware accepts 0..%u", api, blockCount,
                                               kMaxBlockCount));
}

// DataCopyPad (both directions): blockLen is in bytes, at most 2097151, and a whole number of elements.
constexpr uint64_t kMaxPadBlockLen = 2097151;
void CheckPadBlockLen(uint64_t blockBytes, uint64_t elemSize, const void* caller) {
    if (blockBytes > kMaxPadBlockLen)
        Diag("DMA_PARAM_RANGE", caller,
             Format("DataCopyPad blockLen %lu exceeds the maximum %lu bytes", static_cast<unsigned long>(blockBytes),
                    static_cast<unsigned long>(kMaxPadBlockLen)));
    if (elemSize && blockBytes % elemSize)
        Diag("DMA_PARAM_RANGE", caller,
             Format("DataCopyPad blockLen %lu is not a multiple of the element size %lu",
                    static_cast<unsigned long>(blockBytes), static_cast<unsigned long>(elemSize)));
}

}  // namespace

void DmaCopy(const DmaSpec& s, const void* caller) {
    const InstrId id = s.api == DmaApi::CopyUbufToUbuf ? InstrId::CopyUbufToUbuf : DataCopyRow(s.dstMem, s.srcMem);
    CheckBlockCount(ApiOf(id), s.blockCount, caller);
    uint64_t block = s.lenAlign > 1 ? s.blockBytes / s.lenAlign * s.lenAlign : s.blockBytes;
    uint64_t srcSpan = s.blockCount ? s.blockCount * block + (s.blockCount - 1) * s.srcGap : 0;
    uint64_t dstSpan = s.blockCount ? s.blockCount * block + (s.blockCount - 1) * s.dstGap : 0;
    if (block == 0) srcSpan = dstSpan = 0;
    Instr in(id, caller);
    // DataCopy moves whole 32-byte blocks: it cannot stop inside the last one.
    in.Read(s.srcMem, s.src, srcSpan, s.srcAlign, 32).Bursts(s.blockCount, block, block + s.srcGap);
    in.Write(s.dstMem, s.dst, dstSpan, s.dstAlign, 32).Bursts(s.blockCount, block, block + s.dstGap);
    if (s.dstMem == Mem::GM) MarkAtomicGmWrites(in);
    in.bytes = uint64_t(s.blockCount) * block;
    in.repeats = s.blockCount;  // bursts, for the cost model
    in.requestedBytes = s.blockBytes;
    in.lenAlign = s.lenAlign;
    in.elements = in.bytes / DTypeSize(s.dtype);
    if (!Issue(in) || block == 0) return;
    auto* d = static_cast<uint8_t*>(s.dst);
    auto* p = static_cast<const uint8_t*>(s.src);
    for (uint32_t i = 0; i < s.blockCount; ++i) {
        uint8_t* db = d + i * (block + s.dstGap);
        const uint8_t* sb = p + i * (block + s.srcGap);
        if (s.dstMem == Mem::GM)
            StoreGm(db, sb, block);
        else
            std::memmove(db, sb, block);
    }
}

namespace {

constexpr uint32_t kMaxSliceDims = 8;

// The element offsets of one operand's slices in row-major order (the highest dimension
// outermost), or false with the broken rule in `why`.
bool SliceOffsets(const AscendC::SliceInfo* info, uint32_t dims, uint32_t elemSize, const char* side,
                  std::vector<uint64_t>* out, std::string* why) {
    std::vector<uint64_t> offsets{0};
    uint64_t pitch = 1;
    std::vector<std::vector<uint64_t>> starts(dims);
    std::vector<uint64_t> pitches(dims);
    for (uint32_t d = 0; d < dims; ++d) {
        const AscendC::SliceInfo& s = info[d];
        if (d > 0 && s.burstLen != 1) {
            *why = Format("%s dimension %u has burstLen %u: above dimension 0 it must be 1", side, d, s.burstLen);
            return false;
        }
        const uint64_t unit = d == 0 ? uint64_t(s.burstLen) * 32 / elemSize : 1;
        const uint64_t span = uint64_t(s.endIndex) - s.startIndex + 1;
        if (s.burstLen == 0 || s.startIndex >= s.endIndex || s.endIndex > s.shapeValue ||
            (span + s.stride) % (unit + s.stride) != 0) {
            *why = Format("%s dimension %u {start %u, end %u, stride %u, burstLen %u, shape %u}: needs start < end <= "
                          "shape and end - start + 1 = (N - 1) * stride + N * %lu",
                          side, d, s.startIndex, s.endIndex, s.stride, s.burstLen, s.shapeValue,
                          static_cast<unsigned long>(unit));
            return false;
        }
        for (uint64_t i = s.startIndex; i + unit <= uint64_t(s.endIndex) + 1; i += unit + s.stride)
            starts[d].push_back(i);
        pitches[d] = pitch;
        pitch *= s.shapeValue;
    }
    for (uint32_t d = dims; d-- > 0;) {
        std::vector<uint64_t> next;
        for (uint64_t base : offsets)
            for (uint64_t i : starts[d]) next.push_back(base + i * pitches[d]);
        offsets.swap(next);
    }
    *out = std::move(offsets);
    return true;
}

}  // namespace

void DmaSliceCopy(const DmaSliceSpec& s, const void* caller) {
    if (s.dimValue == 0 || s.dimValue > kMaxSliceDims) {
        Diag("DMA_PARAM_RANGE", caller,
             Format("DataCopy with SliceInfo of %u dimensions: the API accepts 1..%u", s.dimValue, kMaxSliceDims));
        return;
    }
    std::string why;
    std::vector<uint64_t> srcOffsets, dstOffsets;
    for (uint32_t d = 0; d < s.dimValue && why.empty(); ++d)
        if (s.srcInfo[d].burstLen != s.dstInfo[d].burstLen)
            why = Format("dimension %u has burstLen %u in srcSliceInfo but %u in dstSliceInfo", d,
                         s.srcInfo[d].burstLen, s.dstInfo[d].burstLen);
    if (why.empty() && SliceOffsets(s.srcInfo, s.dimValue, s.elemSize, "srcSliceInfo", &srcOffsets, &why) &&
        SliceOffsets(s.dstInfo, s.dimValue, s.elemSize, "dstSliceInfo", &dstOffsets, &why) &&
        srcOffsets.size() != dstOffsets.size())
        why = Format("srcSliceInfo describes %zu slices, dstSliceInfo %zu", srcOffsets.size(), dstOffsets.size());
    if (!why.empty()) {
        Diag("DMA_PARAM_RANGE", caller, "DataCopy with SliceInfo: " + why);
        return;
    }
    const uint64_t burst = uint64_t(s.srcInfo[0].burstLen) * 32;
    const uint16_t dstAlign = s.dstMem == Mem::GM ? 1 : 32, srcAlign = s.srcMem == Mem::GM ? 1 : 32;
    for (size_t k = 0; k < srcOffsets.size(); ++k)
        DmaCopy(DmaSpec{DmaApi::DataCopy, s.dstMem, static_cast<uint8_t*>(s.dst) + dstOffsets[k] * s.elemSize, s.srcMem,
                        static_cast<const uint8_t*>(s.src) + srcOffsets[k] * s.elemSize, s.dtype, 1, burst, 0, 0,
                        dstAlign, srcAlign, 32},
                caller);
}

namespace {

// Loop mode and Compact are Ascend 950's (arch 3510; the SetLoopModePara and DataCopyPad pages list
// no other product): elsewhere they are SOC_UNSUPPORTED.
void CheckArch35(const char* what, const void* caller) {
    const PlatformSpec& p = Rt().platform;
    if (p.cceAicore < 310)
        Fatal("SOC_UNSUPPORTED", caller,
              Format("%s is not supported on %s: Ascend 950 (arch 3510) only", what, p.socVersion.c_str()));
}

// The iterations of the loop registers of one direction: one plain copy when none are set.
struct LoopShape {
    uint64_t n1 = 1, n2 = 1;
    uint64_t src1 = 0, dst1 = 0, src2 = 0, dst2 = 0;
    uint64_t count() const { return n1 * n2; }
    // How far past the first iteration's start the last one's starts (strides are unsigned).
    uint64_t srcReach() const { return count() ? (n2 - 1) * src2 + (n1 - 1) * src1 : 0; }
    uint64_t dstReach() const { return count() ? (n2 - 1) * dst2 + (n1 - 1) * dst1 : 0; }
};

LoopShape LoopOf(bool outToUb) {
    const Core::DmaLoopRegs& r = Cur().dmaLoop[outToUb ? 1 : 0];
    if (!r.set) return {};
    return {r.size1, r.size2, r.src1, r.dst1, r.src2, r.dst2};
}

}  // namespace

void SetDmaLoop(bool outToUb, const DmaLoop& l, const void* caller) {
    CheckArch35("SetLoopModePara", caller);
    constexpr uint64_t kSizeLimit = 1ull << 21, kUbStrideLimit = 1ull << 21, kGmStrideLimit = 1ull << 40;
    const char* dir = outToUb ? "OUT_TO_UB" : "UB_TO_OUT";
    if (l.size1 >= kSizeLimit || l.size2 >= kSizeLimit)
        Diag("DMA_PARAM_RANGE", caller,
             Format("SetLoopModePara(%s) loop1Size %u / loop2Size %u: each must be below 2^21", dir, l.size1, l.size2));
    // The UB side's strides (destination of OUT_TO_UB, source of UB_TO_OUT) are below 2^21 and whole
    // 32-byte blocks; the GM side's below 2^40.
    const uint64_t ub1 = outToUb ? l.dst1 : l.src1, ub2 = outToUb ? l.dst2 : l.src2;
    const uint64_t gm1 = outToUb ? l.src1 : l.dst1, gm2 = outToUb ? l.src2 : l.dst2;
    if (ub1 % 32 || ub2 % 32 || ub1 >= kUbStrideLimit || ub2 >= kUbStrideLimit)
        Diag("DMA_PARAM_RANGE", caller,
             Format("SetLoopModePara(%s) UB-side strides %lu / %lu: each must be a multiple of 32 bytes below 2^21", dir,
                    static_cast<unsigned long>(ub1), static_cast<unsigned long>(ub2)));
    if (gm1 >= kGmStrideLimit || gm2 >= kGmStrideLimit)
        Diag("DMA_PARAM_RANGE", caller,
             Format("SetLoopModePara(%s) GM-side strides %lu / %lu: each must be below 2^40", dir,
                    static_cast<unsigned long>(gm1), static_cast<unsigned long>(gm2)));
    Core::DmaLoopRegs& r = Cur().dmaLoop[outToUb ? 1 : 0];
    r = {true, l.size1, l.size2, l.src1, l.dst1, l.src2, l.dst2};
}

void ResetDmaLoop(bool outToUb, const void* caller) {
    CheckArch35("ResetLoopModePara", caller);
    Cur().dmaLoop[outToUb ? 1 : 0] = {};
}

void DmaPadIn(const DmaPadInSpec& s, Mem dstMem, const void* caller) {
    CheckSocSupports("DataCopyPad", caller);
    if (s.compact) CheckArch35("DataCopyPad with PaddingMode::Compact", caller);
    CheckBlockCount("DataCopyPad", s.blockCount, caller);
    const uint64_t es = s.elemSize;
    CheckPadBlockLen(s.blockBytes, es, caller);
    if (s.leftPad * es > 32 || s.rightPad * es > 32)
        Diag("DMA_PARAM_RANGE", caller,
             Format("DataCopyPad padding of %u/%u elements exceeds 32 bytes on a side", s.leftPad, s.rightPad));
    const uint64_t left = s.leftPad * es;
    const uint64_t right = s.rightPad * es;
    // Normal: each block is [left][data][right][dummy] rounded up to 32 bytes, the next one
    // dstGapBlocks blocks later. Compact: [left][data0][data1]...[right][dummy], the dummy taking the
    // end of the transfer to the next 32-byte boundary of UB (the start may be anywhere: ops-cv's
    // resize kernels write single points at element offsets).
    const uint64_t dstBlock = s.compact ? s.blockBytes : Align32(left + s.blockBytes + right);
    const uint64_t dstStep = dstBlock + s.dstGapBlocks * 32;
    const uint64_t srcStep = s.blockBytes + s.srcGapBytes;
    // Offsets from the start of the local memory: its 32-byte blocks are the ones Compact fills up.
    const uintptr_t dstAddr = reinterpret_cast<uintptr_t>(s.dst) - reinterpret_cast<uintptr_t>(Cur().memBase[size_t(dstMem)]);
    uint64_t innerSrc = s.blockCount ? (s.blockCount - 1) * srcStep + s.blockBytes : 0;
    uint64_t innerDst = 0;
    if (s.blockCount) {
        innerDst = s.compact ? Align32(dstAddr + left + (s.blockCount - 1) * dstStep + s.blockBytes + right) - dstAddr
                             : (s.blockCount - 1) * dstStep + dstBlock;
    }
    const LoopShape loop = LoopOf(true);
    uint64_t srcSpan = loop.count() && innerSrc ? loop.srcReach() + innerSrc : 0;
    uint64_t dstSpan = loop.count() && innerDst ? loop.dstReach() + innerDst : 0;
    if (s.blockBytes == 0) srcSpan = dstSpan = 0;
    Instr in(InstrId::DataCopyPadIn, caller);
    in.Read(Mem::GM, s.src, srcSpan, 1)
        .Bursts(s.blockCount, s.blockBytes, srcStep)
        .Loops(loop.n1, loop.src1, loop.n2, loop.src2);
    in.Write(dstMem, s.dst, dstSpan, s.compact ? uint16_t(1) : uint16_t(32));
    in.bytes = loop.count() * s.blockCount * s.blockBytes;
    in.repeats = static_cast<uint32_t>(loop.count() * s.blockCount);
    in.elements = in.bytes / es;
    if (!Issue(in) || s.blockBytes == 0 || loop.count() == 0) return;

    const Core& c = Cur();
    // Padding the caller did not specify is unspecified on the device; poison makes reliance on it
    // visible.
    auto fill = [&](uint8_t* at, uint64_t bytes, bool specified, uint64_t bits) {
        for (uint64_t k = 0; k < bytes; k += es) {
            if (specified)
                std::memcpy(at + k, &bits, std::min<uint64_t>(es, bytes - k));
            else
                std::memset(at + k, 0xFF, std::min<uint64_t>(es, bytes - k));
        }
    };
    const bool padKnown = s.isPad || c.padValueSet;
    const uint64_t padBits = s.isPad ? s.padBits : c.padBits;
    for (uint64_t j2 = 0; j2 < loop.n2; ++j2) {
        for (uint64_t j1 = 0; j1 < loop.n1; ++j1) {
            auto* d = static_cast<uint8_t*>(s.dst) + j2 * loop.dst2 + j1 * loop.dst1;
            const auto* src = static_cast<const uint8_t*>(s.src) + j2 * loop.src2 + j1 * loop.src1;
            if (s.compact) {
                fill(d, left, padKnown, padBits);
                for (uint32_t i = 0; i < s.blockCount; ++i) std::memmove(d + left + i * dstStep, src + i * srcStep, s.blockBytes);
                uint8_t* tail = d + left + (s.blockCount - 1) * dstStep + s.blockBytes;
                fill(tail, right, padKnown, padBits);
                uint64_t dummy = innerDst - static_cast<uint64_t>(tail + right - d);
                fill(tail + right, dummy, padKnown, padBits);
                continue;
            }
            for (uint32_t i = 0; i < s.blockCount; ++i) {
                uint8_t* db = d + i * dstStep;
                const uint8_t* sb = src + i * srcStep;
                fill(db, left, padKnown, padBits);
                std::memmove(db + left, sb, s.blockBytes);
                fill(db + left + s.blockBytes, right, padKnown, padBits);
                uint64_t used = left + s.blockBytes + right;
                uint64_t dummy = dstBlock - used;
                if (dummy == 0) continue;
                if (s.leftPad == 0 && s.rightPad == 0) {
                    // Documented: without left/right padding the dummy tail repeats the block's first
                    // element, whether or not isPad is set.
                    uint64_t first = 0;
                    std::memcpy(&first, sb, es);
                    fill(db + used, dummy, true, first);
                } else {
                    fill(db + used, dummy, padKnown, padBits);
                }
            }
        }
    }
}

void DmaPadOut(void* dst, const void* src, DType dtype, uint32_t blockCount, uint64_t blockBytes, uint64_t srcGapBlocks,
               uint64_t dstGapBytes, Mem srcMem, const void* caller, bool compact) {
    CheckSocSupports("DataCopyPad", caller);
    if (compact) CheckArch35("DataCopyPad with PaddingMode::Compact", caller);
    CheckBlockCount("DataCopyPad", blockCount, caller);
    CheckPadBlockLen(blockBytes, DTypeSize(dtype), caller);
    // Normal reads each block from its own 32-byte-aligned place in UB; Compact reads them back to back.
    const uint64_t srcStep = (compact ? blockBytes : Align32(blockBytes)) + srcGapBlocks * 32;
    const uint64_t dstStep = blockBytes + dstGapBytes;
    const LoopShape loop = LoopOf(false);
    uint64_t innerSrc = blockCount ? (blockCount - 1) * srcStep + blockBytes : 0;
    uint64_t innerDst = blockCount ? (blockCount - 1) * dstStep + blockBytes : 0;
    uint64_t srcSpan = loop.count() && innerSrc ? loop.srcReach() + innerSrc : 0;
    uint64_t dstSpan = loop.count() && innerDst ? loop.dstReach() + innerDst : 0;
    if (blockBytes == 0) srcSpan = dstSpan = 0;
    Instr in(InstrId::DataCopyPadOut, caller);
    in.Read(srcMem, src, srcSpan, compact ? uint16_t(1) : uint16_t(32));
    in.Write(Mem::GM, dst, dstSpan, 1).Bursts(blockCount, blockBytes, dstStep).Loops(loop.n1, loop.dst1, loop.n2, loop.dst2);
    MarkAtomicGmWrites(in);
    in.bytes = loop.count() * blockCount * blockBytes;
    in.repeats = static_cast<uint32_t>(loop.count() * blockCount);
    in.elements = in.bytes / DTypeSize(dtype);
    if (!Issue(in) || blockBytes == 0 || loop.count() == 0) return;
    for (uint64_t j2 = 0; j2 < loop.n2; ++j2)
        for (uint64_t j1 = 0; j1 < loop.n1; ++j1) {
            auto* d = static_cast<uint8_t*>(dst) + j2 * loop.dst2 + j1 * loop.dst1;
            auto* p = static_cast<const uint8_t*>(src) + j2 * loop.src2 + j1 * loop.src1;
            for (uint32_t i = 0; i < blockCount; ++i) StoreGm(d + i * dstStep, p + i * srcStep, blockBytes);
        }
}

void GmFill(void* dst, const void* value, uint32_t elemSize, uint64_t count, InstrId id, const void* caller) {
    Instr in(id, caller);
    in.Write(Mem::GM, dst, count * elemSize, 1);
    MarkAtomicGmWrites(in);
    in.bytes = count * elemSize;
    in.elements = count;
    if (!Issue(in) || count == 0) return;
    std::vector<uint8_t> pattern(count * elemSize);
    for (uint64_t i = 0; i < count; ++i) std::memcpy(pattern.data() + i * elemSize, value, elemSize);
    StoreGm(static_cast<uint8_t*>(dst), pattern.data(), pattern.size());
}

void SetPadValueBits(uint64_t bits, uint32_t elemSize) {
    (void)elemSize;
    Core& c = Cur();
    c.padValueSet = true;
    c.padBits = bits;
}

void SetAtomic(AtomicOp op, DType dtype, const void* caller) {
    if (op == AtomicOp::Max) CheckSocSupports("SetAtomicMax", caller);
    if (op == AtomicOp::Min) CheckSocSupports("SetAtomicMin", caller);
    Core& c = Cur();
    if (op != AtomicOp::Keep) c.atomic = op;
    c.atomicType = dtype;
}

}  // namespace akg::sim
