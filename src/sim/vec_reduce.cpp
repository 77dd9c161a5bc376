// Reductions: per repeat (vcadd/vcmax/vcmin), per data block (vcgadd/vcgmax/vcgmin), per pair
// (vcpadd), and over a whole tensor (ReduceSum/Max/Min), plus the ACC_VAL / MAX_MIN_CNT reads.
// The summation orders and layouts follow the documentation summarised in
// kernel_operator_vec_reduce_intf.h.
#include <vector>

#include "basic_api/kernel_operator_vec_mask_intf.h"
#include "basic_api/kernel_operator_vec_reduce_intf.h"
#include "sim/vec_ext.h"

namespace akg::sim {

using AscendC::ReduceOrder;

namespace {

// Whether x replaces the current best b (first occurrence wins; NaN propagates; -0 < +0).
template <typename T>
bool Better(RedKind kind, T x, T b) {
    const auto xv = Widen(x), bv = Widen(b);
    if constexpr (kIsFloat<T>) {
        if (std::isnan(bv)) return false;
        if (std::isnan(xv)) return true;
        if (xv == 0 && bv == 0) {
            const bool xn = std::signbit(xv), bn = std::signbit(bv);
            return kind == RedKind::Max ? (bn && !xn) : (xn && !bn);
        }
    }
    return kind == RedKind::Max ? xv > bv : xv < bv;
}

// An instruction parameter the hardware holds in a narrower field.
int32_t CheckRange(const char* api, const char* what, int64_t v, int64_t hi, const void* caller) {
    if (v < 0 || v > hi) {
        Diag("VEC_COUNT_RANGE", caller,
             Format("%s: %s = %lld is outside [0, %lld]", api, what, static_cast<long long>(v),
                    static_cast<long long>(hi)));
        return int32_t(v < 0 ? 0 : hi);
    }
    return int32_t(v);
}

Operand Op(const void* p, uint32_t esize, uint16_t blk, uint16_t rep) {
    return Operand{reinterpret_cast<uint8_t*>(const_cast<void*>(p)), esize, blk, rep};
}

bool AnyLane(const Iteration& it) { return it.counter ? it.count > 0 : (it.mask[0] | it.mask[1]) != 0; }

// Resolves the mask of a repeat-form reduction and applies its int32 repeat count.
Iteration ResolveRepeats(const char* api, const VecShape& mask, uint32_t esize, int64_t repeat, int64_t maxRepeat,
                         const void* caller) {
    Iteration it = Resolve(mask, esize, caller);
    AsCounter(it);
    if (!it.counter) it.repeats = uint32_t(CheckRange(api, "repeatTime", repeat, maxRepeat, caller));
    return it;
}

// The work a repeat-form reduction records: the lanes it reads and its repeats.
void RecordRepeats(Instr& in, const Iteration& it, uint32_t repeats, uint32_t esize) {
    in.elements = it.counter ? it.count : uint64_t(repeats) * it.lanes;
    in.repeats = repeats;
    in.bytes = in.elements * esize;
}

// The first extreme value among repeat r's enabled lanes and its lane; false when none is enabled.
template <typename T>
bool BestLane(RedKind kind, const Iteration& it, const Operand& os, uint32_t r, T* best, uint32_t* lane) {
    bool have = false;
    for (uint32_t l = 0; l < it.lanes; ++l) {
        if (!LaneEnabled(it, r, l)) continue;
        const T x = LoadAs<T>(LaneAddress(os, r, l));
        if (!have || Better(kind, x, *best)) {
            *best = x;
            *lane = l;
            have = true;
        }
    }
    return have;
}

uint32_t IndexUnitBytes(RedKind kind, uint32_t esize, ReduceOrder order) {
    if (kind == RedKind::Sum) return esize;
    switch (order) {
        case ReduceOrder::ORDER_VALUE_INDEX:
        case ReduceOrder::ORDER_INDEX_VALUE: return 2 * esize;
        case ReduceOrder::ORDER_ONLY_VALUE: return esize;
        default: return 4;  // ORDER_ONLY_INDEX: a uint32_t index
    }
}

template <typename T>
uint64_t PackMaxMin(T value, uint64_t index) {
    return (BitsOf(value) & (sizeof(T) == 2 ? 0xffffull : 0xffffffffull)) | (uint64_t(uint32_t(index)) << 32);
}

// The index stored in the bits of a T: uint16_t for 16-bit types, uint32_t for 32-bit ones.
template <typename T>
T IndexAsT(uint64_t index) {
    if constexpr (sizeof(T) == 2) return FromBits<T>(uint16_t(index));
    else return FromBits<T>(uint32_t(index));
}

}  // namespace

template <typename T>
void VecReduceRepeat(ReduceOp op, RedKind kind, T* dst, const T* src, const VecShape& mask, int32_t repeat,
                     int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride, ReduceOrder order,
                     const void* caller) {
    const char* api = RowOf(op).name;
    if (kind != RedKind::Sum && uint8_t(order) > uint8_t(ReduceOrder::ORDER_ONLY_INDEX)) {
        Diag("VEC_UNSUPPORTED", caller, Format("%s: ReduceOrder value %d is not a valid order", api, int(order)));
        return;
    }
    Iteration it = ResolveRepeats(api, mask, sizeof(T), repeat, 255, caller);
    const uint16_t dRep = uint16_t(CheckRange(api, "dstRepStride", dstRepStride, 65535, caller));
    const Operand os = Op(src, sizeof(T), uint16_t(CheckRange(api, "srcBlkStride", srcBlkStride, 65535, caller)),
                          uint16_t(CheckRange(api, "srcRepStride", srcRepStride, 65535, caller)));
    const uint32_t repeats = RepeatsOf(it);
    const bool any = AnyLane(it) && repeats > 0;
    const uint32_t unit = IndexUnitBytes(kind, sizeof(T), order);

    Instr in(op, caller);
    in.Write(Mem::UB, dst, any ? uint64_t(repeats - 1) * dRep * unit + unit : 0, uint16_t(unit));
    in.Read(Mem::UB, src, any ? Footprint(it, os) : 0, 32);
    RecordRepeats(in, it, repeats, sizeof(T));
    if (!Issue(in) || !any) return;

    auto* d = reinterpret_cast<uint8_t*>(dst);
    T buf[128];
    bool haveBest = false;
    T best{};
    uint64_t bestIdx = 0;
    for (uint32_t r = 0; r < repeats; ++r) {
        uint8_t* out = d + uint64_t(r) * dRep * unit;
        if (kind == RedKind::Sum) {
            for (uint32_t l = 0; l < it.lanes; ++l)
                buf[l] = LaneEnabled(it, r, l) ? LoadAs<T>(LaneAddress(os, r, l)) : T(0);
            StoreAs(out, TreeSum(buf, it.lanes));
            continue;
        }
        T v{};
        uint32_t idx = 0;
        if (!BestLane(kind, it, os, r, &v, &idx)) continue;
        switch (order) {
            case ReduceOrder::ORDER_VALUE_INDEX:
                StoreAs(out, v);
                StoreAs(out + sizeof(T), IndexAsT<T>(idx));
                break;
            case ReduceOrder::ORDER_INDEX_VALUE:
                StoreAs(out, IndexAsT<T>(idx));
                StoreAs(out + sizeof(T), v);
                break;
            case ReduceOrder::ORDER_ONLY_VALUE: StoreAs(out, v); break;
            default: StoreAs(out, uint32_t(idx)); break;
        }
        if (!haveBest || Better(kind, v, best)) {
            best = v;
            bestIdx = uint64_t(r) * it.lanes + idx;
            haveBest = true;
        }
    }
    if (haveBest) CurSpr().maxMinCnt = PackMaxMin(best, bestIdx);
}

template <typename T>
void VecReduceBlock(ReduceOp op, RedKind kind, T* dst, const T* src, const VecShape& mask, int32_t repeat,
                    int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride, const void* caller) {
    const char* api = RowOf(op).name;
    constexpr uint32_t kPerBlock = 32 / sizeof(T);
    Iteration it = ResolveRepeats(api, mask, sizeof(T), repeat, 255, caller);
    const uint16_t dRep = uint16_t(CheckRange(api, "dstRepStride", dstRepStride, 65535, caller));
    const Operand os = Op(src, sizeof(T), uint16_t(CheckRange(api, "srcBlkStride", srcBlkStride, 65535, caller)),
                          uint16_t(CheckRange(api, "srcRepStride", srcRepStride, 65535, caller)));
    const uint32_t repeats = RepeatsOf(it);
    auto blockEnabled = [&](uint32_t r, uint32_t k) {
        for (uint32_t j = 0; j < kPerBlock; ++j)
            if (LaneEnabled(it, r, k * kPerBlock + j)) return true;
        return false;
    };
    // The last result written: in the last two repeats (earlier ones have the same mask).
    uint64_t dstEnd = 0;
    for (uint32_t r = repeats >= 2 ? repeats - 2 : 0; r < repeats; ++r)
        for (uint32_t k = 0; k < 8; ++k)
            if (blockEnabled(r, k)) dstEnd = std::max<uint64_t>(dstEnd, (uint64_t(r) * dRep * 8 + k + 1) * sizeof(T));

    Instr in(op, caller);
    in.Write(Mem::UB, dst, dstEnd, 8 * sizeof(T));
    in.Read(Mem::UB, src, dstEnd ? Footprint(it, os) : 0, 32);
    RecordRepeats(in, it, repeats, sizeof(T));
    if (!Issue(in) || !dstEnd) return;

    for (uint32_t r = 0; r < repeats; ++r) {
        T results[8];
        bool written[8] = {};
        for (uint32_t k = 0; k < 8; ++k) {
            T buf[16];
            bool have = false;
            T v{};
            for (uint32_t j = 0; j < kPerBlock; ++j) {
                const uint32_t l = k * kPerBlock + j;
                const bool on = LaneEnabled(it, r, l);
                const T x = on ? LoadAs<T>(LaneAddress(os, r, l)) : T(0);
                buf[j] = x;
                if (on && kind != RedKind::Sum && (!have || Better(kind, x, v))) v = x;
                have |= on;
            }
            if (!have) continue;
            results[k] = kind == RedKind::Sum ? TreeSum(buf, kPerBlock) : v;
            written[k] = true;
        }
        for (uint32_t k = 0; k < 8; ++k)
            if (written[k]) dst[uint64_t(r) * dRep * 8 + k] = results[k];
    }
}

template <typename T>
void VecReducePair(ReduceOp op, T* dst, const T* src, const VecShape& mask, int32_t repeat, int32_t dstRepStride,
                   int32_t srcBlkStride, int32_t srcRepStride, const void* caller) {
    const char* api = RowOf(op).name;
    constexpr uint32_t kRepElems = 128 / sizeof(T);  // dstRepStride unit: 128 bytes
    Iteration it = ResolveRepeats(api, mask, sizeof(T), repeat, 255, caller);
    const uint16_t dRep = uint16_t(CheckRange(api, "dstRepStride", dstRepStride, 65535, caller));
    const Operand os = Op(src, sizeof(T), uint16_t(CheckRange(api, "srcBlkStride", srcBlkStride, 65535, caller)),
                          uint16_t(CheckRange(api, "srcRepStride", srcRepStride, 65535, caller)));
    const uint32_t repeats = RepeatsOf(it);
    const uint32_t pairs = it.lanes / 2;
    uint64_t dstEnd = 0;
    for (uint32_t r = repeats >= 2 ? repeats - 2 : 0; r < repeats; ++r)
        for (uint32_t j = 0; j < pairs; ++j)
            if (LaneEnabled(it, r, 2 * j) || LaneEnabled(it, r, 2 * j + 1))
                dstEnd = std::max<uint64_t>(dstEnd, (uint64_t(r) * dRep * kRepElems + j + 1) * sizeof(T));

    Instr in(op, caller);
    in.Write(Mem::UB, dst, dstEnd, 32);
    in.Read(Mem::UB, src, dstEnd ? Footprint(it, os) : 0, 32);
    RecordRepeats(in, it, repeats, sizeof(T));
    if (!Issue(in) || !dstEnd) return;

    std::vector<T> out(pairs);
    std::vector<uint8_t> on(pairs);
    for (uint32_t r = 0; r < repeats; ++r) {
        for (uint32_t j = 0; j < pairs; ++j) {
            const bool a = LaneEnabled(it, r, 2 * j), b = LaneEnabled(it, r, 2 * j + 1);
            on[j] = a || b;
            if (!on[j]) continue;
            out[j] = AddT(a ? LoadAs<T>(LaneAddress(os, r, 2 * j)) : T(0),
                          b ? LoadAs<T>(LaneAddress(os, r, 2 * j + 1)) : T(0));
        }
        for (uint32_t j = 0; j < pairs; ++j)
            if (on[j]) dst[uint64_t(r) * dRep * kRepElems + j] = out[j];
    }
}

namespace {

uint64_t RoundUpTo(uint64_t a, uint64_t b) { return (a + b - 1) / b * b; }

// The sharedTmpBuffer size (elements) the documentation requires of ReduceSum / Max / Min.
uint64_t DocWorkElems(RedKind kind, uint32_t esize, uint64_t firstRepeats, bool calIndex) {
    const uint64_t perBlock = 32 / esize, perRepeat = 256 / esize;
    if (kind == RedKind::Sum) return RoundUpTo(firstRepeats, perBlock);
    const uint64_t it1 = firstRepeats * 2;
    if (!calIndex) return RoundUpTo(it1, perBlock);
    const uint64_t it2Start = RoundUpTo(it1, perBlock);
    const uint64_t it2Out = (it1 + perRepeat - 1) / perRepeat * 2;
    uint64_t need = it2Start + RoundUpTo(it2Out, perBlock);
    if (it2Out > 2) {
        const uint64_t it3Start = RoundUpTo(it2Out, perBlock);
        const uint64_t it3Out = (it2Out + perRepeat - 1) / perRepeat * 2;
        need = it2Start + it3Start + RoundUpTo(it3Out, perBlock);
    }
    return need;
}

}  // namespace

template <typename T>
void VecReduceAll(ReduceOp op, RedKind kind, T* dst, const T* src, T* work, uint32_t workElems,
                  const VecShape& mask, int64_t repeat, int32_t srcRepStride, bool calIndex, const void* caller) {
    const char* api = RowOf(op).name;
    constexpr uint32_t kPerBlock = 32 / sizeof(T);
    constexpr uint32_t kLanes = 256 / sizeof(T);
    const bool countForm = mask.mode == VecShape::Mode::Count || mask.mode == VecShape::Mode::Register;
    if (mask.mode == VecShape::Mode::Register) MaskRequireCounter(api, caller);
    Iteration it = Resolve(mask, sizeof(T), caller);
    AsCounter(it);
    uint16_t sRep = 8;
    if (!countForm) {
        sRep = uint16_t(CheckRange(api, "srcRepStride", srcRepStride, 65535, caller));
        if (!it.counter) it.repeats = uint32_t(CheckRange(api, "repeatTime", repeat, INT32_MAX, caller));
    }
    const Operand os = Op(src, sizeof(T), 1, sRep);
    const uint32_t repeats = RepeatsOf(it);
    const bool any = AnyLane(it) && repeats > 0;

    // The work tensor: unused by the count form of ReduceSum (accumulated in ACC_VAL).
    uint64_t need = 0;
    const bool usesWork = !(kind == RedKind::Sum && countForm);
    if (usesWork && any) {
        const uint64_t first = countForm ? it.count / kLanes : repeats;
        need = DocWorkElems(kind, sizeof(T), first, calIndex);
        if (workElems < need)
            Diag("VEC_TMP_BUFFER_SMALL", caller,
                 Format("%s: sharedTmpBuffer holds %u elements but these arguments need %llu (%llu bytes)", api,
                        workElems, static_cast<unsigned long long>(need),
                        static_cast<unsigned long long>(need * sizeof(T))));
        need = std::max<uint64_t>(need, 2);
    }

    Instr in(op, caller);
    in.Write(Mem::UB, dst, any ? (calIndex && kind != RedKind::Sum ? 2 : 1) * sizeof(T) : 0, sizeof(T));
    in.Read(Mem::UB, src, any ? Footprint(it, os) : 0, 32);
    if (need) {
        in.Write(Mem::UB, work, need * sizeof(T), 32);
        in.Read(Mem::UB, work, need * sizeof(T), 32);
    }
    RecordRepeats(in, it, repeats, sizeof(T));
    if (!Issue(in) || !any) return;

    VecSpr& spr = CurSpr();
    T buf[128];
    auto repeatSum = [&](uint32_t r) {
        for (uint32_t l = 0; l < it.lanes; ++l) buf[l] = LaneEnabled(it, r, l) ? LoadAs<T>(LaneAddress(os, r, l)) : T(0);
        return TreeSum(buf, it.lanes);
    };

    if (kind == RedKind::Sum) {
        T result;
        if (countForm) {
            // Method 1: repeats in order into the accumulator.
            result = repeatSum(0);
            for (uint32_t r = 1; r < repeats; ++r) result = AddT(result, repeatSum(r));
        } else {
            // Method 2: each repeat's sum into the work tensor, then binary trees of kLanes values.
            std::vector<T> level(repeats);
            for (uint32_t r = 0; r < repeats; ++r) {
                level[r] = repeatSum(r);
                work[r] = level[r];
            }
            while (level.size() > 1) {
                std::vector<T> next((level.size() + kLanes - 1) / kLanes);
                for (size_t c = 0; c < next.size(); ++c) {
                    for (uint32_t l = 0; l < kLanes; ++l) {
                        const size_t i = c * kLanes + l;
                        buf[l] = i < level.size() ? level[i] : T(0);
                    }
                    next[c] = TreeSum(buf, kLanes);
                }
                if (next.size() > 1)
                    for (size_t c = 0; c < next.size(); ++c) work[c] = next[c];
                level.swap(next);
            }
            result = level[0];
        }
        dst[0] = result;
        spr.accVal = BitsOf(result);
        return;
    }

    // Max / Min: the first extreme value over all enabled lanes, in repeat order.
    const uint32_t bodyRepeats = countForm ? uint32_t(it.count / kLanes) : repeats;
    const bool pairsInWork = bodyRepeats > 1 || (bodyRepeats == 1 && !calIndex);
    bool have = false;
    T best{};
    uint64_t bestIdx = 0;
    for (uint32_t r = 0; r < repeats; ++r) {
        T rv{};
        uint32_t rIdx = 0;
        if (!BestLane(kind, it, os, r, &rv, &rIdx)) continue;
        // The first stage's (value, index-in-repeat) pairs land in the work tensor.
        if (pairsInWork && r < bodyRepeats) {
            work[2 * uint64_t(r)] = rv;
            work[2 * uint64_t(r) + 1] = IndexAsT<T>(rIdx);
        }
        if (!have || Better(kind, rv, best)) {
            best = rv;
            bestIdx = countForm ? uint64_t(r) * kLanes + rIdx : uint64_t(r) * sRep * kPerBlock + rIdx;
            have = true;
        }
    }
    if (!have) return;
    dst[0] = best;
    if (calIndex) dst[1] = IndexAsT<T>(bestIdx);
    spr.maxMinCnt = PackMaxMin(best, bestIdx);
}

template <typename T>
void VecVcadd(T* dst, const T* src, int32_t repeat, int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride,
              bool accumulate, const void* caller) {
    const char* api = RowOf(ReduceOp::vcadd).name;
    if (!accumulate) {
        VecReduceRepeat<T>(ReduceOp::vcadd, RedKind::Sum, dst, src, MaskShape(false, uint64_t(0), 1), repeat,
                           dstRepStride, srcBlkStride, srcRepStride, ReduceOrder::ORDER_ONLY_VALUE, caller);
        return;
    }
    Iteration it = ResolveRepeats(api, MaskShape(false, uint64_t(0), 1), sizeof(T), repeat, 255, caller);
    const Operand os = Op(src, sizeof(T), uint16_t(CheckRange(api, "srcBlkStride", srcBlkStride, 65535, caller)),
                          uint16_t(CheckRange(api, "srcRepStride", srcRepStride, 65535, caller)));
    const uint32_t repeats = RepeatsOf(it);
    const bool any = AnyLane(it) && repeats > 0;
    Instr in(ReduceOp::vcadd, caller);
    in.Read(Mem::UB, src, any ? Footprint(it, os) : 0, 32);
    RecordRepeats(in, it, repeats, sizeof(T));
    if (!Issue(in) || !any) return;
    T buf[128];
    T acc{};
    for (uint32_t r = 0; r < repeats; ++r) {
        for (uint32_t l = 0; l < it.lanes; ++l) buf[l] = LaneEnabled(it, r, l) ? LoadAs<T>(LaneAddress(os, r, l)) : T(0);
        const T s = TreeSum(buf, it.lanes);
        acc = r == 0 ? s : AddT(acc, s);
    }
    CurSpr().accVal = BitsOf(acc);
}

uint64_t ReadAccVal(const char* api, const void* caller) {
    Instr in(InstrFamily::ReadAccVal, api, caller);
    Issue(in);
    return CurSpr().accVal;
}

uint64_t ReadMaxMinCnt(const char* api, const void* caller) {
    Instr in(InstrFamily::ReadMaxMinCnt, api, caller);
    Issue(in);
    return CurSpr().maxMinCnt;
}

void ReportUnsupported(const char* api, const char* what, const void* caller) {
    Diag("VEC_UNSUPPORTED", caller, Format("%s: %s", api, what));
}

#define AKG_INSTANTIATE_REDUCE(T)                                                                                   \
    template void VecReduceRepeat<T>(ReduceOp, RedKind, T*, const T*, const VecShape&, int32_t, int32_t, int32_t, \
                                     int32_t, ReduceOrder, const void*);                                            \
    template void VecReduceBlock<T>(ReduceOp, RedKind, T*, const T*, const VecShape&, int32_t, int32_t, int32_t,  \
                                    int32_t, const void*);                                                          \
    template void VecReducePair<T>(ReduceOp, T*, const T*, const VecShape&, int32_t, int32_t, int32_t, int32_t,   \
                                   const void*);                                                                    \
    template void VecReduceAll<T>(ReduceOp, RedKind, T*, const T*, T*, uint32_t, const VecShape&, int64_t,        \
                                  int32_t, bool, const void*);                                                      \
    template void VecVcadd<T>(T*, const T*, int32_t, int32_t, int32_t, int32_t, bool, const void*);
AKG_INSTANTIATE_REDUCE(half)
AKG_INSTANTIATE_REDUCE(float)
#undef AKG_INSTANTIATE_REDUCE

}  // namespace akg::sim
