// TopK (high-level sort API, CANN 8.x install layout lib/sort/topk.h): the k largest (isLargest)
// or smallest values of each row of a [outter, inner] local tensor and their indices, sorted.
// inner is the padded row length (a multiple of 32), n the real one; the padding is the caller's
// and takes part in the sort. Ties keep their order (of equal values the earlier comes first,
// as the page documents), inf is the largest value and NaN comes first in either order.
// Normal mode writes each row's k values at a k_pad stride (k rounded up to 32 bytes of T) and
// its indices at an 8-element stride; Small mode (inner 32) writes them densely. Indices are
// srcIndexLocal's (one row shared by all rows in Normal mode, one per row in Small mode) with
// isInitIndex, else 0..inner-1; with isHasfinish, a row whose finishLocal byte is true gets n for
// all k indices. Each call is one vector-pipe instruction of the simulator
// (src/sim/adv_topk.cpp), which checks TopKInfo, k, the tensors' sizes and the tiling against
// the call, and the temporary space against the rule GetTopKMaxMinTmpSize reports.
#pragma once

#include "akg/sim/sim.h"
#include "basic_api/kernel_tensor.h"
#include "lib/akg_adv/kernel_library_tiling.h"
#include "lib/akg_adv/topk_rules.h"

namespace AscendC {

struct TopKInfo {
    int32_t outter = 1;
    int32_t inner;
    int32_t n;
};

}  // namespace AscendC

namespace akg::sim {

struct TopKCall {
    DType type = DType::F32;
    void* dstValue = nullptr;
    void* dstIndex = nullptr;
    const void* src = nullptr;
    const void* srcIndex = nullptr;
    const void* finish = nullptr;
    uint64_t dstValueElems = 0, dstIndexElems = 0, srcElems = 0, srcIndexElems = 0, finishElems = 0;
    int32_t k = 0;
    AscendC::tiling::TopkTiling tiling{};
    AscendC::TopKInfo info{};
    bool isLargest = true;
    bool isInitIndex = false;
    bool isHasfinish = false;
    AscendC::TopKMode mode = AscendC::TopKMode::TOPK_NORMAL;
    bool sharedTmp = false;  // else the temporary space is taken from the unallocated end of UB
    void* tmp = nullptr;
    uint64_t tmpBytes = 0;
    const void* caller = nullptr;
};

void TopKRun(const TopKCall& call);

}  // namespace akg::sim

namespace AscendC {
namespace akg_adv {

template <typename T, bool isInitIndex, bool isHasfinish, TopKMode topkMode>
inline void TopK(const LocalTensor<T>& dstValue, const LocalTensor<int32_t>& dstIndex, const LocalTensor<T>& src,
                 const LocalTensor<int32_t>& srcIndex, const LocalTensor<bool>& finish, const LocalTensor<uint8_t>* tmp,
                 const int32_t k, const TopkTiling& tiling, const TopKInfo& info, const bool isLargest,
                 const void* caller) {
    static_assert(akg::sim::kOneOf<T, half, float>, "TopK: data type not supported (half, float)");
    akg::sim::TopKCall c;
    c.type = akg::sim::DTypeOf<T>();
    c.dstValue = dstValue.Data();
    c.dstIndex = dstIndex.Data();
    c.src = src.Data();
    c.dstValueElems = dstValue.GetSize();
    c.dstIndexElems = dstIndex.GetSize();
    c.srcElems = src.GetSize();
    if (isInitIndex) {
        c.srcIndex = srcIndex.Data();
        c.srcIndexElems = srcIndex.GetSize();
    }
    if (isHasfinish) {
        c.finish = finish.Data();
        c.finishElems = finish.GetSize();
    }
    c.k = k;
    c.tiling = tiling;
    c.info = info;
    c.isLargest = isLargest;
    c.isInitIndex = isInitIndex;
    c.isHasfinish = isHasfinish;
    c.mode = topkMode;
    if (tmp) {
        c.sharedTmp = true;
        c.tmp = tmp->Data();
        c.tmpBytes = tmp->GetSize();
    }
    c.caller = caller;
    akg::sim::TopKRun(c);
}

}  // namespace akg_adv

template <typename T, bool isInitIndex = false, bool isHasfinish = false, bool isReuseSrc = false,
          enum TopKMode topkMode = TopKMode::TOPK_NORMAL>
AKG_API void TopK(const LocalTensor<T>& dstValueLocal, const LocalTensor<int32_t>& dstIndexLocal,
                  const LocalTensor<T>& srcLocal, const LocalTensor<int32_t>& srcIndexLocal,
                  const LocalTensor<bool>& finishLocal, const int32_t k, const TopkTiling& tilling,
                  const TopKInfo& topKInfo, const bool isLargest = true) {
    (void)isReuseSrc;  // reserved on Atlas A2/A3 and Atlas inference
    akg_adv::TopK<T, isInitIndex, isHasfinish, topkMode>(dstValueLocal, dstIndexLocal, srcLocal, srcIndexLocal,
                                                         finishLocal, nullptr, k, tilling, topKInfo, isLargest,
                                                         AKG_CALLER);
}

template <typename T, bool isInitIndex = false, bool isHasfinish = false, bool isReuseSrc = false,
          enum TopKMode topkMode = TopKMode::TOPK_NORMAL>
AKG_API void TopK(const LocalTensor<T>& dstValueLocal, const LocalTensor<int32_t>& dstIndexLocal,
                  const LocalTensor<T>& srcLocal, const LocalTensor<int32_t>& srcIndexLocal,
                  const LocalTensor<bool>& finishLocal, const LocalTensor<uint8_t>& tmpLocal, const int32_t k,
                  const TopkTiling& tilling, const TopKInfo& topKInfo, const bool isLargest = true) {
    (void)isReuseSrc;
    akg_adv::TopK<T, isInitIndex, isHasfinish, topkMode>(dstValueLocal, dstIndexLocal, srcLocal, srcIndexLocal,
                                                         finishLocal, &tmpLocal, k, tilling, topKInfo, isLargest,
                                                         AKG_CALLER);
}

}  // namespace AscendC
