// One-source element-wise vector instructions: Exp, Ln, Abs, Reciprocal, Sqrt, Rsqrt, Relu, Not.
#pragma once

#include "akg/sim/vec.h"
#include "basic_api/kernel_struct_unary.h"
#include "basic_api/kernel_tensor.h"

#define AKG_VEC_UNARY_API(NAME, ...)                                                                          \
    template <typename T>                                                                                     \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {          \
        static_assert(akg::sim::kOneOf<T, __VA_ARGS__>, #NAME ": data type not supported on this SoC");       \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::NAME, #NAME, dst.Data(), src.Data(), nullptr, T{},            \
                               akg::sim::CountShape(count), AKG_CALLER);                                      \
    }                                                                                                         \
    template <typename T, bool isSetMask = true>                                                              \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask[],                  \
                      const uint8_t repeatTime, const UnaryRepeatParams& p) {                                 \
        static_assert(akg::sim::kOneOf<T, __VA_ARGS__>, #NAME ": data type not supported on this SoC");       \
        auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);                                            \
        akg::sim::Strides(s, p.dstBlkStride, p.srcBlkStride, 1, p.dstRepStride, p.srcRepStride, 8);           \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::NAME, #NAME, dst.Data(), src.Data(), nullptr, T{}, s,         \
                               AKG_CALLER);                                                                   \
    }                                                                                                         \
    template <typename T, bool isSetMask = true>                                                              \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask,                    \
                      const uint8_t repeatTime, const UnaryRepeatParams& p) {                                 \
        static_assert(akg::sim::kOneOf<T, __VA_ARGS__>, #NAME ": data type not supported on this SoC");       \
        auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);                                            \
        akg::sim::Strides(s, p.dstBlkStride, p.srcBlkStride, 1, p.dstRepStride, p.srcRepStride, 8);           \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::NAME, #NAME, dst.Data(), src.Data(), nullptr, T{}, s,         \
                               AKG_CALLER);                                                                   \
    }

namespace AscendC {

AKG_VEC_UNARY_API(Exp, half, float)
AKG_VEC_UNARY_API(Ln, half, float)
AKG_VEC_UNARY_API(Abs, half, float)
AKG_VEC_UNARY_API(Reciprocal, half, float)
AKG_VEC_UNARY_API(Sqrt, half, float)
AKG_VEC_UNARY_API(Rsqrt, half, float)
AKG_VEC_UNARY_API(Relu, half, int32_t, float)
AKG_VEC_UNARY_API(Not, int16_t, uint16_t)

}  // namespace AscendC
