// One-source element-wise vector instructions: Exp, Ln, Abs, Reciprocal, Sqrt, Rsqrt, Relu, Not.
#pragma once

#include "akg/sim/vec.h"
#include "basic_api/kernel_struct_unary.h"
#include "basic_api/kernel_tensor.h"

#define AKG_VEC_UNARY_API(NAME)                                                                               \
    template <typename T>                                                                                     \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {          \
        static_assert(akg::sim::kVecAccepts<akg::sim::VecOp::NAME, T>, #NAME ": data type not supported on this SoC"); \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::NAME, #NAME, dst.Data(), src.Data(), nullptr, T{},            \
                               akg::sim::CountShape(count), AKG_CALLER);                                      \
    }                                                                                                         \
    template <typename T, bool isSetMask = true>                                                              \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask[],                  \
                      const uint8_t repeatTime, const UnaryRepeatParams& p) {                                 \
        static_assert(akg::sim::kVecAccepts<akg::sim::VecOp::NAME, T>, #NAME ": data type not supported on this SoC"); \
        auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);                                            \
        akg::sim::Strides(s, p.dstBlkStride, p.srcBlkStride, 1, p.dstRepStride, p.srcRepStride, 8);           \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::NAME, #NAME, dst.Data(), src.Data(), nullptr, T{}, s,         \
                               AKG_CALLER);                                                                   \
    }                                                                                                         \
    template <typename T, bool isSetMask = true>                                                              \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask,                    \
                      const uint8_t repeatTime, const UnaryRepeatParams& p) {                                 \
        static_assert(akg::sim::kVecAccepts<akg::sim::VecOp::NAME, T>, #NAME ": data type not supported on this SoC"); \
        auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);                                            \
        akg::sim::Strides(s, p.dstBlkStride, p.srcBlkStride, 1, p.dstRepStride, p.srcRepStride, 8);           \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::NAME, #NAME, dst.Data(), src.Data(), nullptr, T{}, s,         \
                               AKG_CALLER);                                                                   \
    }

namespace AscendC {

#define AKG_VEC_UNARY_ROW(NAME, FORM, COST, API, TYPES) AKG_VEC_STAMP_##API(AKG_VEC_UNARY_API, NAME)
AKG_VEC_UNARY_TABLE(AKG_VEC_UNARY_ROW)
#undef AKG_VEC_UNARY_ROW

}  // namespace AscendC
