// CANN's kernel utility header (kernel_utils.h on the device include path), which operators of
// CANN's own library include or reach through kernel_operator.h for the AscendCUtils class.
#pragma once

#include "basic_api/kernel_operator_vec_mask_intf.h"

namespace AscendC {

// CANN's utility class, which operators of CANN's own library (the Norm family's
// reduce helpers) call directly: SetMask writes a Normal-mode lane mask like SetVectorMask;
// GetC0Count is the number of elements in one 32-byte block.
struct AscendCUtils {
    template <typename T, bool isSetMask = true>
    __aicore__ static inline void SetMask(const uint64_t& maskHigh, const uint64_t& maskLow) {
        if constexpr (isSetMask) akg::sim::MaskSetApi(maskHigh, maskLow, sizeof(T) * 8, false);
    }
    template <typename T, bool isSetMask = true>
    __aicore__ static inline void SetMask(int32_t len) {
        if constexpr (isSetMask) akg::sim::MaskSetLen(len, sizeof(T) * 8, false);
    }
    __aicore__ static inline int32_t GetC0Count(const int32_t dtypeSize) { return 32 / dtypeSize; }
    // The mask mode of the vector unit (SetMaskCount / SetMaskNorm); T is not used.
    template <typename T>
    __aicore__ static inline void SetMaskCount() { akg::sim::MaskMode(true); }
    template <typename T>
    __aicore__ static inline void SetMaskNorm() { akg::sim::MaskMode(false); }
};

// CANN's compile-time type choice (std::conditional) among its basic utilities: kernels pick an
// element type (reduce_repeat) or a Matmul type with it.
template <bool condition, class TrueType, class FalseType>
struct Conditional {
    using type = TrueType;
};
template <class TrueType, class FalseType>
struct Conditional<false, TrueType, FalseType> {
    using type = FalseType;
};

}  // namespace AscendC
