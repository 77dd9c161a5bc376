// DataCopy / DataCopyPad: the DMA engines (MTE2 into the core, MTE3 out of it, V for UB->UB).
#pragma once

#include "basic_api/kernel_struct_data_copy.h"
#include "basic_api/kernel_tensor.h"

namespace akg::sim {

// One description serves every block-strided copy: block i of `blockBytes` starts at
// src + i * (blockBytes + srcGap) and lands at dst + i * (blockBytes + dstGap). `requestedBytes`
// is what the caller asked for per block; the hardware moves whole `lenAlign` units of it.
// Which public API a block-strided copy is: DataCopy takes its row from its direction
// (DataCopyRow); the CCE intrinsic copy_ubuf_to_ubuf is one row of its own.
enum class DmaApi : uint8_t { DataCopy, CopyUbufToUbuf };
struct DmaSpec {
    DmaApi api;
    Mem dstMem;
    void* dst;
    Mem srcMem;
    const void* src;
    DType dtype;
    uint32_t blockCount;
    uint64_t blockBytes;
    uint64_t srcGap;
    uint64_t dstGap;
    uint16_t dstAlign;
    uint16_t srcAlign;
    uint16_t lenAlign;
};
void DmaCopy(const DmaSpec& spec, const void* caller);

// GM -> UB with padding: each block is laid out in UB as [left pad][data][right pad][dummy] and
// rounded up to 32 bytes; `padValue` points at one element, or is null for "unspecified".
struct DmaPadInSpec {
    void* dst;
    const void* src;
    DType dtype;
    uint32_t elemSize;
    uint32_t blockCount;
    uint64_t blockBytes;
    uint64_t srcGapBytes;
    uint64_t dstGapBlocks;
    uint32_t leftPad;
    uint32_t rightPad;
    bool isPad;
    uint64_t padBits;  // padding value as raw bits when isPad
    // Ascend 950's PaddingMode::Compact: the blocks land back to back in UB (block i at
    // dst + left pad + i * (blockBytes + dstGapBlocks * 32)), the right pad follows the last one and
    // only the end of the whole transfer is rounded up to 32 bytes.
    bool compact = false;
};
void DmaPadIn(const DmaPadInSpec& spec, Mem dstMem, const void* caller);

// UB -> GM unaligned: block i is read from src + i * (align32(blockBytes) + srcGapBlocks * 32)
// (Compact: src + i * (blockBytes + srcGapBlocks * 32)) and written to dst + i * (blockBytes + dstGapBytes).
void DmaPadOut(void* dst, const void* src, DType dtype, uint32_t blockCount, uint64_t blockBytes,
               uint64_t srcGapBlocks, uint64_t dstGapBytes, Mem srcMem, const void* caller, bool compact = false);

// Ascend 950's DMA loop registers, one set per direction (SetLoopModePara): while set, every
// DataCopyPad of that direction runs size2 x size1 times, iteration (j2, j1) shifted by
// j2 * stride2 + j1 * stride1 bytes on each side. Reset restores one iteration.
struct DmaLoop {
    uint32_t size1 = 1, size2 = 1;
    uint64_t src1 = 0, dst1 = 0, src2 = 0, dst2 = 0;
};
void SetDmaLoop(bool outToUb, const DmaLoop& loop, const void* caller);
void ResetDmaLoop(bool outToUb, const void* caller);

void SetPadValueBits(uint64_t bits, uint32_t elemSize);

// DataCopy with SliceInfo (GM <-> UB, src/sim/data_copy.cpp): the slices of src, in row-major
// order, land on the slices of dst; a software-composed API, one DMA burst per slice.
struct DmaSliceSpec {
    Mem dstMem;
    void* dst;
    Mem srcMem;
    const void* src;
    DType dtype;
    uint32_t elemSize;
    const AscendC::SliceInfo* dstInfo;
    const AscendC::SliceInfo* srcInfo;
    uint32_t dimValue;
};
void DmaSliceCopy(const DmaSliceSpec& spec, const void* caller);

// GM -> L1 with ND -> NZ conversion (src/sim/cube_load.cpp).
void DmaNd2Nz(Mem dstMem, void* dst, const void* src, DType dtype, const AscendC::Nd2NzParams& p,
              const void* caller);
// L1 -> bias table (BT, TPosition C2): blockLen counts 64-byte units of the source, dstGap 64-byte
// units of the destination; half sources widen to float on the way.
void DmaToBiasTable(void* dst, DType dstType, Mem srcMem, const void* src, DType srcType,
                    const AscendC::DataCopyParams& p, const void* caller);
// L1 -> fixpipe buffer (FB, TPosition C2PIPE2GM), the scales DataCopy from L0C reads: blockLen
// counts 128-byte units, srcGap 32-byte units and dstGap 128-byte units, both head to head.
void DmaToFixpipeBuffer(void* dst, Mem srcMem, const void* src, const AscendC::DataCopyParams& p, const void* caller);
// DataCopy with DataCopyEnhancedParams between local tensors (src/sim/cube_fixpipe.cpp): from L0C
// (CO1) to UB (CO2) it is Atlas inference's way out of L0C, on the vector unit, in whole 16x16
// fractals (BLOCK_MODE_MATRIX) or 16-element rows (BLOCK_MODE_VECTOR), with deqScale and ReLU;
// between other positions it is the plain copy (elements of dstType).
struct LocalCopySpec {
    Mem dstMem;
    void* dst;
    DType dstType;
    Mem srcMem;
    const void* src;
    DType srcType;
};
void DmaEnhancedLocal(const LocalCopySpec& spec, const AscendC::DataCopyParams& p,
                      const AscendC::DataCopyEnhancedParams& e, const void* caller);

}  // namespace akg::sim

