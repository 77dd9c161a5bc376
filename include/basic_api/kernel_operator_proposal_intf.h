// The sort instructions (排序组合, ISASI). Two generations share this header, as in CANN:
// - Atlas inference AI Core (310P, __CCE_AICORE__ 200) and Atlas training (100) sort Region
//   Proposals of 8 elements of T with the score at element 4: ProposalConcat / ProposalExtract
//   move one field between 16 proposals and 16 packed elements per repeat, RpSort16 sorts 16
//   proposals per repeat, MrgSort4 merges up to 4 sorted lists.
// - Atlas A2/A3 (220) sort 8-byte (score, uint32 index) pairs: Sort32 sorts 32 per repeat,
//   MrgSort merges up to 4 sorted lists.
// Order is by score, largest first; among equal scores the earlier element (and, merging, the
// earlier list) comes first. GetMrgSortResult reads how much of each list the last merge took.
// CANN compiles every form for every SoC: the other generation's forms are marked deprecated
// ("unsupported API on current device") and do nothing at run time, which the simulator reports.
#pragma once

#include <algorithm>

#include "akg/sim/sim.h"
#include "basic_api/kernel_operator_block_sync_intf.h"
#include "basic_api/kernel_operator_data_copy_intf.h"
#include "basic_api/kernel_struct_proposal.h"
#include "basic_api/kernel_tensor.h"

namespace akg::sim {
void VecProposalConcat(uint32_t esize, void* dst, const void* src, int32_t repeatTime, int32_t modeNumber,
                       const void* caller);
void VecProposalExtract(uint32_t esize, void* dst, const void* src, int32_t repeatTime, int32_t modeNumber,
                        const void* caller);
template <typename T>
void VecRpSort16(T* dst, const T* src, int32_t repeatTime, const void* caller);
template <typename T>
void VecSort32(T* dst, const T* src0, const uint32_t* src1, int32_t repeatTime, const void* caller);
template <typename T>
void VecExtract(T* dstValue, uint32_t* dstIndex, const T* sorted, int32_t repeatTime, const void* caller);
// `v200` selects MrgSort4 (Region Proposals) over MrgSort ((score, index) pairs).
template <typename T>
void VecMrgSort(bool v200, T* dst, const T* const src[4], const AscendC::MrgSort4Info& params, const void* caller);
void VecMrgSortResult(uint16_t counts[4], const void* caller);
}  // namespace akg::sim

#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 220
#define AKG_V200_SORT_ONLY(api)                                                                               \
    [[deprecated("NOTICE: " api " is not deprecated. Currently, " api " is an unsupported API on current device." \
                 "Please check your code!")]]
#else
#define AKG_V200_SORT_ONLY(api)
#endif
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
#define AKG_V220_SORT_ONLY(api)                                                                               \
    [[deprecated("NOTICE: " api " is not deprecated. Currently, " api " is an unsupported API on current device." \
                 "Please check your code!")]]
#else
#define AKG_V220_SORT_ONLY(api)
#endif

namespace AscendC {

#define AKG_SORT_TYPE_CHECK(api, T) \
    static_assert(akg::sim::kOneOf<T, half, float>, api ": data type not supported (half, float)")

template <typename T>
AKG_V200_SORT_ONLY("ProposalConcat")
AKG_API void ProposalConcat(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                            const int32_t modeNumber) {
    AKG_SORT_TYPE_CHECK("ProposalConcat", T);
    akg::sim::VecProposalConcat(sizeof(T), dst.Data(), src.Data(), repeatTime, modeNumber, AKG_CALLER);
}

template <typename T>
AKG_V200_SORT_ONLY("ProposalExtract")
AKG_API void ProposalExtract(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                             const int32_t modeNumber) {
    AKG_SORT_TYPE_CHECK("ProposalExtract", T);
    akg::sim::VecProposalExtract(sizeof(T), dst.Data(), src.Data(), repeatTime, modeNumber, AKG_CALLER);
}

template <typename T>
AKG_V200_SORT_ONLY("RpSort16")
AKG_API void RpSort16(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime) {
    AKG_SORT_TYPE_CHECK("RpSort16", T);
    akg::sim::VecRpSort16<T>(dst.Data(), src.Data(), repeatTime, AKG_CALLER);
}

template <typename T>
AKG_V200_SORT_ONLY("MrgSort4")
AKG_API void MrgSort4(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params) {
    AKG_SORT_TYPE_CHECK("MrgSort4", T);
    const T* const lists[4] = {src.src1.Data(), src.src2.Data(), src.src3.Data(), src.src4.Data()};
    akg::sim::VecMrgSort<T>(true, dst.Data(), lists, params, AKG_CALLER);
}

template <typename T>
AKG_V220_SORT_ONLY("Sort32")
AKG_API void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src1,
                    const int32_t repeatTime) {
    AKG_SORT_TYPE_CHECK("Sort32", T);
    akg::sim::VecSort32<T>(dst.Data(), src0.Data(), src1.Data(), repeatTime, AKG_CALLER);
}

// Extract: Sort32 / MrgSort results split into the scores and their uint32_t indices, 32
// elements per repeat. The Atlas inference form (16 Region Proposals per repeat) is not
// simulated: the call reports VEC_UNSUPPORTED there.
template <typename T>
AKG_API void Extract(const LocalTensor<T>& dstValue, const LocalTensor<uint32_t>& dstIndex, const LocalTensor<T>& sorted,
                     const int32_t repeatTime) {
    AKG_SORT_TYPE_CHECK("Extract", T);
    akg::sim::VecExtract<T>(dstValue.Data(), dstIndex.Data(), sorted.Data(), repeatTime, AKG_CALLER);
}

