// Broadcast (high-level tensor transformation API, CANN 8.x install layout lib/pad/broadcast.h):
// broadcasts a 1-D or 2-D local tensor along one axis, [m, 1] -> [m, k] (axis 1) or [1, k] ->
// [m, k] (axis 0). `BroadCast` is the name CANN's own operators call; `Broadcast` the documented
// one. Each call is one vector-pipe instruction of the simulator (src/sim/adv_broadcast.cpp),
// which checks the shapes and the temporary space against the rule GetBroadCastMaxMinTmpSize
// reports (lib/akg_adv/adv_tmp_rules.h).
#pragma once

#include "akg/sim/sim.h"
#include "basic_api/kernel_tensor.h"

namespace akg::sim {

struct BroadcastCall {
    DType type = DType::F32;
    void* dst = nullptr;
    const void* src = nullptr;
    uint32_t dim = 0;
    uint32_t axis = 0;
    uint64_t dstShape[2] = {};
    uint64_t srcShape[2] = {};
    // The caller's sharedTmpBuffer, or (sharedTmp = false) space taken from the unallocated end of UB.
    bool sharedTmp = false;
    void* tmp = nullptr;
    uint64_t tmpBytes = 0;
    bool v200 = false;  // Atlas inference AI Core (__CCE_AICORE__ == 200) temporary-space rule
    const void* caller = nullptr;
};

void BroadcastRun(const BroadcastCall& call);

}  // namespace akg::sim

namespace AscendC {
namespace akg_adv {

template <typename T, int32_t dim, int32_t axis>
inline void Broadcast(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t dstShape[dim],
                      const uint32_t srcShape[dim], const LocalTensor<uint8_t>* tmp, const void* caller) {
    static_assert(akg::sim::kOneOf<T, int8_t, uint8_t, half, float>,
                  "Broadcast: data type not supported on this SoC (int8_t, uint8_t, half, float)");
    static_assert(dim == 1 || dim == 2, "Broadcast: dim must be 1 or 2");
    static_assert(axis >= 0 && axis < dim, "Broadcast: axis must be 0 or, for dim 2, 1");
    akg::sim::BroadcastCall c;
    c.type = akg::sim::DTypeOf<T>();
    c.dst = dst.Data();
    c.src = src.Data();
    c.dim = dim;
    c.axis = axis;
    for (int32_t i = 0; i < dim; ++i) {
        c.dstShape[i] = dstShape[i];
        c.srcShape[i] = srcShape[i];
    }
    if (tmp) {
        c.sharedTmp = true;
        c.tmp = tmp->Data();
        c.tmpBytes = tmp->GetSize();
    }
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
    c.v200 = true;
#endif
    c.caller = caller;
    akg::sim::BroadcastRun(c);
}

}  // namespace akg_adv

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
AKG_API void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
                       const uint32_t srcShape[dim], LocalTensor<uint8_t>& sharedTmpBuffer) {
    akg_adv::Broadcast<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, &sharedTmpBuffer, AKG_CALLER);
}

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
AKG_API void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
                       const uint32_t srcShape[dim]) {
    akg_adv::Broadcast<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, nullptr, AKG_CALLER);
}

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
AKG_API void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
                       const uint32_t srcShape[dim], LocalTensor<uint8_t>& sharedTmpBuffer) {
    akg_adv::Broadcast<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, &sharedTmpBuffer, AKG_CALLER);
}

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
AKG_API void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
                       const uint32_t srcShape[dim]) {
    akg_adv::Broadcast<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, nullptr, AKG_CALLER);
}

}  // namespace AscendC