namespace AscendC {

namespace detail {
template <typename T>
constexpr bool kIsB64 = sizeof(T) == 8;

template <typename T>
__aicore__ inline akg::sim::DmaSpec ContiguousCopy(akg::sim::Mem dm, void* d, akg::sim::Mem sm,
                                                   const void* s, uint64_t count, uint16_t dstAlign,
                                                   uint16_t srcAlign) {
    return akg::sim::DmaSpec{akg::sim::DmaApi::DataCopy, dm, d, sm, s, akg::sim::DTypeOf<T>(), 1, count * sizeof(T), 0, 0,
                             dstAlign, srcAlign, ONE_BLK_SIZE};
}
// Block-strided local -> GM (DataCopyParams: lengths and gaps in 32-byte blocks).
template <typename T>
__aicore__ inline akg::sim::DmaSpec StridedCopyOut(void* gm, akg::sim::Mem srcMem, const void* src,
                                                   const DataCopyParams& p) {
    return akg::sim::DmaSpec{akg::sim::DmaApi::DataCopy, akg::sim::Mem::GM, gm, srcMem, src, akg::sim::DTypeOf<T>(), p.blockCount,
                             uint64_t(p.blockLen) * ONE_BLK_SIZE, uint64_t(p.srcStride) * ONE_BLK_SIZE,
                             uint64_t(p.dstStride) * ONE_BLK_SIZE, sizeof(T), ONE_BLK_SIZE, 1};
}
template <typename T>
__aicore__ inline uint64_t PadBits(T v) {
    uint64_t bits = 0;
    __builtin_memcpy(&bits, &v, sizeof(T) < 8 ? sizeof(T) : 8);
    return bits;
}
}  // namespace detail

// ---- contiguous: count elements, count * sizeof(T) must be a multiple of 32 bytes ----
template <typename T>
AKG_API void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count) {
    akg::sim::DmaCopy(detail::ContiguousCopy<T>(akg::sim::MemOf(TPosition(dst.GetPosition())),
                                                 dst.Data(), akg::sim::Mem::GM, src.GetPhyAddr(), count,
                                                 ONE_BLK_SIZE, sizeof(T)),
                      AKG_CALLER);
}
template <typename T>
AKG_API void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {
    akg::sim::DmaCopy(detail::ContiguousCopy<T>(akg::sim::Mem::GM, dst.GetPhyAddr(0),
                                                 akg::sim::MemOf(TPosition(src.GetPosition())), src.Data(),
                                                 count, sizeof(T), ONE_BLK_SIZE),
                      AKG_CALLER);
}
template <typename T>
AKG_API void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {
    akg::sim::DmaCopy(detail::ContiguousCopy<T>(akg::sim::MemOf(TPosition(dst.GetPosition())),
                                                 dst.Data(), akg::sim::MemOf(TPosition(src.GetPosition())),
                                                 src.Data(), count, ONE_BLK_SIZE, ONE_BLK_SIZE),
                      AKG_CALLER);
}

