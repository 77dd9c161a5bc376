// Two-source element-wise vector instructions: Add, Sub, Mul, Div, Max, Min, And, Or, AddRelu,
// SubRelu, FusedMulAdd, MulAddDst. Each has the count form and the two mask forms.
#pragma once

#include "akg/sim/vec.h"
#include "basic_api/kernel_struct_binary.h"
#include "basic_api/kernel_tensor.h"

// Stamps out the three public overloads of one binary instruction; the variadic tail lists the
// element types are the row's in include/akg/sim/instr_table.h, which the compiler enforces like CANN does.
#define AKG_VEC_BINARY_API(NAME)                                                                              \
    template <typename T>                                                                                     \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,       \
                      const int32_t& count) {                                                                 \
        static_assert(akg::sim::kVecAccepts<akg::sim::VecOp::NAME, T>, #NAME ": data type not supported on this SoC"); \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::NAME, #NAME, dst.Data(), src0.Data(), src1.Data(), T{},       \
                               akg::sim::CountShape(count), AKG_CALLER);                                      \
    }                                                                                                         \
    template <typename T, bool isSetMask = true>                                                              \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,       \
                      uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& p) {               \
        static_assert(akg::sim::kVecAccepts<akg::sim::VecOp::NAME, T>, #NAME ": data type not supported on this SoC"); \
        auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);                                            \
        akg::sim::Strides(s, p.dstBlkStride, p.src0BlkStride, p.src1BlkStride, p.dstRepStride,                \
                          p.src0RepStride, p.src1RepStride);                                                  \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::NAME, #NAME, dst.Data(), src0.Data(), src1.Data(), T{}, s,    \
                               AKG_CALLER);                                                                   \
    }                                                                                                         \
    template <typename T, bool isSetMask = true>                                                              \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,       \
                      uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& p) {                 \
        static_assert(akg::sim::kVecAccepts<akg::sim::VecOp::NAME, T>, #NAME ": data type not supported on this SoC"); \
        auto s = akg::sim::MaskShape(isSetMask, mask, repeatTime);                                            \
        akg::sim::Strides(s, p.dstBlkStride, p.src0BlkStride, p.src1BlkStride, p.dstRepStride,                \
                          p.src0RepStride, p.src1RepStride);                                                  \
        akg::sim::VecRun<T, T>(akg::sim::VecOp::NAME, #NAME, dst.Data(), src0.Data(), src1.Data(), T{}, s,    \
                               AKG_CALLER);                                                                   \
    }

namespace AscendC {

#define AKG_VEC_BINARY_ROW(NAME, FORM, COST, API, TYPES) AKG_VEC_STAMP_##API(AKG_VEC_BINARY_API, NAME)
AKG_VEC_BINARY_TABLE(AKG_VEC_BINARY_ROW)
#undef AKG_VEC_BINARY_ROW

// dst = src0 * src1 + dst, where dst may be wider than the sources (half -> float).
template <typename T, typename U>
AKG_API void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                       const int32_t& count) {
    static_assert((std::is_same_v<T, U> && akg::sim::kVecAccepts<akg::sim::VecOp::MulAddDst, T>) ||
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

#define AKG_TENSOR_OPERATOR(SYM, NAME)                                                                       \
    template <typename T>                                                                                    \
    inline LocalTensorBinaryExpr<T> operator SYM(const LocalTensor<T>& src0, const LocalTensor<T>& src1) {   \
        static_assert(akg::sim::kVecAccepts<akg::sim::VecOp::NAME, T>, "operator" #SYM " (" #NAME "): data type not supported " \
                                                        "on this SoC");                                      \
        return {akg::sim::VecOp::NAME, #NAME, src0, src1};                                                   \
    }
AKG_TENSOR_OPERATOR(+, Add)
AKG_TENSOR_OPERATOR(-, Sub)
AKG_TENSOR_OPERATOR(*, Mul)
AKG_TENSOR_OPERATOR(/, Div)
AKG_TENSOR_OPERATOR(&, And)
AKG_TENSOR_OPERATOR(|, Or)

}  // namespace AscendC
