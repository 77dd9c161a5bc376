// Reductions: ReduceRepeat / ReduceDataBlock / ReducePairElem and their CANN 8.x names
// (WholeReduceSum/Max/Min, RepeatReduceSum, BlockReduceSum/Max/Min, PairReduceSum), the whole-tensor
// ReduceSum / ReduceMax / ReduceMin, and the special registers holding the last result
// (GetReduceRepeatSumSpr = GetAccVal, GetReduceRepeatMaxMinSpr = GetReduceMaxMinCount).
//
// Facts the A2/A3 implementation follows, from the Ascend C documentation:
// - Sums inside a repeat (and inside a data block) add adjacent pairs level by level (a binary
//   tree), rounding every partial sum to the element type; disabled lanes add zero. Half data
//   uses the default non-saturating mode (overflow gives inf).
// - ReduceSum's count form adds the repeats' sums in order into the ACC_VAL register (the work
//   tensor is not used); its mask forms add the repeats' sums by binary trees of 256/sizeof(T)
//   values (the work tensor holds them).
// - Max/Min return the first (lowest-index) extreme value; the index is stored in the bits of a
//   value of the element type (uint16_t for half, uint32_t for float), ORDER_ONLY_INDEX stores a
//   uint32_t. ReduceRepeat's index is within the repeat, ReduceMax/Min's within the tensor.
// - ReduceDataBlock leaves the destination of a data block with no enabled lane unchanged;
//   ReducePairElem does the same for a pair with no enabled lane.
// - dstRepStride units: ReduceRepeat one result (value, index pair or uint32 index);
//   ReduceDataBlock 8 results; ReducePairElem 128 bytes.
#pragma once

#include "akg/sim/vec.h"
#include "basic_api/kernel_tensor.h"

namespace AscendC {
enum class ReduceType { NONE = -1, SUM = 0, MAX, MIN };
}  // namespace AscendC

namespace akg::sim {

enum class RedKind : uint8_t { Sum, Max, Min };

// One result per repeat (vcadd / vcmax / vcmin). `mask` carries the mask form and isSetMask; the
// repeat count is given separately because the API takes it as int32_t.
template <typename T>
void VecReduceRepeat(ReduceOp op, RedKind kind, T* dst, const T* src, const VecShape& mask, int32_t repeat,
                     int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride, AscendC::ReduceOrder order,
                     const void* caller);
// One result per 32-byte data block (vcgadd / vcgmax / vcgmin).
template <typename T>
void VecReduceBlock(ReduceOp op, RedKind kind, T* dst, const T* src, const VecShape& mask, int32_t repeat,
                    int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride, const void* caller);
// Sum of adjacent pairs (vcpadd).
template <typename T>
void VecReducePair(ReduceOp op, T* dst, const T* src, const VecShape& mask, int32_t repeat, int32_t dstRepStride,
                   int32_t srcBlkStride, int32_t srcRepStride, const void* caller);
// ReduceSum / ReduceMax / ReduceMin. `mask` in Count mode is the count form (Register mode: the
// count form with isSetMask = false); otherwise a mask form with `repeat` repeats.
template <typename T>
void VecReduceAll(ReduceOp op, RedKind kind, T* dst, const T* src, T* work, uint32_t workElems,
                  const VecShape& mask, int64_t repeat, int32_t srcRepStride, bool calIndex, const void* caller);

// The raw vcadd intrinsic under the current mask register: with `accumulate` the repeats' sums
// are added in order into ACC_VAL (dst is not written), otherwise each repeat's sum goes to dst
// like WholeReduceSum. For raw-intrinsic shims (vcadd / get_acc_val); not an AscendC API.
template <typename T>
void VecVcadd(T* dst, const T* src, int32_t repeat, int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride,
              bool accumulate, const void* caller);

// Special-register reads by the scalar unit.
uint64_t ReadAccVal(const char* api, const void* caller);
uint64_t ReadMaxMinCnt(const char* api, const void* caller);
void ReportUnsupported(const char* api, const char* what, const void* caller);

constexpr RedKind KindOf(AscendC::ReduceType t) {
    return t == AscendC::ReduceType::MAX ? RedKind::Max : (t == AscendC::ReduceType::MIN ? RedKind::Min : RedKind::Sum);
}

template <typename T>
inline T BitsAs(uint64_t bits) {
    T v;
    __builtin_memcpy(&v, &bits, sizeof(T));
    return v;
}

}  // namespace akg::sim

