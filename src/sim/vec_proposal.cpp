// The sort instructions: Region Proposal field moves, RpSort16 and MrgSort4 (310P / Atlas
// training), Sort32 and MrgSort (Atlas A2/A3), and the merge status register they share.
#include <algorithm>
#include <numeric>
#include <vector>

#include "basic_api/kernel_operator_proposal_intf.h"
#include "sim/vec_ext.h"

namespace akg::sim {

namespace {

constexpr uint32_t kProposalElems = 8;  // a Region Proposal: x1, y1, x2, y2, score, label, 2 reserved
constexpr uint32_t kScoreField = 4;
constexpr uint32_t kPairBytes = 8;      // Sort32 / MrgSort record: score in the low bytes, index at byte 4
constexpr uint32_t kProposalsPerRepeat = 16;
constexpr uint32_t kSort32PerRepeat = 32;
constexpr uint16_t kMaxListLength = 4095;

// Whether the simulated SoC has the generation of sort instructions `api` belongs to (`v200`:
// Region Proposals). CANN compiles the other generation's calls but they do nothing there.
bool SocHasSort(const char* api, bool v200, const void* caller) {
    const uint32_t arch = Rt().platform.cceAicore;
    const bool has = v200 ? (arch == 100 || arch == 200) : arch >= 220;
    if (!has)
        Diag("VEC_UNSUPPORTED", caller,
             Format("%s is not supported on %s (__CCE_AICORE__ %u) and does nothing there: %s", api,
                    Rt().platform.socVersion.c_str(), arch,
                    v200 ? "Region Proposal sorting (ProposalConcat, ProposalExtract, RpSort16, MrgSort4) exists on "
                           "Atlas inference AI Core (310P) and Atlas training; Atlas A2/A3 sort (score, index) pairs "
                           "with Sort32 and MrgSort"
                         : "Sort32 and MrgSort exist on Atlas A2/A3; 310P sorts Region Proposals with RpSort16 and "
                           "MrgSort4"));
    return has;
}

bool RepeatInRange(const char* api, int32_t repeatTime, const void* caller) {
    if (repeatTime >= 0 && repeatTime <= 255) return true;
    Diag("VEC_COUNT_RANGE", caller, Format("%s: repeatTime %d is outside 0..255; nothing is computed", api, repeatTime));
    return false;
}

template <typename T>
float ScoreAt(const uint8_t* record, uint32_t scoreOffset) {
    return static_cast<float>(LoadAs<T>(record + scoreOffset));
}

// Sorts `count` records of `recBytes` bytes by score, largest first; equal scores keep their
// order. `in` and `out` may be the same buffer.
template <typename T>
void SortRecords(const uint8_t* in, uint8_t* out, uint32_t count, uint32_t recBytes, uint32_t scoreOffset) {
    std::vector<uint32_t> order(count);
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        return ScoreAt<T>(in + size_t(a) * recBytes, scoreOffset) > ScoreAt<T>(in + size_t(b) * recBytes, scoreOffset);
    });
    std::vector<uint8_t> sorted(size_t(count) * recBytes);
    for (uint32_t i = 0; i < count; ++i)
        std::memcpy(&sorted[size_t(i) * recBytes], in + size_t(order[i]) * recBytes, recBytes);
    std::memcpy(out, sorted.data(), sorted.size());
}

// ProposalConcat (concat) writes packed element i into field `mode` of proposal i;
// ProposalExtract reads it back out.
void ProposalMove(bool concat, uint32_t esize, void* dst, const void* src, int32_t repeatTime, int32_t mode,
                  const void* caller) {
    const InstrId id = concat ? InstrId::ProposalConcat : InstrId::ProposalExtract;
    const char* api = ApiOf(id);
    if (!SocHasSort(api, true, caller) || !RepeatInRange(api, repeatTime, caller)) return;
    if (mode < 0 || mode > 5) {
        Diag("VEC_UNSUPPORTED", caller,
             Format("%s: modeNumber %d is not a Region Proposal field (0 x1, 1 y1, 2 x2, 3 y2, 4 score, 5 label)", api,
                    mode));
        return;
    }
    const uint64_t n = uint64_t(repeatTime) * kProposalsPerRepeat;
    const uint64_t recBytes = uint64_t(kProposalElems) * esize;
    const uint64_t packedBytes = n * esize;
    const uint64_t fieldSpan = n ? (n - 1) * recBytes + (uint64_t(mode) + 1) * esize : 0;
    Instr in(id, caller);
    if (concat) {
        in.Write(Mem::UB, dst, fieldSpan, 32);
        in.Read(Mem::UB, src, packedBytes, 32);
    } else {
        in.Write(Mem::UB, dst, packedBytes, 32);
        in.Read(Mem::UB, src, fieldSpan, 32);
    }
    in.elements = n;
    in.repeats = uint32_t(repeatTime);
    in.bytes = packedBytes;
    if (!Issue(in)) return;
    auto* d = static_cast<uint8_t*>(dst);
    const auto* s = static_cast<const uint8_t*>(src);
    std::vector<uint8_t> moved(packedBytes);
    for (uint64_t i = 0; i < n; ++i)
        std::memcpy(&moved[i * esize], concat ? s + i * esize : s + i * recBytes + uint64_t(mode) * esize, esize);
    for (uint64_t i = 0; i < n; ++i)
        std::memcpy(concat ? d + i * recBytes + uint64_t(mode) * esize : d + i * esize, &moved[i * esize], esize);
}

