// The cube's data loads and matrix multiply: LoadData (2D and 3D) and LoadDataWithTranspose from
// L1 (or GM) into L0A/L0B, and Mmad (L0A x L0B -> L0C, optionally starting from a bias in BT).
// Layouts (Atlas A2): L0A holds A (m x k) as Zz fractals of 16 x K0, L0B holds B (k x n) as Zn
// fractals of K0 x 16, L0C holds C (m x n) as Nz fractals of 16 x 16, K0 = 32 bytes / sizeof(T).
#pragma once

#include "basic_api/kernel_operator_data_copy_intf.h"
#include "basic_api/kernel_struct_mm.h"
#include "basic_api/kernel_tensor.h"

namespace akg::sim {

void CubeLoad2D(Mem dstMem, void* dst, Mem srcMem, const void* src, DType dtype,
                const AscendC::LoadData2DParams& p, const void* caller);
void CubeLoad2DTranspose(Mem dstMem, void* dst, Mem srcMem, const void* src, DType dtype,
                         const AscendC::LoadData2dTransposeParams& p, const void* caller);

// LoadData3DParamsV2 without its element type: the padding value travels as raw bits.
struct Load3DSpec {
    uint8_t padList[4];
    uint16_t l1H, l1W, channelSize, kExtension, mExtension, kStartPt, mStartPt;
    uint8_t strideW, strideH, filterW, filterH, dilationFilterW, dilationFilterH;
    bool enTranspose, enSmallK, filterSizeW, filterSizeH, fMatrixCtrl;
    uint64_t padBits;
    bool setFmatrix, setPadding;  // IsResetLoad3dConfig
};
void CubeLoad3D(Mem dstMem, void* dst, Mem srcMem, const void* src, DType dtype, const Load3DSpec& p,
                const void* caller);
// The registers LoadData 3D reads (SetFmatrix, SetLoadDataPaddingValue, SetLoadDataRepeat,
// SetLoadDataBoundary).
void SetLoad3DFmatrix(uint16_t l1H, uint16_t l1W, const uint8_t padList[4], bool right, const void* caller);
void SetLoad3DPadding(uint64_t bits);
void SetLoad3DRepeat(const AscendC::LoadDataRepeatParam& p, const void* caller);
void SetLoad3DBoundary(uint32_t bytes, const void* caller);

// InitConstValue: `value` (elementBytes bytes) into repeatTimes x blockNum blocks of L1 or L0A/L0B.
void CubeInitConst(Mem dstMem, void* dst, const void* value, uint32_t elementBytes, uint16_t repeatTimes,
                   uint16_t blockNum, uint16_t dstGap, const void* caller);

struct MmadSpec {
    void* c;
    const void* a;
    const void* b;
    const void* bias;  // in BT, or null
    Mem cMem, aMem, bMem, biasMem;
    DType cType, abType, biasType;
};
void CubeMmad(const MmadSpec& s, const AscendC::MmadParams& p, const void* caller);

}  // namespace akg::sim

namespace AscendC {

template <typename T>
AKG_API void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParams& loadDataParams) {
    akg::sim::CubeLoad2D(akg::sim::MemOf(TPosition(dst.GetPosition())), dst.Data(),
                         akg::sim::MemOf(TPosition(src.GetPosition())), src.Data(), akg::sim::DTypeOf<T>(),
                         loadDataParams, AKG_CALLER);
}
template <typename T>
AKG_API void LoadData(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const LoadData2DParams& loadDataParams) {
    akg::sim::CubeLoad2D(akg::sim::MemOf(TPosition(dst.GetPosition())), dst.Data(), akg::sim::Mem::GM,
                         src.GetPhyAddr(), akg::sim::DTypeOf<T>(), loadDataParams, AKG_CALLER);
}

template <typename T>
AKG_API void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                   const LoadData2dTransposeParams& loadDataParams) {
    akg::sim::CubeLoad2DTranspose(akg::sim::MemOf(TPosition(dst.GetPosition())), dst.Data(),
                                  akg::sim::MemOf(TPosition(src.GetPosition())), src.Data(), akg::sim::DTypeOf<T>(),
                                  loadDataParams, AKG_CALLER);
}

// LoadData 3D (Load3D v2): img2col of an NC1HWC0 feature map in L1 into L0A (Zz, or with
// enTranspose the Zz of the transposed block) or L0B (Zn).
template <typename T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG, typename U = T,
          typename std::enable_if<std::is_same<T, U>::value, bool>::type = true>
AKG_API void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2<U>& loadDataParams) {
    const auto& p = loadDataParams;
    akg::sim::Load3DSpec s{{p.padList[0], p.padList[1], p.padList[2], p.padList[3]},
                           p.l1H, p.l1W, p.channelSize, p.kExtension, p.mExtension, p.kStartPt, p.mStartPt,
                           p.strideW, p.strideH, p.filterW, p.filterH, p.dilationFilterW, p.dilationFilterH,
                           p.enTranspose, p.enSmallK, p.filterSizeW, p.filterSizeH, p.fMatrixCtrl,
                           detail::PadBits<U>(p.padValue), defaultConfig.isSetFMatrix,
                           defaultConfig.isSetPadding};
    akg::sim::CubeLoad3D(akg::sim::MemOf(TPosition(dst.GetPosition())), dst.Data(),
                         akg::sim::MemOf(TPosition(src.GetPosition())), src.Data(), akg::sim::DTypeOf<T>(), s,
                         AKG_CALLER);
}