namespace AscendC {

#define AKG_REDUCE_CHECK(OP, T, U)                                                                   \
    static_assert(std::is_same_v<T, U>, #OP ": source and destination data types must be the same"); \
    static_assert(akg::sim::kReduceAccepts<akg::sim::ReduceOp::OP, T>, #OP ": data type not supported on this SoC (half, float)")

// ---- ReduceRepeat (one result per repeat) ----
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>
AKG_API void ReduceRepeat(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t mask,
                          const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                          const int32_t srcRepStride, ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) {
    AKG_REDUCE_CHECK(ReduceRepeat, T, U);
    static_assert(reduceType != ReduceType::NONE, "ReduceRepeat: reduceType must be SUM, MAX or MIN");
    akg::sim::VecReduceRepeat<T>(akg::sim::ReduceOp::ReduceRepeat, akg::sim::KindOf(reduceType), dst.Data(), src.Data(),
                                 akg::sim::MaskShape(isSetMask, uint64_t(uint32_t(mask)), 1), repeatTime,
                                 dstRepStride, srcBlkStride, srcRepStride, order, AKG_CALLER);
}
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>
AKG_API void ReduceRepeat(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[],
                          const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                          const int32_t srcRepStride, ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) {
    AKG_REDUCE_CHECK(ReduceRepeat, T, U);
    static_assert(reduceType != ReduceType::NONE, "ReduceRepeat: reduceType must be SUM, MAX or MIN");
    akg::sim::VecReduceRepeat<T>(akg::sim::ReduceOp::ReduceRepeat, akg::sim::KindOf(reduceType), dst.Data(), src.Data(),
                                 akg::sim::MaskShape(isSetMask, mask, 1), repeatTime, dstRepStride, srcBlkStride,
                                 srcRepStride, order, AKG_CALLER);
}

#define AKG_WHOLE_REDUCE_API(NAME, KIND, ORDER_PARAM, ORDER_ARG)                                                \
    template <typename T, bool isSetMask = true>                                                                \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],              \
                      const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,         \
                      const int32_t srcRepStride ORDER_PARAM) {                                                 \
        AKG_REDUCE_CHECK(NAME, T, T);                                                                          \
        akg::sim::VecReduceRepeat<T>(akg::sim::ReduceOp::NAME, akg::sim::RedKind::KIND, dst.Data(), src.Data(),                    \
                                     akg::sim::MaskShape(isSetMask, mask, 1), repeatTime, dstRepStride,         \
                                     srcBlkStride, srcRepStride, ORDER_ARG, AKG_CALLER);                        \
    }                                                                                                           \
    template <typename T, bool isSetMask = true>                                                                \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask,                 \
                      const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,         \
                      const int32_t srcRepStride ORDER_PARAM) {                                                 \
        AKG_REDUCE_CHECK(NAME, T, T);                                                                          \
        akg::sim::VecReduceRepeat<T>(akg::sim::ReduceOp::NAME, akg::sim::RedKind::KIND, dst.Data(), src.Data(),                    \
                                     akg::sim::MaskShape(isSetMask, uint64_t(uint32_t(mask)), 1), repeatTime,   \
                                     dstRepStride, srcBlkStride, srcRepStride, ORDER_ARG, AKG_CALLER);          \
    }

