// Platform queries of opbase's host utilities (`op_common/op_host/util/platform_util.h`,
// reached as `util/platform_util.h`), namespace Ops::Base; each takes a tiling or tiling-parse
// context and reads the platform the run simulates. 0 (with an error in the log) when the
// context or its platform is missing.
#pragma once

#include <cstdint>
#include <type_traits>

#include "exe_graph/runtime/tiling_context.h"
#include "exe_graph/runtime/tiling_parse_context.h"
#include "op_common/log/log.h"
#include "tiling/platform/platform_ascendc.h"

namespace Ops {
namespace Base {
namespace detail {
template <typename T>
constexpr bool IsPlatformContext() {
    using C = typename std::remove_const<T>::type;
    return std::is_same<C, gert::TilingParseContext>::value || std::is_same<C, gert::TilingContext>::value;
}
template <typename T>
fe::PlatFormInfos* PlatformOf(const T* context, const char* what) {
    static_assert(IsPlatformContext<T>(), "context should be gert::TilingParseContext or gert::TilingContext");
    if (context == nullptr) return ::akg::host::HostLog("E", what, "context is nullptr"), nullptr;
    fe::PlatFormInfos* info = context->GetPlatformInfo();
    if (info == nullptr) ::akg::host::HostLog("E", what, "platformInfoPtr is nullptr");
    return info;
}
}  // namespace detail

template <typename T>
uint32_t GetAivCoreNum(const T* context) {
    fe::PlatFormInfos* info = detail::PlatformOf(context, "GetAivCoreNum");
    return info ? platform_ascendc::PlatformAscendC(info).GetCoreNumAiv() : 0;
}
template <typename T>
uint32_t GetAicCoreNum(const T* context) {
    fe::PlatFormInfos* info = detail::PlatformOf(context, "GetAicCoreNum");
    return info ? platform_ascendc::PlatformAscendC(info).GetCoreNumAic() : 0;
}
template <typename T>
uint32_t GetUbSize(const T* context) {
    fe::PlatFormInfos* info = detail::PlatformOf(context, "GetUbSize");
    if (!info) return 0;
    uint64_t ub = 0;
    platform_ascendc::PlatformAscendC(info).GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
    return static_cast<uint32_t>(ub);
}
template <typename T>
uint32_t GetWorkspaceSize(const T* context) {
    fe::PlatFormInfos* info = detail::PlatformOf(context, "GetWorkspaceSize");
    return info ? platform_ascendc::PlatformAscendC(info).GetLibApiWorkSpaceSize() : 0;
}
// Constants of the Atlas A2/A3 vector unit, in bytes (opbase returns them without a query).
template <typename T>
uint32_t GetUbBlockSize(const T*) { return 32U; }
template <typename T>
uint32_t GetVRegSize(const T*) { return 256U; }
template <typename T>
uint32_t GetCacheLineSize(const T*) { return 256U; }
template <typename T>
uint32_t GetSectorCacheLineSize(const T* context) { return GetCacheLineSize(context) / 2U; }

}  // namespace Base
}  // namespace Ops
