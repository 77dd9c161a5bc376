// Kernel-side tiling: TILING_KEY_IS dispatch and the kernel-type declaration. GET_TILING_DATA
// and the tiling structs themselves are generated per operator by the builder, as CANN's
// build does, into the header that `kernel_tiling/kernel_tiling.h` includes.
#pragma once

#include "akg/sim.h"

namespace akg::sim {
void DeclareKernelType(int32_t type);
void CopyTilingData(void* dst, const uint8_t* tiling, uint32_t bytes);
}  // namespace akg::sim

enum KernelMetaType : int32_t {
    KERNEL_TYPE_AIV_ONLY = 0,
    KERNEL_TYPE_AIC_ONLY,
    KERNEL_TYPE_MIX_AIV_1_0,
    KERNEL_TYPE_MIX_AIC_1_0,
    KERNEL_TYPE_MIX_AIC_1_1,
    KERNEL_TYPE_MIX_AIC_1_2,
    KERNEL_TYPE_AICORE,
    KERNEL_TYPE_VECTORCORE,
    KERNEL_TYPE_MIX_AICORE,
    KERNEL_TYPE_MIX_VECTOR_CORE,
    KERNEL_TYPE_MAX,
};

#define TILING_KEY_IS(k) (::akg::sim::TilingKey() == static_cast<uint64_t>(k))
#define KERNEL_TASK_TYPE_DEFAULT(type) ::akg::sim::DeclareKernelType(static_cast<int32_t>(type))
#define KERNEL_TASK_TYPE(key, type)

// Copies the raw tiling bytes into a struct of the given type.
#define GET_TILING_DATA_WITH_STRUCT(tiling_struct, tiling_data, tiling_arg) \
    tiling_struct tiling_data;                                              \
    ::akg::sim::CopyTilingData(&tiling_data, (const uint8_t*)(tiling_arg), sizeof(tiling_struct))
#define GET_TILING_DATA_PTR_WITH_STRUCT(tiling_struct, dst_ptr, tiling_ptr) \
    const tiling_struct* dst_ptr = reinterpret_cast<const tiling_struct*>(tiling_ptr)
#define GET_TILING_DATA_MEMBER(tiling_type, member, var, tiling)                              \
    decltype(((tiling_type*)0)->member) var;                                                  \
    ::akg::sim::CopyTilingData(&var, (const uint8_t*)(tiling) + __builtin_offsetof(tiling_type, member), \
                               sizeof(var))
