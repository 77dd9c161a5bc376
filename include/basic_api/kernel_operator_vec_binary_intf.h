// Two-source element-wise vector instructions: Add, Sub, Mul, Div, Max, Min, And, Or, AddRelu,
// SubRelu, FusedMulAdd, MulAddDst. Each has the count form and the two mask forms.
#pragma once

#include "akg/sim/vec.h"
#include "basic_api/kernel_struct_binary.h"
#include "basic_api/kernel_tensor.h"

// Stamps out the three public overloads of one binary instruction; the variadic tail lists the
// element types the A2/A3 hardware accepts, which the compiler enforces like CANN does.
#define AKG_VEC_BINARY_API(NAME, ...)                                                                         \
    template <typename T>                                                                                     \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,       \
                      const int32_t& count) {                                                                 \
        static_assert(akg::sim::kOneOf<T, __VA_ARGS__>, #NAME ": data type not supported on this SoC");       \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::NAME, #NAME, dst.Data(), src0.Data(), src1.Data(), T{},       \
                               akg::sim::CountShape(count), AKG_CALLER);                                      \
    }                                                                                                         \
    template <typename T, bool isSetMask = true>                                                              \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,       \
                      uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& p) {               \
        static_assert(akg::sim::kOneOf<T, __VA_ARGS__>, #NAME ": data type not supported on this SoC");       \
        auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);                                            \
        akg::sim::Strides(s, p.dstBlkStride, p.src0BlkStride, p.src1BlkStride, p.dstRepStride,                \
                          p.src0RepStride, p.src1RepStride);                                                  \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::NAME, #NAME, dst.Data(), src0.Data(), src1.Data(), T{}, s,    \
                               AKG_CALLER);                                                                   \
    }                                                                                                         \
    template <typename T, bool isSetMask = true>                                                              \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,       \
                      uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& p) {                 \
        static_assert(akg::sim::kOneOf<T, __VA_ARGS__>, #NAME ": data type not supported on this SoC");       \
        auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);                                            \
        akg::sim::Strides(s, p.dstBlkStride, p.src0BlkStride, p.src1BlkStride, p.dstRepStride,                \
                          p.src0RepStride, p.src1RepStride);                                                  \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::NAME, #NAME, dst.Data(), src0.Data(), src1.Data(), T{}, s,    \
                               AKG_CALLER);                                                                   \
    }

namespace AscendC {

#define AKG_ADD_TYPES int16_t, half, int32_t, float
#define AKG_DIV_TYPES half, float
#define AKG_BITWISE_TYPES int16_t, uint16_t
AKG_VEC_BINARY_API(Add, AKG_ADD_TYPES)
AKG_VEC_BINARY_API(Sub, AKG_ADD_TYPES)
AKG_VEC_BINARY_API(Mul, AKG_ADD_TYPES)
AKG_VEC_BINARY_API(Div, AKG_DIV_TYPES)
AKG_VEC_BINARY_API(Max, int16_t, half, int32_t, float)
AKG_VEC_BINARY_API(Min, int16_t, half, int32_t, float)
AKG_VEC_BINARY_API(And, AKG_BITWISE_TYPES)
AKG_VEC_BINARY_API(Or, AKG_BITWISE_TYPES)
AKG_VEC_BINARY_API(AddRelu, int16_t, half, float)
AKG_VEC_BINARY_API(SubRelu, int16_t, half, float)
AKG_VEC_BINARY_API(FusedMulAdd, half, float)

// dst = src0 * src1 + dst, where dst may be wider than the sources (half -> float).
template <typename T, typename U>
AKG_API void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                       const int32_t& count) {
    static_assert((std::is_same_v<T, U> && akg::sim::kOneOf<T, half, float>) ||
                      (std::is_same_v<T, float> && std::is_same_v<U, half>),
                  "MulAddDst: data type not supported on this SoC");
    akg::sim::VecRun<T, U>(akg::sim::VecOp::MulAddDst, "MulAddDst", dst.Data(), src0.Data(), src1.Data(), U{},
                           akg::sim::CountShape(count), AKG_CALLER);
}
template <typename T, typename U, bool isSetMask = true>
AKG_API void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                       const uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& p) {
    auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);
    akg::sim::Strides(s, p.dstBlkStride, p.src0BlkStride, p.src1BlkStride, p.dstRepStride, p.src0RepStride,
                      p.src1RepStride);
    akg::sim::VecRun<T, U>(akg::sim::VecOp::MulAddDst, "MulAddDst", dst.Data(), src0.Data(), src1.Data(), U{}, s,
                           AKG_CALLER);
}
template <typename T, typename U, bool isSetMask = true>
AKG_API void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                       uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& p) {
    auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);
    akg::sim::Strides(s, p.dstBlkStride, p.src0BlkStride, p.src1BlkStride, p.dstRepStride, p.src0RepStride,
                      p.src1RepStride);
    akg::sim::VecRun<T, U>(akg::sim::VecOp::MulAddDst, "MulAddDst", dst.Data(), src0.Data(), src1.Data(), U{}, s,
                           AKG_CALLER);
}

// Whole-tensor operators: `dst = src0 + src1` runs Add over all of dst (dst.GetSize() elements),
// as CANN's operator overloads do; likewise -, *, /, & and |.
template <typename T>
struct LocalTensorBinaryExpr {
    akg::sim::VecOp op;
    const char* api;
    LocalTensor<T> src0, src1;
    void Run(const LocalTensor<T>& dst, const void* caller) const {
        akg::sim::VecRun<T, T>(op, api, dst.Data(), src0.Data(), src1.Data(), T{},
                               akg::sim::CountShape(int32_t(dst.GetSize())), caller);
    }
};

#define AKG_TENSOR_OPERATOR(SYM, NAME, ...)                                                                  \
    template <typename T>                                                                                    \
    inline LocalTensorBinaryExpr<T> operator SYM(const LocalTensor<T>& src0, const LocalTensor<T>& src1) {   \
        static_assert(akg::sim::kOneOf<T, __VA_ARGS__>, "operator" #SYM " (" #NAME "): data type not supported " \
                                                        "on this SoC");                                      \
        return {akg::sim::VecOp::NAME, #NAME, src0, src1};                                                   \
    }
AKG_TENSOR_OPERATOR(+, Add, AKG_ADD_TYPES)
AKG_TENSOR_OPERATOR(-, Sub, AKG_ADD_TYPES)
AKG_TENSOR_OPERATOR(*, Mul, AKG_ADD_TYPES)
AKG_TENSOR_OPERATOR(/, Div, AKG_DIV_TYPES)
AKG_TENSOR_OPERATOR(&, And, AKG_BITWISE_TYPES)
AKG_TENSOR_OPERATOR(|, Or, AKG_BITWISE_TYPES)

}  // namespace AscendC
