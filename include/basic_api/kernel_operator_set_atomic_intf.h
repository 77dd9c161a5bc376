// Atomic accumulation of DMA writes into GM: after SetAtomicAdd<T>(), UB->GM copies add
// element-wise into the destination instead of overwriting it.
#pragma once

#include "akg/sim.h"

namespace akg::sim {
enum class AtomicOp : uint8_t { None, Add, Max, Min, Keep };
void SetAtomic(AtomicOp op, DType dtype);
}  // namespace akg::sim

namespace AscendC {

template <typename T>
__aicore__ inline void SetAtomicAdd() {
    static_assert(akg::sim::kOneOf<T, int8_t, int16_t, half, bfloat16_t, int32_t, float>,
                  "SetAtomicAdd: data type not supported on this SoC");
    akg::sim::SetAtomic(akg::sim::AtomicOp::Add, akg::sim::DTypeOf<T>());
}
template <typename T>
__aicore__ inline void SetAtomicMax() {
    akg::sim::SetAtomic(akg::sim::AtomicOp::Max, akg::sim::DTypeOf<T>());
}
template <typename T>
__aicore__ inline void SetAtomicMin() {
    akg::sim::SetAtomic(akg::sim::AtomicOp::Min, akg::sim::DTypeOf<T>());
}
template <typename T>
__aicore__ inline void SetAtomicType() {
    akg::sim::SetAtomic(akg::sim::AtomicOp::Keep, akg::sim::DTypeOf<T>());
}
__aicore__ inline void SetAtomicNone() { akg::sim::SetAtomic(akg::sim::AtomicOp::None, akg::sim::DType::F32); }
__aicore__ inline void DisableDmaAtomic() { akg::sim::SetAtomic(akg::sim::AtomicOp::None, akg::sim::DType::F32); }

}  // namespace AscendC