#define AKG_COMMA ,
AKG_WHOLE_REDUCE_API(WholeReduceSum, Sum, , ReduceOrder::ORDER_ONLY_VALUE)
AKG_WHOLE_REDUCE_API(WholeReduceMax, Max, AKG_COMMA ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX, order)
AKG_WHOLE_REDUCE_API(WholeReduceMin, Min, AKG_COMMA ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX, order)
#undef AKG_COMMA
#undef AKG_WHOLE_REDUCE_API

// CANN 8.x: continuous mask only; dstBlkStride has no effect.
template <typename T, bool isSetMask = true>
AKG_API void RepeatReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                             const int32_t mask, const int32_t dstBlkStride, const int32_t srcBlkStride,
                             const int32_t dstRepStride, const int32_t srcRepStride) {
    AKG_REDUCE_CHECK(RepeatReduceSum, T, T);
    akg::sim::VecReduceRepeat<T>(akg::sim::ReduceOp::RepeatReduceSum, akg::sim::RedKind::Sum, dst.Data(), src.Data(),
                                 akg::sim::MaskShape(isSetMask, uint64_t(uint32_t(mask)), 1), repeatTime,
                                 dstRepStride, srcBlkStride, srcRepStride, ReduceOrder::ORDER_ONLY_VALUE, AKG_CALLER);
}

// ---- ReduceDataBlock (one result per 32-byte block) ----
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>
AKG_API void ReduceDataBlock(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t mask,
                             const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                             const int32_t srcRepStride) {
    AKG_REDUCE_CHECK(ReduceDataBlock, T, U);
    static_assert(reduceType != ReduceType::NONE, "ReduceDataBlock: reduceType must be SUM, MAX or MIN");
    akg::sim::VecReduceBlock<T>(akg::sim::ReduceOp::ReduceDataBlock, akg::sim::KindOf(reduceType), dst.Data(), src.Data(),
                                akg::sim::MaskShape(isSetMask, uint64_t(uint32_t(mask)), 1), repeatTime,
                                dstRepStride, srcBlkStride, srcRepStride, AKG_CALLER);
}
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>
AKG_API void ReduceDataBlock(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[],
                             const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                             const int32_t srcRepStride) {
    AKG_REDUCE_CHECK(ReduceDataBlock, T, U);
    static_assert(reduceType != ReduceType::NONE, "ReduceDataBlock: reduceType must be SUM, MAX or MIN");
    akg::sim::VecReduceBlock<T>(akg::sim::ReduceOp::ReduceDataBlock, akg::sim::KindOf(reduceType), dst.Data(), src.Data(),
                                akg::sim::MaskShape(isSetMask, mask, 1), repeatTime, dstRepStride, srcBlkStride,
                                srcRepStride, AKG_CALLER);
}

// CANN 8.x names: the repeat count comes before the mask.
#define AKG_BLOCK_REDUCE_API(NAME, KIND)                                                                       \
    template <typename T, bool isSetMask = true>                                                               \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,          \
                      const int32_t mask, const int32_t dstRepStride, const int32_t srcBlkStride,              \
                      const int32_t srcRepStride) {                                                            \
        AKG_REDUCE_CHECK(NAME, T, T);                                                                         \
        akg::sim::VecReduceBlock<T>(akg::sim::ReduceOp::NAME, akg::sim::RedKind::KIND, dst.Data(), src.Data(),                    \
                                    akg::sim::MaskShape(isSetMask, uint64_t(uint32_t(mask)), 1), repeatTime,   \
                                    dstRepStride, srcBlkStride, srcRepStride, AKG_CALLER);                     \
    }                                                                                                          \
    template <typename T, bool isSetMask = true>                                                               \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,          \
                      const uint64_t mask[], const int32_t dstRepStride, const int32_t srcBlkStride,           \
                      const int32_t srcRepStride) {                                                            \
        AKG_REDUCE_CHECK(NAME, T, T);                                                                         \
        akg::sim::VecReduceBlock<T>(akg::sim::ReduceOp::NAME, akg::sim::RedKind::KIND, dst.Data(), src.Data(),                    \
                                    akg::sim::MaskShape(isSetMask, mask, 1), repeatTime, dstRepStride,         \
                                    srcBlkStride, srcRepStride, AKG_CALLER);                                   \
    }
