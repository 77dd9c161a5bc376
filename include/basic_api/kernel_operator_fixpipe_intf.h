// Fixpipe: moves a block of the cube's result out of L0C (NZ, float or int32_t) to GM or L1,
// converting NZ -> ND (CFG_ROW_MAJOR) or keeping NZ (CFG_NZ), casting or (de)quantising and
// applying ReLU on the way (Atlas A2, FixpipeParamsV220).
#pragma once

#include "basic_api/kernel_struct_fixpipe.h"
#include "basic_api/kernel_tensor.h"

namespace akg::sim {

struct FixpipeSpec {
    Mem dstMem;
    void* dst;
    const void* src;  // L0C
    Mem srcMem;
    DType dstType, srcType;
    bool nz;                   // CFG_NZ: keep the NZ layout
    const uint64_t* deqTensor;  // per-column scales (VDEQF16 / VQF322B8_PRE / VREQ8), or null
    Mem deqMem = Mem::L1;       // L1 for Fixpipe's workspace, FB for DataCopy's SetFixPipeConfig
};
void CubeFixpipe(const FixpipeSpec& s, const AscendC::FixpipeParamsV220& p, const void* caller);
// DataCopy from CO1 with DataCopyCO12DstParams: Fixpipe with the registers' scale and NZ2ND
// settings. `nz` and `deqTensor` of the spec are filled in from the parameters and registers.
void CubeCopyFromL0C(FixpipeSpec s, const AscendC::DataCopyCO12DstParams& p, const void* caller);
// The FIX pipe's registers.
void SetFixpipeQuantScalar(uint64_t config);
void SetFixpipeQuantTensor(Mem mem, const uint64_t* scales, const void* caller);
void SetFixpipeNz2nd(uint16_t ndNum, uint16_t srcNdStride, uint16_t dstNdStride, const void* caller);

}  // namespace akg::sim

namespace AscendC {

namespace detail {
template <typename T, typename U>
constexpr bool kFixpipeTypes =
    (std::is_same_v<U, float> && akg::sim::kOneOf<T, float, half, bfloat16_t, int8_t, uint8_t>) ||
    (std::is_same_v<U, int32_t> && akg::sim::kOneOf<T, int32_t, half, int8_t, uint8_t>);
}  // namespace detail

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
AKG_API void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& intriParams) {
    static_assert(detail::kFixpipeTypes<T, U>, "Fixpipe: unsupported data type combination");
    akg::sim::CubeFixpipe({akg::sim::Mem::GM, dst.GetPhyAddr(0), src.Data(), akg::sim::MemOf(TPosition(src.GetPosition())),
                           akg::sim::DTypeOf<T>(), akg::sim::DTypeOf<U>(), config.format == CO2Layout::NZ, nullptr},
                          intriParams, AKG_CALLER);
}
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR, typename S = uint64_t,
          typename std::enable_if<std::is_same<S, uint64_t>::value, bool>::type = true>
AKG_API void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<S>& cbufWorkspace,
                     const FixpipeParamsV220& intriParams) {
    static_assert(detail::kFixpipeTypes<T, U>, "Fixpipe: unsupported data type combination");
    akg::sim::CubeFixpipe({akg::sim::Mem::GM, dst.GetPhyAddr(0), src.Data(), akg::sim::MemOf(TPosition(src.GetPosition())),
                           akg::sim::DTypeOf<T>(), akg::sim::DTypeOf<U>(), config.format == CO2Layout::NZ,
                           cbufWorkspace.Data()},
                          intriParams, AKG_CALLER);
}
// L0C -> L1 (TPosition A1/B1/C1).
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
AKG_API void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& intriParams) {
    static_assert(detail::kFixpipeTypes<T, U>, "Fixpipe: unsupported data type combination");
    akg::sim::CubeFixpipe({akg::sim::MemOf(TPosition(dst.GetPosition())), dst.Data(), src.Data(),
                           akg::sim::MemOf(TPosition(src.GetPosition())), akg::sim::DTypeOf<T>(),
                           akg::sim::DTypeOf<U>(), config.format == CO2Layout::NZ, nullptr},
                          intriParams, AKG_CALLER);
}
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR, typename S = uint64_t,
          typename std::enable_if<std::is_same<S, uint64_t>::value, bool>::type = true>
