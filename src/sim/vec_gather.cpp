// Gather (byte offsets from a base) and GatherMask (pattern-driven compaction).
#include <vector>

#include "basic_api/kernel_operator_vec_gather_intf.h"
#include "basic_api/kernel_operator_vec_gather_mask_intf.h"
#include "sim/vec_ext.h"

namespace akg::sim {

template <typename T>
void VecGather(T* dst, const T* src, const uint32_t* offsets, uint32_t srcBaseAddr, const VecShape& shape,
               const void* caller) {
    Iteration it = Resolve(shape, sizeof(T), caller);
    AsCounter(it);
    const uint32_t repeats = RepeatsOf(it);
    const Operand od{reinterpret_cast<uint8_t*>(dst), sizeof(T), 1, shape.rep[0]};
    // Offsets are consumed one per lane, contiguously across repeats.
    uint64_t offEnd = 0;
    for (uint32_t r = repeats >= 2 ? repeats - 2 : 0; r < repeats; ++r)
        for (uint32_t l = 0; l < it.lanes; ++l)
            if (LaneEnabled(it, r, l)) offEnd = std::max<uint64_t>(offEnd, (uint64_t(r) * it.lanes + l + 1) * 4);
    // The source range follows from the offsets, read only when they are inside the UB.
    uintptr_t lo = UINTPTR_MAX, hi = 0;
    bool misaligned = false;
    const uintptr_t base = reinterpret_cast<uintptr_t>(src) + srcBaseAddr;
    if (offEnd && InUb(reinterpret_cast<uintptr_t>(offsets), offEnd)) {
        for (uint32_t r = 0; r < repeats; ++r)
            for (uint32_t l = 0; l < it.lanes; ++l) {
                if (!LaneEnabled(it, r, l)) continue;
                const uintptr_t a = base + offsets[uint64_t(r) * it.lanes + l];
                misaligned |= a % sizeof(T) != 0;
                const uintptr_t aligned = a / sizeof(T) * sizeof(T);
                lo = std::min(lo, aligned);
                hi = std::max(hi, aligned + sizeof(T));
            }
    }
    if (misaligned)
        Diag("VEC_GATHER_OFFSET_MISALIGNED", caller,
             Format("Gather: srcBaseAddr + srcOffset is not a multiple of the %zu-byte element size; the device "
                    "reads from the element the address falls in",
                    sizeof(T)));
    Instr in(InstrId::Gather, caller);
    in.Write(Mem::UB, dst, Footprint(it, od), 32);
    in.Read(Mem::UB, offsets, offEnd, 32);
    if (hi > lo) in.Read(Mem::UB, reinterpret_cast<const void*>(lo), hi - lo, 1);
    in.elements = it.counter ? it.count : uint64_t(repeats) * it.lanes;
    in.repeats = repeats;
    in.bytes = in.elements * sizeof(T);
    if (!Issue(in) || hi <= lo) return;
    std::vector<T> v(it.lanes);
    for (uint32_t r = 0; r < repeats; ++r) {
        for (uint32_t l = 0; l < it.lanes; ++l)
            if (LaneEnabled(it, r, l)) {
                const uintptr_t a = (base + offsets[uint64_t(r) * it.lanes + l]) / sizeof(T) * sizeof(T);
                v[l] = LoadAs<T>(reinterpret_cast<const void*>(a));
            }
        for (uint32_t l = 0; l < it.lanes; ++l)
            if (LaneEnabled(it, r, l)) StoreAs(LaneAddress(od, r, l), v[l]);
    }
}

namespace {

bool FixedPatternBit(uint8_t mode, uint64_t e) {
    switch (mode) {
        case 1: return e % 2 == 0;
        case 2: return e % 2 == 1;
        case 3: return e % 4 == 0;
        case 4: return e % 4 == 1;
        case 5: return e % 4 == 2;
        case 6: return e % 4 == 3;
        default: return true;  // 7
    }
}

}  // namespace

void VecGatherMask(uint32_t esize, void* dst, const void* src0, const void* pattern, uint8_t patternMode,
                   bool reduceMode, uint32_t mask, const AscendC::GatherMaskParams& p, uint64_t& rsvdCnt,
                   const void* caller) {
    const char* api = ApiOf(InstrId::GatherMask);
    const uint32_t perBlock = 32 / esize, lanes = 256 / esize;
    if (!pattern && (patternMode < 1 || patternMode > 7)) {
        Diag("VEC_UNSUPPORTED", caller,
             Format("GatherMask: fixed pattern mode %u is outside 1..7", unsigned(patternMode)));
        return;
    }
    if (reduceMode && mask == 0)
        Diag("VEC_COUNT_RANGE", caller, "GatherMask: with reduceMode = true (Counter) the mask must be at least 1");
    const uint32_t perRepeat = reduceMode ? mask : lanes;
    const uint32_t repeats = p.repeatTimes;
    const Operand os{reinterpret_cast<uint8_t*>(const_cast<void*>(src0)), esize, p.src0BlockStride,
                     p.src0RepeatStride};
    const auto* pat = static_cast<const uint8_t*>(pattern);
    const uint64_t patStride = uint64_t(p.src1RepeatStride) * 32;
    const uint64_t patBytes = repeats && perRepeat ? (repeats - 1) * patStride + (perRepeat + 7) / 8 : 0;

    uint64_t srcEnd = 0;
    if (repeats && perRepeat)
        for (uint32_t r = repeats >= 2 ? repeats - 2 : 0; r < repeats; ++r)
            for (uint32_t e = 0; e < perRepeat; ++e)
                srcEnd = std::max<uint64_t>(srcEnd, uint64_t(LaneAddress(os, r, e) - os.base) + esize);
    auto bit = [&](uint32_t r, uint32_t e) {
        if (!pat) return FixedPatternBit(patternMode, e);
        const uint8_t* b = pat + r * patStride;
        return ((b[e / 8] >> (e % 8)) & 1u) != 0;
    };
    // The kept count decides the destination's footprint; it is computed before the
    // instruction only when the pattern is inside the UB.
    uint64_t kept = uint64_t(repeats) * perRepeat;
    if (!pat || InUb(reinterpret_cast<uintptr_t>(pat), patBytes)) {
        kept = 0;
        for (uint32_t r = 0; r < repeats; ++r)
            for (uint32_t e = 0; e < perRepeat; ++e) kept += bit(r, e);
    }
    Instr in(InstrId::GatherMask, caller);
    in.Write(Mem::UB, dst, kept * esize, 32);
    in.Read(Mem::UB, src0, srcEnd, 32);
    if (pat) in.Read(Mem::UB, pat, patBytes, 32);
    in.elements = uint64_t(repeats) * perRepeat;
    in.repeats = repeats;
    in.bytes = in.elements * esize;
    if (!Issue(in)) return;

    auto* d = static_cast<uint8_t*>(dst);
    uint64_t k = 0;
    std::vector<uint8_t> buf(size_t(perRepeat) * esize);
    (void)perBlock;
    for (uint32_t r = 0; r < repeats; ++r) {
        uint32_t n = 0;
        for (uint32_t e = 0; e < perRepeat; ++e)
            if (bit(r, e)) std::memcpy(&buf[size_t(n++) * esize], LaneAddress(os, r, e), esize);
        std::memcpy(d + k * esize, buf.data(), size_t(n) * esize);
        k += n;
    }
    rsvdCnt = k;
    CurSpr().rsvdCnt = k;
    // The device leaves the core in Normal mode with the mask register holding `mask`.
    Core& c = Cur();
    c.counterMode = false;
    c.maskLo = mask;
    c.maskHi = 0;
    c.maskKind = Core::MaskKind::Raw;
}

void VecGatherb(uint32_t esize, void* dst, const void* src, const uint32_t* offsets, uint8_t repeatTime,
                const AscendC::GatherRepeatParams& params, const void* caller) {
    const char* api = ApiOf(InstrId::Gatherb);
    CheckSocSupports(api, caller);
    if (repeatTime == 0) return;  // a NOP on Atlas A2/A3
    const uint64_t blkStride = params.dstBlkStride ? params.dstBlkStride : 1;  // 0 counts as 1
    const uint64_t repStride = params.dstRepStride;
    const uint64_t offBytes = uint64_t(repeatTime) * 8 * sizeof(uint32_t);
    auto dstBlock = [&](uint32_t r, uint32_t j) {
        return static_cast<uint8_t*>(dst) + (r * repStride + j * blkStride) * 32;
    };
    uint64_t dstEnd = 0;
    for (uint32_t r = repeatTime >= 2 ? repeatTime - 2u : 0u; r < repeatTime; ++r)
        dstEnd = std::max<uint64_t>(dstEnd, uint64_t(dstBlock(r, 7) - static_cast<uint8_t*>(dst)) + 32);
    // The source blocks follow from the offsets, read only when those are inside the UB.
    const uintptr_t base = reinterpret_cast<uintptr_t>(src);
    uintptr_t lo = UINTPTR_MAX, hi = 0;
    bool misaligned = false;
    if (InUb(reinterpret_cast<uintptr_t>(offsets), offBytes))
        for (uint64_t k = 0; k < uint64_t(repeatTime) * 8; ++k) {
            const uintptr_t a = base + offsets[k];
            misaligned |= a % 32 != 0;
            lo = std::min(lo, a);
            hi = std::max(hi, a + 32);
        }
    if (misaligned) {
        Diag("VEC_GATHER_OFFSET_MISALIGNED", caller,
             "Gatherb: src + offset is not 32-byte aligned; every offset must select a whole 32-byte block "
             "(nothing gathered)");
        return;
    }
    if (dst == src)
        Diag("VEC_UNSUPPORTED", caller, "Gatherb: dst and src are the same UB buffer, which Gatherb does not support");
    Instr in(InstrId::Gatherb, caller);
    in.Write(Mem::UB, dst, dstEnd, 32);
    in.Read(Mem::UB, offsets, offBytes, 32);
    if (hi > lo) in.Read(Mem::UB, reinterpret_cast<const void*>(lo), hi - lo, 32);
    in.elements = uint64_t(repeatTime) * 256 / esize;
    in.repeats = repeatTime;
    in.bytes = uint64_t(repeatTime) * 256;
    if (!Issue(in) || hi <= lo) return;
    // Each repeat reads its 8 blocks before writing any.
    uint8_t blocks[8][32];
    for (uint32_t r = 0; r < repeatTime; ++r) {
        for (uint32_t j = 0; j < 8; ++j)
            std::memcpy(blocks[j], reinterpret_cast<const void*>(base + offsets[r * 8 + j]), 32);
        for (uint32_t j = 0; j < 8; ++j) std::memcpy(dstBlock(r, j), blocks[j], 32);
    }
}

#define AKG_INSTANTIATE_GATHER(T) \
    template void VecGather<T>(T*, const T*, const uint32_t*, uint32_t, const VecShape&, const void*);
AKG_INSTANTIATE_GATHER(int16_t)
AKG_INSTANTIATE_GATHER(uint16_t)
AKG_INSTANTIATE_GATHER(half)
AKG_INSTANTIATE_GATHER(bfloat16_t)
AKG_INSTANTIATE_GATHER(int32_t)
AKG_INSTANTIATE_GATHER(uint32_t)
AKG_INSTANTIATE_GATHER(float)
#undef AKG_INSTANTIATE_GATHER

}  // namespace akg::sim
