// ReduceMax and ReduceMin over one axis (high-level reduce API, CANN 8.x install layout
// lib/reduce/reduce.h): of a two-dimensional local tensor whose rows are padded to 32 bytes
// (srcInnerPad true, the only form Atlas A2 / A3 accept), AR keeps the rows and gives each row's
// extreme, RA keeps the columns and gives each column's. srcShape is {rows, columns} with the
// columns unpadded. Each call is one vector-pipe instruction of the simulator
// (src/sim/adv_reduce.cpp), which checks the shape and the temporary space against the rule
// GetReduceMaxMaxMinTmpSize / GetReduceMinMaxMinTmpSize report.
#pragma once

#include <type_traits>

#include "akg/sim/sim.h"
#include "basic_api/kernel_tensor.h"
#include "lib/reduce/reduce_common.h"

namespace akg::sim {

struct ReduceAxisCall {
    InstrId id = InstrId::ReduceMax;  // ReduceMax or ReduceMin
    DType type = DType::F32;
    void* dst = nullptr;
    const void* src = nullptr;
    uint32_t rows = 0, columns = 0;  // srcShape
    bool keepRows = true;            // AR (else RA)
    bool srcInnerPad = true;
    bool reuseSource = false;
    bool sharedTmp = false;  // else the temporary space is taken from the unallocated end of UB
    void* tmp = nullptr;
    uint64_t tmpBytes = 0;
    const void* caller = nullptr;
};

void ReduceAxisRun(const ReduceAxisCall& call);

}  // namespace akg::sim

namespace AscendC {
namespace akg_adv {

template <typename T, class pattern, bool isReuseSource>
inline void ReduceAxis(akg::sim::InstrId id, const LocalTensor<T>& dst, const LocalTensor<T>& src,
                       const LocalTensor<uint8_t>* tmp, const uint32_t srcShape[], bool srcInnerPad,
                       const void* caller) {
    static_assert(akg::sim::kOneOf<T, half, float>, "ReduceMax / ReduceMin: data type not supported (half, float)");
    static_assert(std::is_same_v<pattern, Pattern::Reduce::AR> || std::is_same_v<pattern, Pattern::Reduce::RA>,
                  "ReduceMax / ReduceMin: Atlas A2 / A3 support the AR and RA patterns only");
    akg::sim::ReduceAxisCall c;
    c.id = id;
    c.type = akg::sim::DTypeOf<T>();
    c.dst = dst.Data();
    c.src = src.Data();
    c.rows = srcShape[0];
    c.columns = srcShape[1];
    c.keepRows = std::is_same_v<pattern, Pattern::Reduce::AR>;
    c.srcInnerPad = srcInnerPad;
    c.reuseSource = isReuseSource;
    if (tmp) {
        c.sharedTmp = true;
        c.tmp = tmp->Data();
        c.tmpBytes = tmp->GetSize();
    }
    c.caller = caller;
    akg::sim::ReduceAxisRun(c);
}

}  // namespace akg_adv

template <class T, class pattern, bool isReuseSource = false>
AKG_API void ReduceMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                       const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t srcShape[], bool srcInnerPad) {
    akg_adv::ReduceAxis<T, pattern, isReuseSource>(akg::sim::InstrId::ReduceMax, dstTensor, srcTensor,
                                                   &sharedTmpBuffer, srcShape, srcInnerPad, AKG_CALLER);
}
template <class T, class pattern, bool isReuseSource = false>
AKG_API void ReduceMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t srcShape[],
                       bool srcInnerPad) {
    akg_adv::ReduceAxis<T, pattern, isReuseSource>(akg::sim::InstrId::ReduceMax, dstTensor, srcTensor, nullptr,
                                                   srcShape, srcInnerPad, AKG_CALLER);
}
template <class T, class pattern, bool isReuseSource = false>
AKG_API void ReduceMin(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                       const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t srcShape[], bool srcInnerPad) {
    akg_adv::ReduceAxis<T, pattern, isReuseSource>(akg::sim::InstrId::ReduceMin, dstTensor, srcTensor,
                                                   &sharedTmpBuffer, srcShape, srcInnerPad, AKG_CALLER);
}
template <class T, class pattern, bool isReuseSource = false>
AKG_API void ReduceMin(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t srcShape[],
                       bool srcInnerPad) {
    akg_adv::ReduceAxis<T, pattern, isReuseSource>(akg::sim::InstrId::ReduceMin, dstTensor, srcTensor, nullptr,
                                                   srcShape, srcInnerPad, AKG_CALLER);
}

}  // namespace AscendC