template <typename T>
AKG_API void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params) {
    AKG_SORT_TYPE_CHECK("MrgSort", T);
    const T* const lists[4] = {src.src1.Data(), src.src2.Data(), src.src3.Data(), src.src4.Data()};
    akg::sim::VecMrgSort<T>(false, dst.Data(), lists, params, AKG_CALLER);
}

// The form with the merge's parameters spelled out: the same instruction as MrgSort with
// MrgSort4Info{elementCountList, isExhaustedSuspension, validBit, repeatTime}; with
// isExhaustedSuspension, how much of each list the merge took (GetMrgSortResult) is written to
// sortedNum, which is left untouched otherwise.
template <typename T, bool isExhaustedSuspension = false>
AKG_API void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& sortList, const uint16_t elementCountList[4],
                     uint32_t sortedNum[4], uint16_t validBit, const int32_t repeatTime) {
    AKG_SORT_TYPE_CHECK("MrgSort", T);
    const MrgSort4Info params(elementCountList, isExhaustedSuspension, validBit, uint16_t(repeatTime));
    const T* const lists[4] = {sortList.src1.Data(), sortList.src2.Data(), sortList.src3.Data(), sortList.src4.Data()};
    akg::sim::VecMrgSort<T>(false, dst.Data(), lists, params, AKG_CALLER);
    if (isExhaustedSuspension) {
        uint16_t taken[4];
        akg::sim::VecMrgSortResult(taken, AKG_CALLER);
        for (int i = 0; i < 4; ++i) sortedNum[i] = taken[i];
    }
}

AKG_API inline void GetMrgSortResult(uint16_t& mrgSortList1, uint16_t& mrgSortList2, uint16_t& mrgSortList3,
                                     uint16_t& mrgSortList4) {
    uint16_t c[4];
    akg::sim::VecMrgSortResult(c, AKG_CALLER);
    mrgSortList1 = c[0];
    mrgSortList2 = c[1];
    mrgSortList3 = c[2];
    mrgSortList4 = c[3];
}

// Sizes in the sorted layout, counted in elements of T (CANN's docs say bytes; CANN returns
// elements, and kernels use the result as a LocalTensor offset): a (score, index) pair is 8 bytes
// (4 halves, 2 floats) on A2/A3, a Region Proposal 8 elements on 310P and Atlas training.
template <typename T>
__aicore__ inline uint32_t GetSortLen(const uint32_t elemCount) {
    AKG_SORT_TYPE_CHECK("GetSortLen", T);
#if defined(__CCE_AICORE__) && (__CCE_AICORE__ == 100 || __CCE_AICORE__ == 200)
    return elemCount * 8;
#else
    return elemCount * uint32_t(8 / sizeof(T));
#endif
}

template <typename T>
__aicore__ inline uint32_t GetSortOffset(const uint32_t elemOffset) {
    AKG_SORT_TYPE_CHECK("GetSortOffset", T);
    return GetSortLen<T>(elemOffset);
}

// Concat: the sort input in the layout Sort expects. On Atlas A2/A3 that is the scores as they
// are (concat becomes src); on Atlas inference the scores go into Region Proposals in tmp.
template <typename T>
__aicore__ inline void Concat(LocalTensor<T>& concat, const LocalTensor<T>& src, const LocalTensor<T>& tmp,
                              const int32_t repeatTime) {
    AKG_SORT_TYPE_CHECK("Concat", T);
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
    constexpr int32_t kScorePosition = 4;
    ProposalConcat(tmp, src, repeatTime, kScorePosition);
    concat = tmp;
#else
    (void)tmp;
    (void)repeatTime;
    concat = src;
#endif
}

// Sort<T, isFullSort>: Sort32 of `repeatTime` groups of 32 (score, index) pairs into dst; with
// isFullSort the sorted groups are then merged, four lists at a time through `tmp` (as large as
// dst), until all repeatTime * 32 pairs are one sorted list in dst, as CANN's Atlas A2
// implementation sequences it: every step is an instruction the checker sees.
template <typename T, bool isFullSort>
__aicore__ inline void Sort(const LocalTensor<T>& dst, const LocalTensor<T>& concat, const LocalTensor<uint32_t>& index,
                            LocalTensor<T>& tmp, const int32_t repeatTime) {
    Sort32(dst, concat, index, repeatTime);
    if (!isFullSort || repeatTime <= 1) return;
    const uint32_t total = uint32_t(repeatTime) * 32;
    for (uint32_t run = 32; run < total; run *= 4) {
        PipeBarrier<PIPE_V>();
        DataCopy(tmp, dst, GetSortLen<T>(total));
        PipeBarrier<PIPE_V>();
        for (uint32_t start = 0; start < total; start += 4 * run) {
            uint16_t counts[4] = {0, 0, 0, 0};
            LocalTensor<T> lists[4] = {tmp, tmp, tmp, tmp};
            uint16_t valid = 0;
            for (uint32_t k = 0; k < 4 && start + k * run < total; ++k) {
                counts[k] = uint16_t(std::min(run, total - start - k * run));
                lists[k] = tmp[GetSortOffset<T>(start + k * run)];
                valid |= uint16_t(1u << k);
            }
            if (valid == 1) {
                DataCopy(dst[GetSortOffset<T>(start)], lists[0], GetSortLen<T>(counts[0]));
                continue;
            }
            MrgSort(dst[GetSortOffset<T>(start)], MrgSortSrcList<T>(lists[0], lists[1], lists[2], lists[3]),
                    MrgSort4Info(counts, false, valid, 1));
        }
    }
}

#undef AKG_SORT_TYPE_CHECK
}  // namespace AscendC

#undef AKG_V200_SORT_ONLY
#undef AKG_V220_SORT_ONLY
