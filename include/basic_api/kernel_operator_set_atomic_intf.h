// Atomic accumulation of DMA writes into GM: after SetAtomicAdd<T>(), UB->GM copies add
// element-wise into the destination instead of overwriting it.
#pragma once

#include "akg/sim/sim.h"

namespace akg::sim {
enum class AtomicOp : uint8_t { None, Add, Max, Min, Keep };
// `caller`: the kernel's call site, for a SoC that lacks the operation (SetAtomicMax/Min on 310P).
void SetAtomic(AtomicOp op, DType dtype, const void* caller = nullptr);
}  // namespace akg::sim

namespace AscendC {

template <typename T>
__aicore__ inline void SetAtomicAdd() {
    static_assert(akg::sim::kOneOf<T, int8_t, int16_t, half, bfloat16_t, int32_t, float>,
                  "SetAtomicAdd: data type not supported on this SoC");
    akg::sim::SetAtomic(akg::sim::AtomicOp::Add, akg::sim::DTypeOf<T>());
}
template <typename T>
AKG_API void SetAtomicMax() {
    akg::sim::SetAtomic(akg::sim::AtomicOp::Max, akg::sim::DTypeOf<T>(), AKG_CALLER);
}
template <typename T>
AKG_API void SetAtomicMin() {
    akg::sim::SetAtomic(akg::sim::AtomicOp::Min, akg::sim::DTypeOf<T>(), AKG_CALLER);
}
template <typename T>
__aicore__ inline void SetAtomicType() {
    akg::sim::SetAtomic(akg::sim::AtomicOp::Keep, akg::sim::DTypeOf<T>());
}
__aicore__ inline void SetAtomicNone() { akg::sim::SetAtomic(akg::sim::AtomicOp::None, akg::sim::DType::F32); }
__aicore__ inline void DisableDmaAtomic() { akg::sim::SetAtomic(akg::sim::AtomicOp::None, akg::sim::DType::F32); }

}  // namespace AscendC