bool Overlaps(const void* a, uint64_t an, const void* b, uint64_t bn) {
    const auto x = reinterpret_cast<uintptr_t>(a), y = reinterpret_cast<uintptr_t>(b);
    return an && bn && x < y + bn && y < x + an;
}

}  // namespace

void VecProposalConcat(uint32_t esize, void* dst, const void* src, int32_t repeatTime, int32_t modeNumber,
                       const void* caller) {
    ProposalMove(true, esize, dst, src, repeatTime, modeNumber, caller);
}

void VecProposalExtract(uint32_t esize, void* dst, const void* src, int32_t repeatTime, int32_t modeNumber,
                        const void* caller) {
    ProposalMove(false, esize, dst, src, repeatTime, modeNumber, caller);
}

template <typename T>
void VecRpSort16(T* dst, const T* src, int32_t repeatTime, const void* caller) {
    const char* api = ApiOf(InstrId::RpSort16);
    if (!SocHasSort(api, true, caller) || !RepeatInRange(api, repeatTime, caller)) return;
    const uint32_t recBytes = kProposalElems * sizeof(T);
    const uint64_t bytes = uint64_t(repeatTime) * kProposalsPerRepeat * recBytes;
    Instr in(InstrId::RpSort16, caller);
    in.Write(Mem::UB, dst, bytes, 32);
    in.Read(Mem::UB, src, bytes, 32);
    in.elements = uint64_t(repeatTime) * kProposalsPerRepeat;
    in.repeats = uint32_t(repeatTime) * 4;  // estimate: a 16-record sorting network of 4 merge stages
    in.bytes = bytes;
    if (!Issue(in)) return;
    const uint64_t repBytes = uint64_t(kProposalsPerRepeat) * recBytes;
    for (int32_t r = 0; r < repeatTime; ++r)
        SortRecords<T>(reinterpret_cast<const uint8_t*>(src) + r * repBytes, reinterpret_cast<uint8_t*>(dst) + r * repBytes,
                       kProposalsPerRepeat, recBytes, kScoreField * sizeof(T));
}

template <typename T>
void VecSort32(T* dst, const T* src0, const uint32_t* src1, int32_t repeatTime, const void* caller) {
    const char* api = ApiOf(InstrId::Sort32);
    if (!SocHasSort(api, false, caller) || !RepeatInRange(api, repeatTime, caller)) return;
    const uint64_t n = uint64_t(repeatTime) * kSort32PerRepeat;
    Instr in(InstrId::Sort32, caller);
    in.Write(Mem::UB, dst, n * kPairBytes, 32);
    in.Read(Mem::UB, src0, n * sizeof(T), 32);
    in.Read(Mem::UB, src1, n * sizeof(uint32_t), 32);
    in.elements = n;
    in.repeats = uint32_t(repeatTime) * 5;  // estimate: a 32-record sorting network of 5 merge stages
    in.bytes = n * kPairBytes;
    if (!Issue(in)) return;
    // Pairs are built first (the sources may share bytes with the destination), then sorted per
    // repeat. The half form's 2 bytes between score and index are written as zero.
    std::vector<uint8_t> pairs(n * kPairBytes, 0);
    for (uint64_t i = 0; i < n; ++i) {
        StoreAs(&pairs[i * kPairBytes], src0[i]);
        StoreAs(&pairs[i * kPairBytes + 4], src1[i]);
    }
    for (int32_t r = 0; r < repeatTime; ++r) {
        const uint64_t at = uint64_t(r) * kSort32PerRepeat * kPairBytes;
        SortRecords<T>(&pairs[at], reinterpret_cast<uint8_t*>(dst) + at, kSort32PerRepeat, kPairBytes, 0);
    }
}

