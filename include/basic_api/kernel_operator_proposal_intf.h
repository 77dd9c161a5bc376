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

#include "akg/sim/sim.h"
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

template <typename T>
AKG_API void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params) {
    AKG_SORT_TYPE_CHECK("MrgSort", T);
    const T* const lists[4] = {src.src1.Data(), src.src2.Data(), src.src3.Data(), src.src4.Data()};
    akg::sim::VecMrgSort<T>(false, dst.Data(), lists, params, AKG_CALLER);
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

#undef AKG_SORT_TYPE_CHECK
}  // namespace AscendC

#undef AKG_V200_SORT_ONLY
#undef AKG_V220_SORT_ONLY