// ---- block-strided: lengths and gaps in 32-byte data blocks ----
template <typename T>
AKG_API void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p) {
    akg::sim::DmaCopy({akg::sim::DmaApi::DataCopy, akg::sim::MemOf(TPosition(dst.GetPosition())), dst.Data(), akg::sim::Mem::GM,
                       src.GetPhyAddr(), akg::sim::DTypeOf<T>(), p.blockCount, uint64_t(p.blockLen) * ONE_BLK_SIZE,
                       uint64_t(p.srcStride) * ONE_BLK_SIZE, uint64_t(p.dstStride) * ONE_BLK_SIZE, ONE_BLK_SIZE,
                       sizeof(T), 1},
                      AKG_CALLER);
}
template <typename T>
AKG_API void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
    akg::sim::DmaCopy(
        detail::StridedCopyOut<T>(dst.GetPhyAddr(0), akg::sim::MemOf(TPosition(src.GetPosition())), src.Data(), p),
        AKG_CALLER);
}
// The raw-pointer UB -> GM copy behind that form, which CANN's own operators call directly.
template <typename T>
AKG_API void DataCopyUB2GMImpl(__gm__ T* dst, __ubuf__ T* src, const DataCopyParams& intriParams) {
    akg::sim::DmaCopy(detail::StridedCopyOut<T>(dst, akg::sim::Mem::UB, src, intriParams), AKG_CALLER);
}
template <typename T>
AKG_API void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
    if (TPosition(dst.GetPosition()) == TPosition::C2) {
        akg::sim::DmaToBiasTable(dst.Data(), akg::sim::DTypeOf<T>(), akg::sim::MemOf(TPosition(src.GetPosition())),
                                 src.Data(), akg::sim::DTypeOf<T>(), p, AKG_CALLER);
        return;
    }
    if (TPosition(dst.GetPosition()) == TPosition::C2PIPE2GM) {
        akg::sim::DmaToFixpipeBuffer(dst.Data(), akg::sim::MemOf(TPosition(src.GetPosition())), src.Data(), p,
                                     AKG_CALLER);
        return;
    }
    akg::sim::DmaCopy({akg::sim::DmaApi::DataCopy, akg::sim::MemOf(TPosition(dst.GetPosition())), dst.Data(),
                       akg::sim::MemOf(TPosition(src.GetPosition())), src.Data(), akg::sim::DTypeOf<T>(),
                       p.blockCount, uint64_t(p.blockLen) * ONE_BLK_SIZE, uint64_t(p.srcStride) * ONE_BLK_SIZE,
                       uint64_t(p.dstStride) * ONE_BLK_SIZE, ONE_BLK_SIZE, ONE_BLK_SIZE, 1},
                      AKG_CALLER);
}
// Enhanced-parameter forms: the enhancements (dequant, relu) are cube/310 features not modelled;
// the copy itself is identical.
template <typename T>
AKG_API void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
                      const DataCopyEnhancedParams&) {
    akg::sim::DmaCopy({akg::sim::DmaApi::DataCopy, akg::sim::MemOf(TPosition(dst.GetPosition())), dst.Data(), akg::sim::Mem::GM,
                       src.GetPhyAddr(), akg::sim::DTypeOf<T>(), p.blockCount, uint64_t(p.blockLen) * ONE_BLK_SIZE,
                       uint64_t(p.srcStride) * ONE_BLK_SIZE, uint64_t(p.dstStride) * ONE_BLK_SIZE, ONE_BLK_SIZE,
                       sizeof(T), 1},
                      AKG_CALLER);
}
template <typename T>
AKG_API void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p,
                      const DataCopyEnhancedParams&) {
    akg::sim::DmaCopy(
        detail::StridedCopyOut<T>(dst.GetPhyAddr(0), akg::sim::MemOf(TPosition(src.GetPosition())), src.Data(), p),
        AKG_CALLER);
}