AKG_API void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<S>& cbufWorkspace,
                     const FixpipeParamsV220& intriParams) {
    static_assert(detail::kFixpipeTypes<T, U>, "Fixpipe: unsupported data type combination");
    akg::sim::CubeFixpipe({akg::sim::MemOf(TPosition(dst.GetPosition())), dst.Data(), src.Data(),
                           akg::sim::MemOf(TPosition(src.GetPosition())), akg::sim::DTypeOf<T>(),
                           akg::sim::DTypeOf<U>(), config.format == CO2Layout::NZ, cbufWorkspace.Data()},
                          intriParams, AKG_CALLER);
}

// DataCopy L0C (CO1) -> GM / L1 with DataCopyCO12DstParams.
template <typename T, typename U>
AKG_API void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyCO12DstParams& intriParams) {
    static_assert(detail::kFixpipeTypes<T, U>, "DataCopy from CO1: unsupported data type combination");
    akg::sim::CubeCopyFromL0C({akg::sim::Mem::GM, dst.GetPhyAddr(0), src.Data(),
                               akg::sim::MemOf(TPosition(src.GetPosition())), akg::sim::DTypeOf<T>(),
                               akg::sim::DTypeOf<U>(), false, nullptr},
                              intriParams, AKG_CALLER);
}
template <typename T, typename U>
AKG_API void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyCO12DstParams& intriParams) {
    static_assert(detail::kFixpipeTypes<T, U>, "DataCopy from CO1: unsupported data type combination");
    akg::sim::CubeCopyFromL0C({akg::sim::MemOf(TPosition(dst.GetPosition())), dst.Data(), src.Data(),
                               akg::sim::MemOf(TPosition(src.GetPosition())), akg::sim::DTypeOf<T>(),
                               akg::sim::DTypeOf<U>(), false, nullptr},
                              intriParams, AKG_CALLER);
}

AKG_API inline void SetFixpipePreQuantFlag(uint64_t config) { akg::sim::SetFixpipeQuantScalar(config); }
AKG_API inline void SetFixpipeNz2ndFlag(uint16_t ndNum, uint16_t srcNdStride, uint16_t dstNdStride) {
    akg::sim::SetFixpipeNz2nd(ndNum, srcNdStride, dstNdStride, AKG_CALLER);
}
// The per-column scales (uint64_t) in the fixpipe buffer (TPosition C2PIPE2GM); a ReLU tensor
// is reserved for later use by CANN and ignored.
template <typename T>
AKG_API void SetFixPipeConfig(const LocalTensor<T>& reluPre, const LocalTensor<T>& quantPre, bool isUnitFlag = false) {
    static_assert(std::is_same_v<T, uint64_t>, "SetFixPipeConfig: the scale tensor holds uint64_t");
    (void)reluPre;
    (void)isUnitFlag;
    akg::sim::SetFixpipeQuantTensor(akg::sim::MemOf(TPosition(quantPre.GetPosition())), quantPre.Data(), AKG_CALLER);
}
// One tensor: the scales in the fixpipe buffer, or (to clear the unit flags only, isUnitFlag)
// an L0C tensor of any type, which the documentation allows for that form.
template <typename T, bool setRelu = false>
AKG_API void SetFixPipeConfig(const LocalTensor<T>& preData, bool isUnitFlag = false) {
    static_assert(!setRelu, "SetFixPipeConfig: only the quantisation tensor can be set (setRelu = false)");
    (void)isUnitFlag;
    const akg::sim::Mem mem = akg::sim::MemOf(TPosition(preData.GetPosition()));
    if constexpr (!std::is_same_v<T, uint64_t>) {
        if (mem != akg::sim::Mem::L0C)
            akg::sim::Report("CUBE_BAD_POSITION", AKG_CALLER, false,
                             "SetFixPipeConfig with a scale tensor of %u-byte elements: the scales are uint64_t in "
                             "the fixpipe buffer (only the unit-flag clear takes an L0C tensor of another type)",
                             unsigned(sizeof(T)));
        return;
    } else {
        akg::sim::SetFixpipeQuantTensor(mem, preData.Data(), AKG_CALLER);
    }
}

}  // namespace AscendC