AKG_BLOCK_REDUCE_API(BlockReduceSum, Sum)
AKG_BLOCK_REDUCE_API(BlockReduceMax, Max)
AKG_BLOCK_REDUCE_API(BlockReduceMin, Min)
#undef AKG_BLOCK_REDUCE_API

// CANN's implementation layer under BlockReduceSum/Max/Min (kernel_operator_vec_reduce_impl.h),
// which ops-transformer's MoeGatingTopKSoftmax calls on raw UB pointers after setting the mask
// itself: the same instruction, with the mask register as it stands.
#define AKG_BLOCK_REDUCE_IMPL(NAME, OP, KIND)                                                                  \
    template <typename T>                                                                                      \
    AKG_API void NAME(__ubuf__ T* dstLocal, __ubuf__ T* srcLocal, const int32_t repeat,                        \
                      const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride) {    \
        AKG_REDUCE_CHECK(OP, T, T);                                                                           \
        akg::sim::VecReduceBlock<T>(akg::sim::ReduceOp::OP, akg::sim::RedKind::KIND, dstLocal, srcLocal,       \
                                    akg::sim::MaskShape(false, uint64_t(0), 1), repeat, dstRepStride,          \
                                    srcBlkStride, srcRepStride, AKG_CALLER);                                   \
    }
AKG_BLOCK_REDUCE_IMPL(BlockReduceSumIntrinsicsImpl, BlockReduceSum, Sum)
AKG_BLOCK_REDUCE_IMPL(BlockReduceMaxIntrinsicsImpl, BlockReduceMax, Max)
AKG_BLOCK_REDUCE_IMPL(BlockReduceMinIntrinsicsImpl, BlockReduceMin, Min)
#undef AKG_BLOCK_REDUCE_IMPL

// ---- ReducePairElem (sum of adjacent pairs) ----
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>
AKG_API void ReducePairElem(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t mask,
                            const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                            const int32_t srcRepStride) {
    AKG_REDUCE_CHECK(ReducePairElem, T, U);
    static_assert(reduceType == ReduceType::SUM, "ReducePairElem: only ReduceType::SUM is supported");
    akg::sim::VecReducePair<T>(akg::sim::ReduceOp::ReducePairElem, dst.Data(), src.Data(),
                               akg::sim::MaskShape(isSetMask, uint64_t(uint32_t(mask)), 1), repeatTime, dstRepStride,
                               srcBlkStride, srcRepStride, AKG_CALLER);
}
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>
AKG_API void ReducePairElem(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[],
                            const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                            const int32_t srcRepStride) {
    AKG_REDUCE_CHECK(ReducePairElem, T, U);
    static_assert(reduceType == ReduceType::SUM, "ReducePairElem: only ReduceType::SUM is supported");
    akg::sim::VecReducePair<T>(akg::sim::ReduceOp::ReducePairElem, dst.Data(), src.Data(), akg::sim::MaskShape(isSetMask, mask, 1),
                               repeatTime, dstRepStride, srcBlkStride, srcRepStride, AKG_CALLER);
}
template <typename T, bool isSetMask = true>
AKG_API void PairReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                           const int32_t mask, const int32_t dstRepStride, const int32_t srcBlkStride,
                           const int32_t srcRepStride) {
    AKG_REDUCE_CHECK(PairReduceSum, T, T);
    akg::sim::VecReducePair<T>(akg::sim::ReduceOp::PairReduceSum, dst.Data(), src.Data(),
                               akg::sim::MaskShape(isSetMask, uint64_t(uint32_t(mask)), 1), repeatTime, dstRepStride,
                               srcBlkStride, srcRepStride, AKG_CALLER);
}
template <typename T, bool isSetMask = true>
AKG_API void PairReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                           const uint64_t mask[], const int32_t dstRepStride, const int32_t srcBlkStride,
                           const int32_t srcRepStride) {
    AKG_REDUCE_CHECK(PairReduceSum, T, T);
    akg::sim::VecReducePair<T>(akg::sim::ReduceOp::PairReduceSum, dst.Data(), src.Data(), akg::sim::MaskShape(isSetMask, mask, 1),
                               repeatTime, dstRepStride, srcBlkStride, srcRepStride, AKG_CALLER);
}

