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

// The bit pattern of a scalar (CANN's kernel_utils_struct_norm_sort.h): the one-argument form
// widens T's bytes into a uint64_t (the upper bytes zero here; the union CANN reads them through
// leaves them unspecified), the two-argument form reinterprets T's bytes as U. DataCopyPad's
// padding value and the SPR setters take such patterns. A U wider than T keeps T's bytes at the low
// end and zero above.
namespace detail {
template <size_t N>
struct BitsOfSize;
template <> struct BitsOfSize<1> { using type = uint8_t; };
template <> struct BitsOfSize<2> { using type = uint16_t; };
template <> struct BitsOfSize<4> { using type = uint32_t; };
template <> struct BitsOfSize<8> { using type = uint64_t; };
}  // namespace detail

template <typename T>
constexpr __aicore__ inline uint64_t GetScalarBitcodeValue(T scalarValue) {
    return static_cast<uint64_t>(__builtin_bit_cast(typename detail::BitsOfSize<sizeof(T)>::type, scalarValue));
}
template <typename T, typename U>
constexpr __aicore__ inline U GetScalarBitcodeValue(T scalarValue) {
    using Bits = typename detail::BitsOfSize<sizeof(U)>::type;
    return __builtin_bit_cast(U, static_cast<Bits>(GetScalarBitcodeValue(scalarValue)));
}
template <typename T>
constexpr __aicore__ inline half GetScalarBitcodeToHalf(T scalarValue) {
    return GetScalarBitcodeValue<T, half>(scalarValue);
}

}  // namespace AscendC
