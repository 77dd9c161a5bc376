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
    const uint64_t* deqTensor;  // per-column scales in L1 (VDEQF16 / VQF322B8_PRE / VREQ8), or null
};
void CubeFixpipe(const FixpipeSpec& s, const AscendC::FixpipeParamsV220& p, const void* caller);

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

}  // namespace AscendC
