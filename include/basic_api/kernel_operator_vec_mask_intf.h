// The vector mask register: SetVectorMask, SetMaskCount/SetMaskNorm, ResetMask.
#pragma once

#include "akg/sim/sim.h"
#include "basic_api/kernel_base_types.h"

namespace akg::sim {
// Raw register write (set_vector_mask): the caller does not say which mode the value is for.
void MaskSet(uint64_t high, uint64_t low, uint32_t elemBits, bool counter);
// An API's own mask, or SetVectorMask<T, mode>(len): a Normal-mode lane mask or a Counter-mode count.
void MaskSetApi(uint64_t high, uint64_t low, uint32_t elemBits, bool counter);
// SetVectorMask(maskHigh, maskLow): the register as given, a count in Counter mode when maskHigh is 0.
void MaskSetPair(uint64_t high, uint64_t low, uint32_t elemBits, bool counter);
void MaskSetLen(int32_t len, uint32_t elemBits, bool counter);
void MaskMode(bool counter);
void MaskReset();
// A count-form API called with isSetMask = false takes its element count from the mask register,
// which only Counter mode provides.
void MaskRequireCounter(const char* api, const void* caller);
}  // namespace akg::sim

namespace AscendC {

template <typename T, MaskMode mode = MaskMode::NORMAL>
__aicore__ static inline void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow) {
    akg::sim::MaskSetPair(maskHigh, maskLow, sizeof(T) * 8, mode == MaskMode::COUNTER);
}
template <typename T, MaskMode mode = MaskMode::NORMAL>
__aicore__ static inline void SetVectorMask(int32_t len) {
    akg::sim::MaskSetLen(len, sizeof(T) * 8, mode == MaskMode::COUNTER);
}
__aicore__ inline void SetMaskCount() { akg::sim::MaskMode(true); }
__aicore__ inline void SetMaskNorm() { akg::sim::MaskMode(false); }
__aicore__ inline void ResetMask() { akg::sim::MaskReset(); }

}  // namespace AscendC