template <typename T>
AKG_API void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2Pro& loadDataParams) {
    const auto& p = loadDataParams;
    const uint64_t e = p.extConfig, f = p.filterConfig;
    akg::sim::Load3DSpec s{{0, 0, 0, 0}, 0, 0, p.channelSize,
                           uint16_t(e), uint16_t(e >> 16), uint16_t(e >> 32), uint16_t(e >> 48),
                           uint8_t(f), uint8_t(f >> 8), uint8_t(f >> 16), uint8_t(f >> 24), uint8_t(f >> 32),
                           uint8_t(f >> 40), p.enTranspose, p.enSmallK, p.filterSizeW, p.filterSizeH, p.fMatrixCtrl,
                           0, false, false};
    akg::sim::CubeLoad3D(akg::sim::MemOf(TPosition(dst.GetPosition())), dst.Data(),
                         akg::sim::MemOf(TPosition(src.GetPosition())), src.Data(), akg::sim::DTypeOf<T>(), s,
                         AKG_CALLER);
}

AKG_API inline void SetFmatrix(uint16_t l1H, uint16_t l1W, const uint8_t padList[PAD_SIZE], const FmatrixMode& fmatrixMode) {
    akg::sim::SetLoad3DFmatrix(l1H, l1W, padList, fmatrixMode == FmatrixMode::FMATRIX_RIGHT, AKG_CALLER);
}
template <typename T>
__aicore__ inline void SetLoadDataPaddingValue(const T padValue) {
    akg::sim::SetLoad3DPadding(detail::PadBits<T>(padValue));
}
AKG_API inline void SetLoadDataRepeat(const LoadDataRepeatParam& repeatParams) {
    akg::sim::SetLoad3DRepeat(repeatParams, AKG_CALLER);
}
AKG_API inline void SetLoadDataBoundary(uint32_t boundaryValue) { akg::sim::SetLoad3DBoundary(boundaryValue, AKG_CALLER); }

namespace detail {
// The documented combinations: (half|bfloat16_t) -> float, int8_t -> int32_t, float -> float.
template <typename Dst, typename Src>
constexpr bool kMmadTypes = (std::is_same_v<Dst, float> && akg::sim::kOneOf<Src, half, bfloat16_t, float>) ||
                            (std::is_same_v<Dst, int32_t> && std::is_same_v<Src, int8_t>);
template <typename Dst, typename Src, typename S>
__aicore__ inline akg::sim::MmadSpec MmadSpecOf(const LocalTensor<Dst>& dst, const LocalTensor<Src>& fm,
                                                const LocalTensor<Src>& filter, const S* bias, TPosition biasPos) {
    return akg::sim::MmadSpec{dst.Data(),
                              fm.Data(),
                              filter.Data(),
                              bias,
                              akg::sim::MemOf(TPosition(dst.GetPosition())),
                              akg::sim::MemOf(TPosition(fm.GetPosition())),
                              akg::sim::MemOf(TPosition(filter.GetPosition())),
                              akg::sim::MemOf(biasPos),
                              akg::sim::DTypeOf<Dst>(),
                              akg::sim::DTypeOf<Src>(),
                              akg::sim::DTypeOf<S>()};
}
}  // namespace detail

// Fills L1 (A1/B1) or L0A/L0B (A2/B2) with one value; the Atlas A2 form with all four fields.
template <typename T, typename U = T, std::enable_if_t<std::is_same_v<T, U>, bool> = true>
AKG_API void InitConstValue(const LocalTensor<T>& dst, const InitConstValueParams<U>& initConstValueParams) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t> ||
                      std::is_same_v<T, bfloat16_t> || std::is_same_v<T, float> || std::is_same_v<T, int32_t> ||
                      std::is_same_v<T, uint32_t>,
                  "InitConstValue: the data type is one of half, int16_t, uint16_t, bfloat16_t, float, int32_t, "
                  "uint32_t");
    const T value = initConstValueParams.initValue;
    akg::sim::CubeInitConst(akg::sim::MemOf(TPosition(dst.GetPosition())), dst.Data(), &value, sizeof(T),
                            initConstValueParams.repeatTimes, initConstValueParams.blockNum,
                            initConstValueParams.dstGap, AKG_CALLER);
}

// true: the cube produces L0C's fractals M-direction first; false: N first. A register setting:
// the results are the same either way, and the cost model times an Mmad by its fractal count.
__aicore__ inline void SetMMLayoutTransform(bool mmLayoutMode) { (void)mmLayoutMode; }

template <typename T, typename U, typename S>
AKG_API void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                  const MmadParams& mmadParams) {
    static_assert(std::is_same_v<U, S>, "Mmad: fm and filter must have the same data type");
    static_assert(detail::kMmadTypes<T, U>, "Mmad: unsupported data type combination");
    akg::sim::CubeMmad(detail::MmadSpecOf<T, U, T>(dst, fm, filter, nullptr, TPosition::C2), mmadParams, AKG_CALLER);
}
template <typename T, typename U, typename S, typename V>
AKG_API void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                  const LocalTensor<V>& bias, const MmadParams& mmadParams) {
    static_assert(std::is_same_v<U, S>, "Mmad: fm and filter must have the same data type");
    static_assert(detail::kMmadTypes<T, U>, "Mmad: unsupported data type combination");
    static_assert(std::is_same_v<V, T>, "Mmad: the bias must have the data type of the result");
    akg::sim::CubeMmad(detail::MmadSpecOf<T, U, V>(dst, fm, filter, bias.Data(), TPosition(bias.GetPosition())),
                       mmadParams, AKG_CALLER);
}

}  // namespace AscendC