// ---- ReduceSum / ReduceMax / ReduceMin over everything ----
template <typename T, bool isSetMask = true>
AKG_API void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
                       const int32_t count) {
    AKG_REDUCE_CHECK(ReduceSum, T, T);
    akg::sim::VecShape s = akg::sim::CountShape(uint64_t(uint32_t(count)));
    if (!isSetMask) s = akg::sim::MaskShape(false, uint64_t(0), 1);
    akg::sim::VecReduceAll<T>(akg::sim::ReduceOp::ReduceSum, akg::sim::RedKind::Sum, dst.Data(), src.Data(), sharedTmpBuffer.Data(),
                              sharedTmpBuffer.GetSize(), s, 0, 8, false, AKG_CALLER);
}
template <typename T>
AKG_API void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
                       const int32_t mask, const int32_t repeatTime, const int32_t srcRepStride) {
    AKG_REDUCE_CHECK(ReduceSum, T, T);
    akg::sim::VecReduceAll<T>(akg::sim::ReduceOp::ReduceSum, akg::sim::RedKind::Sum, dst.Data(), src.Data(), sharedTmpBuffer.Data(),
                              sharedTmpBuffer.GetSize(), akg::sim::MaskShape(true, uint64_t(uint32_t(mask)), 1),
                              repeatTime, srcRepStride, false, AKG_CALLER);
}
template <typename T>
AKG_API void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
                       const uint64_t mask[], const int32_t repeatTime, const int32_t srcRepStride) {
    AKG_REDUCE_CHECK(ReduceSum, T, T);
    akg::sim::VecReduceAll<T>(akg::sim::ReduceOp::ReduceSum, akg::sim::RedKind::Sum, dst.Data(), src.Data(), sharedTmpBuffer.Data(),
                              sharedTmpBuffer.GetSize(), akg::sim::MaskShape(true, mask, 1), repeatTime, srcRepStride,
                              false, AKG_CALLER);
}

#define AKG_REDUCE_MAXMIN_API(NAME, KIND)                                                                         \
    template <typename T>                                                                                         \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer, \
                      const int32_t count, bool calIndex = 0) {                                                   \
        AKG_REDUCE_CHECK(NAME, T, T);                                                                            \
        akg::sim::VecReduceAll<T>(akg::sim::ReduceOp::NAME, akg::sim::RedKind::KIND, dst.Data(), src.Data(), sharedTmpBuffer.Data(), \
                                  sharedTmpBuffer.GetSize(), akg::sim::CountShape(uint64_t(uint32_t(count))), 0, 8, \
                                  calIndex, AKG_CALLER);                                                          \
    }                                                                                                             \
    template <typename T>                                                                                         \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer, \
                      const int32_t mask, const int32_t repeatTime, const int32_t srcRepStride, bool calIndex = 0) { \
        AKG_REDUCE_CHECK(NAME, T, T);                                                                            \
        akg::sim::VecReduceAll<T>(akg::sim::ReduceOp::NAME, akg::sim::RedKind::KIND, dst.Data(), src.Data(), sharedTmpBuffer.Data(), \
                                  sharedTmpBuffer.GetSize(), akg::sim::MaskShape(true, uint64_t(uint32_t(mask)), 1), \
                                  repeatTime, srcRepStride, calIndex, AKG_CALLER);                                \
    }                                                                                                             \
    template <typename T>                                                                                         \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer, \
                      const uint64_t mask[], const int32_t repeatTime, const int32_t srcRepStride,                \
                      bool calIndex = 0) {                                                                        \
        AKG_REDUCE_CHECK(NAME, T, T);                                                                            \
        akg::sim::VecReduceAll<T>(akg::sim::ReduceOp::NAME, akg::sim::RedKind::KIND, dst.Data(), src.Data(), sharedTmpBuffer.Data(), \
                                  sharedTmpBuffer.GetSize(), akg::sim::MaskShape(true, mask, 1), repeatTime,      \
                                  srcRepStride, calIndex, AKG_CALLER);                                            \
    }