// Local -> local with enhancements: L0C (CO1) -> UB (CO2) on Atlas inference AI Core (310P);
// elsewhere the plain copy.
template <typename T, typename U>
AKG_API void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyParams& p,
                      const DataCopyEnhancedParams& e) {
    akg::sim::DmaEnhancedLocal({akg::sim::MemOf(TPosition(dst.GetPosition())), dst.Data(), akg::sim::DTypeOf<T>(),
                                akg::sim::MemOf(TPosition(src.GetPosition())), src.Data(), akg::sim::DTypeOf<U>()},
                               p, e, AKG_CALLER);
}

// ---- the cube's input path ----
// GM -> L1 (A1/B1) converting ND rows to NZ fractals.
template <typename T>
AKG_API void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Nd2NzParams& intriParams) {
    akg::sim::DmaNd2Nz(akg::sim::MemOf(TPosition(dst.GetPosition())), dst.Data(), src.GetPhyAddr(),
                       akg::sim::DTypeOf<T>(), intriParams, AKG_CALLER);
}
// L1 (C1) -> bias table (C2) with a type change (half -> float).
template <typename T, typename U, typename std::enable_if<!std::is_same<T, U>::value, bool>::type = true>
AKG_API void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyParams& p) {
    akg::sim::DmaToBiasTable(dst.Data(), akg::sim::DTypeOf<T>(), akg::sim::MemOf(TPosition(src.GetPosition())),
                             src.Data(), akg::sim::DTypeOf<U>(), p, AKG_CALLER);
}

// ---- DataCopyPad: byte-granular lengths, GM gaps in bytes, UB gaps in data blocks ----
// The PaddingMode argument is Ascend 950's (Compact is SOC_UNSUPPORTED elsewhere).
template <typename T, PaddingMode mode = PaddingMode::Normal>
AKG_API void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& p,
                         const DataCopyPadExtParams<T>& pad) {
    akg::sim::DmaPadIn({dst.Data(), src.GetPhyAddr(), akg::sim::DTypeOf<T>(), sizeof(T), p.blockCount, p.blockLen,
                        p.srcStride, p.dstStride, pad.leftPadding, pad.rightPadding, pad.isPad,
                        detail::PadBits<T>(pad.paddingValue), mode == PaddingMode::Compact},
                       akg::sim::MemOf(TPosition(dst.GetPosition())), AKG_CALLER);
}
template <typename T, PaddingMode mode = PaddingMode::Normal>
AKG_API void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
                         const DataCopyPadParams& pad) {
    akg::sim::DmaPadIn({dst.Data(), src.GetPhyAddr(), akg::sim::DTypeOf<T>(), sizeof(T), p.blockCount, p.blockLen,
                        p.srcStride, p.dstStride, pad.leftPadding, pad.rightPadding, pad.isPad, pad.paddingValue,
                        mode == PaddingMode::Compact},
                       akg::sim::MemOf(TPosition(dst.GetPosition())), AKG_CALLER);
}
template <typename T, PaddingMode mode = PaddingMode::Normal>
AKG_API void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& p) {
    akg::sim::DmaPadOut(dst.GetPhyAddr(0), src.Data(), akg::sim::DTypeOf<T>(), p.blockCount, p.blockLen, p.srcStride,
                        p.dstStride, akg::sim::MemOf(TPosition(src.GetPosition())), AKG_CALLER,
                        mode == PaddingMode::Compact);
}
template <typename T, PaddingMode mode = PaddingMode::Normal>
AKG_API void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
    akg::sim::DmaPadOut(dst.GetPhyAddr(0), src.Data(), akg::sim::DTypeOf<T>(), p.blockCount, p.blockLen, p.srcStride,
                        p.dstStride, akg::sim::MemOf(TPosition(src.GetPosition())), AKG_CALLER,
                        mode == PaddingMode::Compact);
}