// Extract: the (score, index) pairs of Sort32 / MrgSort split back into scores and indices, 32
// pairs (256 bytes) per repeat.
template <typename T>
void VecExtract(T* dstValue, uint32_t* dstIndex, const T* sorted, int32_t repeatTime, const void* caller) {
    const char* api = ApiOf(InstrId::Extract);
    if (!SocHasSort(api, false, caller) || !RepeatInRange(api, repeatTime, caller)) return;
    const uint64_t n = uint64_t(repeatTime) * kSort32PerRepeat;
    Instr in(InstrId::Extract, caller);
    in.Write(Mem::UB, dstValue, n * sizeof(T), 32);
    in.Write(Mem::UB, dstIndex, n * sizeof(uint32_t), 32);
    in.Read(Mem::UB, sorted, n * kPairBytes, 32);
    in.elements = n;
    in.repeats = uint32_t(repeatTime);
    in.bytes = n * kPairBytes;
    if (!Issue(in)) return;
    // Read every pair before writing (the destinations may overlap the source).
    const uint8_t* pairs = reinterpret_cast<const uint8_t*>(sorted);
    std::vector<T> values(n);
    std::vector<uint32_t> indices(n);
    for (uint64_t i = 0; i < n; ++i) {
        values[i] = LoadAs<T>(pairs + i * kPairBytes);
        indices[i] = LoadAs<uint32_t>(pairs + i * kPairBytes + 4);
    }
    std::memcpy(dstValue, values.data(), n * sizeof(T));
    std::memcpy(dstIndex, indices.data(), n * sizeof(uint32_t));
}

