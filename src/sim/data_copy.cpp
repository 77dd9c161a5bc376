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

Pipe DmaPipe(Mem dst, Mem src) {
    if (src == Mem::GM) return Pipe::MTE2;
    if (dst == Mem::GM) return Pipe::MTE3;
    if (src == Mem::UB && dst == Mem::UB) return Pipe::V;
    // L1 -> BT is an MTE1 move, L1 -> FB a Fixpipe one (ascend-hardware-model.md section 3.1).
    if (src == Mem::L1) return dst == Mem::FB ? Pipe::FIX : Pipe::MTE1;
    if (src == Mem::L0C) return Pipe::FIX;
    return Pipe::MTE3;
}

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
    CheckBlockCount(s.api, s.blockCount, caller);
    uint64_t block = s.lenAlign > 1 ? s.blockBytes / s.lenAlign * s.lenAlign : s.blockBytes;
    uint64_t srcSpan = s.blockCount ? s.blockCount * block + (s.blockCount - 1) * s.srcGap : 0;
    uint64_t dstSpan = s.blockCount ? s.blockCount * block + (s.blockCount - 1) * s.dstGap : 0;
    if (block == 0) srcSpan = dstSpan = 0;
    Instr in(s.api, DmaPipe(s.dstMem, s.srcMem), caller);
    // DataCopy moves whole 32-byte blocks: it cannot stop inside the last one.
    in.Read(s.srcMem, s.src, srcSpan, s.srcAlign, 32).Write(s.dstMem, s.dst, dstSpan, s.dstAlign, 32);
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
        DmaCopy(DmaSpec{"DataCopy", s.dstMem, static_cast<uint8_t*>(s.dst) + dstOffsets[k] * s.elemSize, s.srcMem,
                        static_cast<const uint8_t*>(s.src) + srcOffsets[k] * s.elemSize, s.dtype, 1, burst, 0, 0,
                        dstAlign, srcAlign, 32},
                caller);
}

void DmaPadIn(const DmaPadInSpec& s, Mem dstMem, const void* caller) {
    CheckSocSupports("DataCopyPad", caller);
    CheckBlockCount("DataCopyPad", s.blockCount, caller);
    const uint64_t es = s.elemSize;
    CheckPadBlockLen(s.blockBytes, es, caller);
    if (s.leftPad * es > 32 || s.rightPad * es > 32)
        Diag("DMA_PARAM_RANGE", caller,
             Format("DataCopyPad padding of %u/%u elements exceeds 32 bytes on a side", s.leftPad, s.rightPad));
    const uint64_t dstBlock = Align32(s.leftPad * es + s.blockBytes + s.rightPad * es);
    const uint64_t dstStep = dstBlock + s.dstGapBlocks * 32;
    const uint64_t srcStep = s.blockBytes + s.srcGapBytes;
    uint64_t srcSpan = s.blockCount ? (s.blockCount - 1) * srcStep + s.blockBytes : 0;
    uint64_t dstSpan = s.blockCount ? (s.blockCount - 1) * dstStep + dstBlock : 0;
    if (s.blockBytes == 0) srcSpan = dstSpan = 0;
    Instr in("DataCopyPad", Pipe::MTE2, caller);
    in.Read(Mem::GM, s.src, srcSpan, 1).Write(dstMem, s.dst, dstSpan, 32);
    in.bytes = uint64_t(s.blockCount) * s.blockBytes;
    in.repeats = s.blockCount;
    in.elements = in.bytes / es;
    if (!Issue(in) || s.blockBytes == 0) return;

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
    auto* d = static_cast<uint8_t*>(s.dst);
    auto* src = static_cast<const uint8_t*>(s.src);
    for (uint32_t i = 0; i < s.blockCount; ++i) {
        uint8_t* db = d + i * dstStep;
        const uint8_t* sb = src + i * srcStep;
        uint64_t left = s.leftPad * es;
        uint64_t right = s.rightPad * es;
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

void DmaPadOut(void* dst, const void* src, DType dtype, uint32_t blockCount, uint64_t blockBytes, uint64_t srcGapBlocks,
               uint64_t dstGapBytes, Mem srcMem, const void* caller) {
    CheckSocSupports("DataCopyPad", caller);
    CheckBlockCount("DataCopyPad", blockCount, caller);
    CheckPadBlockLen(blockBytes, DTypeSize(dtype), caller);
    const uint64_t srcStep = Align32(blockBytes) + srcGapBlocks * 32;
    const uint64_t dstStep = blockBytes + dstGapBytes;
    uint64_t srcSpan = blockCount ? (blockCount - 1) * srcStep + blockBytes : 0;
    uint64_t dstSpan = blockCount ? (blockCount - 1) * dstStep + blockBytes : 0;
    if (blockBytes == 0) srcSpan = dstSpan = 0;
    Instr in("DataCopyPad", Pipe::MTE3, caller);
    in.Read(srcMem, src, srcSpan, 32).Write(Mem::GM, dst, dstSpan, 1);
    in.bytes = uint64_t(blockCount) * blockBytes;
    in.repeats = blockCount;
    in.elements = in.bytes / DTypeSize(dtype);
    if (!Issue(in) || blockBytes == 0) return;
    auto* d = static_cast<uint8_t*>(dst);
    auto* p = static_cast<const uint8_t*>(src);
    for (uint32_t i = 0; i < blockCount; ++i) StoreGm(d + i * dstStep, p + i * srcStep, blockBytes);
}

void GmFill(void* dst, const void* value, uint32_t elemSize, uint64_t count, const char* api, const void* caller) {
    Instr in(api, Pipe::MTE3, caller);
    in.Write(Mem::GM, dst, count * elemSize, 1);
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