AKG_REDUCE_MAXMIN_API(ReduceMax, Max)
AKG_REDUCE_MAXMIN_API(ReduceMin, Min)
#undef AKG_REDUCE_MAXMIN_API
#undef AKG_REDUCE_CHECK

// ---- Special registers (read by the scalar unit) ----
template <typename T>
AKG_API T GetReduceRepeatSumSpr() {
    static_assert(akg::sim::kReduceAccepts<akg::sim::ReduceOp::RepeatReduceSum, T>, "GetReduceRepeatSumSpr: data type not supported (half, float)");
    return akg::sim::BitsAs<T>(akg::sim::ReadAccVal("GetReduceRepeatSumSpr", AKG_CALLER));
}
// CANN 8.x name; the untyped form returns the raw 64-bit register.
template <typename T>
AKG_API T GetAccVal() {
    static_assert(akg::sim::kReduceAccepts<akg::sim::ReduceOp::ReduceSum, T>, "GetAccVal: data type not supported (half, float)");
    return akg::sim::BitsAs<T>(akg::sim::ReadAccVal("GetAccVal", AKG_CALLER));
}
AKG_API inline int64_t GetAccVal() { return int64_t(akg::sim::ReadAccVal("GetAccVal", AKG_CALLER)); }

// The value is in the low 16/32 bits of MAX_MIN_CNT and the index in the high 32 bits; each is
// returned in the bits of a T (the index must be reinterpreted as an integer).
#define AKG_MAXMIN_SPR_API(NAME)                                                                          \
    template <typename T>                                                                                 \
    AKG_API void NAME(T& maxMinValue, T& maxMinIndex) {                                                   \
        static_assert(akg::sim::kReduceAccepts<akg::sim::ReduceOp::ReduceMax, T>, #NAME ": data type not supported (half, float)");         \
        const uint64_t r = akg::sim::ReadMaxMinCnt(#NAME, AKG_CALLER);                                    \
        maxMinValue = akg::sim::BitsAs<T>(r & (sizeof(T) == 2 ? 0xffffull : 0xffffffffull));              \
        maxMinIndex = akg::sim::BitsAs<T>(r >> 32);                                                       \
    }                                                                                                     \
    template <typename T>                                                                                 \
    AKG_API void NAME(T& maxMinValue) {                                                                   \
        (void)maxMinValue;                                                                                \
        akg::sim::ReportUnsupported(#NAME, "the single-output form (value only) is not available on A2/A3; " \
                                           "use " #NAME "(value, index)", AKG_CALLER);                    \
    }
AKG_MAXMIN_SPR_API(GetReduceRepeatMaxMinSpr)
AKG_MAXMIN_SPR_API(GetReduceMaxMinCount)
#undef AKG_MAXMIN_SPR_API

// CANN 8.x also offered the raw bits as uint32_t.
template <typename T>
AKG_API void GetReduceMaxMinCount(uint32_t& maxMinValue, uint32_t& maxMinIndex) {
    const uint64_t r = akg::sim::ReadMaxMinCnt("GetReduceMaxMinCount", AKG_CALLER);
    maxMinValue = uint32_t(r & (sizeof(T) == 2 ? 0xffffull : 0xffffffffull));
    maxMinIndex = uint32_t(r >> 32);
}

}  // namespace AscendC