template <typename T>
void VecMrgSort(bool v200, T* dst, const T* const src[4], const AscendC::MrgSort4Info& p, const void* caller) {
    const InstrId id = v200 ? InstrId::MrgSort4 : InstrId::MrgSort;
    const char* api = ApiOf(id);
    if (!SocHasSort(api, v200, caller)) return;
    const uint32_t recBytes = v200 ? kProposalElems * sizeof(T) : kPairBytes;
    const uint32_t scoreOffset = v200 ? kScoreField * sizeof(T) : 0;
    // Operand alignment: MrgSort4 one proposal (16 bytes half, 32 float); MrgSort dst 32, lists 8.
    const uint16_t dstAlign = v200 ? uint16_t(recBytes) : 32;
    const uint16_t srcAlign = v200 ? dstAlign : 8;

    // validBit enables lists from the first: 3, 7, 15 as documented, and 1 (one list, a plain
    // copy or, with ifExhaustedSuspension, a truncation), which NPUKernelBench's TopKV3 answer
    // uses on 310P.
    uint32_t lists = 0;
    switch (p.validBit) {
        case 1: lists = 1; break;
        case 3: lists = 2; break;
        case 7: lists = 3; break;
        case 15: lists = 4; break;
        default:
            Diag("VEC_UNSUPPORTED", caller,
                 Format("%s: validBit %u does not enable a prefix of the lists (3, 7 or 15)", api, unsigned(p.validBit)));
            return;
    }
    for (uint32_t i = 0; i < lists; ++i)
        if (p.elementLengths[i] > kMaxListLength) {
            Diag("VEC_COUNT_RANGE", caller,
                 Format("%s: elementLengths[%u] = %u is more than %u records; nothing is merged", api, i,
                        unsigned(p.elementLengths[i]), unsigned(kMaxListLength)));
            return;
        }
    uint64_t total = 0;
    for (uint32_t i = 0; i < lists; ++i) total += p.elementLengths[i];
    uint32_t repeats = p.repeatTimes;
    if (repeats > 1) {
        bool ok = lists == 4 && !p.ifExhaustedSuspension;
        for (uint32_t i = 1; i < 4 && ok; ++i)
            ok = p.elementLengths[i] == p.elementLengths[0] &&
                 reinterpret_cast<const uint8_t*>(src[i]) ==
                     reinterpret_cast<const uint8_t*>(src[i - 1]) + uint64_t(p.elementLengths[0]) * recBytes;
        if (!ok) {
            Diag("VEC_UNSUPPORTED", caller,
                 Format("%s: repeatTimes %u needs 4 valid lists of equal length stored one after another and "
                        "ifExhaustedSuspension = false; only the first repeat is merged",
                        api, repeats));
            repeats = 1;
        }
    }

    // The merge decides how much is written (a suspended merge stops early), so it is computed
    // before the instruction is recorded, reading the lists only when they are inside the UB.
    const uint64_t repBytes = total * recBytes;
    bool readable = true;
    for (uint32_t i = 0; i < lists; ++i)
        readable &= InUb(reinterpret_cast<uintptr_t>(src[i]), uint64_t(p.elementLengths[i]) * recBytes +
                                                                  uint64_t(repeats - (repeats ? 1 : 0)) * repBytes);
    std::vector<uint8_t> out;
    uint32_t taken[4] = {};
    if (readable) {
        out.reserve(repeats * repBytes);
        for (uint32_t r = 0; r < repeats; ++r) {
            const uint8_t* head[4] = {};
            for (uint32_t i = 0; i < lists; ++i) {
                head[i] = reinterpret_cast<const uint8_t*>(src[i]) + r * repBytes;
                taken[i] = 0;
            }
            // With ifExhaustedSuspension the merge stops once any list is used up, an empty one
            // from the start.
            bool stop = false;
            for (uint32_t i = 0; i < lists; ++i) stop |= p.ifExhaustedSuspension && p.elementLengths[i] == 0;
            while (!stop) {
                int best = -1;
                float bestScore = 0;
                for (uint32_t i = 0; i < lists; ++i) {
                    if (taken[i] >= p.elementLengths[i]) continue;
                    const float s = ScoreAt<T>(head[i] + size_t(taken[i]) * recBytes, scoreOffset);
                    if (best < 0 || s > bestScore) best = int(i), bestScore = s;  // ties: the earlier list
                }
                if (best < 0) break;
                const uint8_t* rec = head[best] + size_t(taken[best]) * recBytes;
                out.insert(out.end(), rec, rec + recBytes);
                ++taken[best];
                stop = p.ifExhaustedSuspension && taken[best] == p.elementLengths[best];
            }
        }
    }
    const uint64_t outBytes = readable ? out.size() : uint64_t(repeats) * repBytes;
    for (uint32_t i = 0; i < lists; ++i)
        if (Overlaps(dst, outBytes, src[i], uint64_t(p.elementLengths[i]) * recBytes))
            Diag("VEC_UNSUPPORTED", caller,
                 Format("%s: the destination overlaps source list %u; the merge would read records it has already "
                        "overwritten",
                        api, i + 1));

    Instr in(id, caller);
    in.Write(Mem::UB, dst, outBytes, dstAlign);
    if (repeats > 1) {
        in.Read(Mem::UB, src[0], uint64_t(repeats) * repBytes, srcAlign);
    } else {
        for (uint32_t i = 0; i < lists; ++i)
            in.Read(Mem::UB, src[i], uint64_t(p.elementLengths[i]) * recBytes, srcAlign);
    }
    in.elements = outBytes / recBytes;
    in.repeats = uint32_t((outBytes + 255) / 256);  // estimate: one 256-byte output block per cycle
    in.bytes = outBytes;
    if (!Issue(in) || !readable) return;
    std::memcpy(dst, out.data(), out.size());
    uint64_t sr = 0;
    for (uint32_t i = 0; i < 4; ++i) sr |= uint64_t(taken[i] & 0xFFFF) << (16 * i);
    CurSpr().vms4Sr = sr;
}

void VecMrgSortResult(uint16_t counts[4], const void* caller) {
    Instr in(InstrId::GetMrgSortResult, caller);
    Issue(in);
    const uint64_t sr = CurSpr().vms4Sr;
    for (uint32_t i = 0; i < 4; ++i) counts[i] = uint16_t(sr >> (16 * i));
}

#define AKG_INSTANTIATE_SORT(T)                                                           \
    template void VecRpSort16<T>(T*, const T*, int32_t, const void*);                     \
    template void VecSort32<T>(T*, const T*, const uint32_t*, int32_t, const void*);      \
    template void VecExtract<T>(T*, uint32_t*, const T*, int32_t, const void*);           \
    template void VecMrgSort<T>(bool, T*, const T* const[4], const AscendC::MrgSort4Info&, const void*);
AKG_INSTANTIATE_SORT(half)
AKG_INSTANTIATE_SORT(float)
#undef AKG_INSTANTIATE_SORT

}  // namespace akg::sim