// Ascend 950's DMA loop mode: the next DataCopyPads of the direction `type` (GM -> VECIN/VECOUT or
// VECOUT -> GM) run loop2Size x loop1Size times at the strides given, until ResetLoopModePara.
AKG_API inline void SetLoopModePara(const LoopModeParams& loopParams, DataCopyMVType type) {
    akg::sim::SetDmaLoop(type == DataCopyMVType::OUT_TO_UB,
                         {loopParams.loop1Size, loopParams.loop2Size, loopParams.loop1SrcStride,
                          loopParams.loop1DstStride, loopParams.loop2SrcStride, loopParams.loop2DstStride},
                         AKG_CALLER);
}
AKG_API inline void ResetLoopModePara(DataCopyMVType type) {
    akg::sim::ResetDmaLoop(type == DataCopyMVType::OUT_TO_UB, AKG_CALLER);
}

// The raw-pointer forms of CANN's implementation layer (impl/basic_api/dav_c220), which operator
// code calls directly to move a type the tensor forms do not take as another (ops-transformer's
// MoE kernels copy int64 data as int32): UB on the local side.
template <typename T>
AKG_API void DataCopyPadGm2UBImpl(__ubuf__ T* dst, __gm__ T* src, const DataCopyExtParams& p,
                                  const DataCopyPadExtParams<T>& pad) {
    akg::sim::DmaPadIn({dst, src, akg::sim::DTypeOf<T>(), sizeof(T), p.blockCount, p.blockLen, p.srcStride,
                        p.dstStride, pad.leftPadding, pad.rightPadding, pad.isPad,
                        detail::PadBits<T>(pad.paddingValue)},
                       akg::sim::Mem::UB, AKG_CALLER);
}
template <typename T>
AKG_API void DataCopyPadGm2UBImpl(__ubuf__ T* dst, __gm__ T* src, const DataCopyParams& p,
                                  const DataCopyPadParams& pad) {
    akg::sim::DmaPadIn({dst, src, akg::sim::DTypeOf<T>(), sizeof(T), p.blockCount, p.blockLen, p.srcStride,
                        p.dstStride, pad.leftPadding, pad.rightPadding, pad.isPad, pad.paddingValue},
                       akg::sim::Mem::UB, AKG_CALLER);
}
template <typename T>
AKG_API void DataCopyPadUB2GMImpl(__gm__ T* dst, __ubuf__ T* src, const DataCopyExtParams& p) {
    akg::sim::DmaPadOut(dst, src, akg::sim::DTypeOf<T>(), p.blockCount, p.blockLen, p.srcStride, p.dstStride,
                        akg::sim::Mem::UB, AKG_CALLER);
}
template <typename T>
AKG_API void DataCopyPadUB2GMImpl(__gm__ T* dst, __ubuf__ T* src, const DataCopyParams& p) {
    akg::sim::DmaPadOut(dst, src, akg::sim::DTypeOf<T>(), p.blockCount, p.blockLen, p.srcStride, p.dstStride,
                        akg::sim::Mem::UB, AKG_CALLER);
}

// ---- sliced: sub-blocks of a multi-dimensional tensor (at most 8 dimensions) ----
template <typename T>
AKG_API void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const SliceInfo dstSliceInfo[],
                      const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1) {
    akg::sim::DmaSliceCopy({akg::sim::MemOf(TPosition(dst.GetPosition())), dst.Data(), akg::sim::Mem::GM,
                            src.GetPhyAddr(), akg::sim::DTypeOf<T>(), sizeof(T), dstSliceInfo, srcSliceInfo,
                            dimValue},
                           AKG_CALLER);
}
template <typename T>
AKG_API void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const SliceInfo dstSliceInfo[],
                      const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1) {
    akg::sim::DmaSliceCopy({akg::sim::Mem::GM, dst.GetPhyAddr(0), akg::sim::MemOf(TPosition(src.GetPosition())),
                            src.Data(), akg::sim::DTypeOf<T>(), sizeof(T), dstSliceInfo, srcSliceInfo, dimValue},
                           AKG_CALLER);
}

// Pad value used by DataCopyPad when isPad is false.
template <typename T>
__aicore__ inline void SetPadValue(T paddingValue) {
    akg::sim::SetPadValueBits(detail::PadBits<T>(paddingValue), sizeof(T));
}

}  // namespace AscendC
