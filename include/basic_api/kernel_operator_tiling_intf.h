// Kernel-side tiling: TILING_KEY_IS dispatch and the kernel-type declaration. GET_TILING_DATA
// and the tiling structs themselves are generated per operator by the builder, as CANN's
// build does, into the header that `kernel_tiling/kernel_tiling.h` includes.
#pragma once

#include "akg/sim/sim.h"

namespace akg::sim {
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
// The kernel type must be known before any core starts, so the declaration is a record the
// launcher reads from the kernel library (section akg_kernel_types), named after the enclosing
// function, rather than a call.
namespace akg::sim {
struct alignas(32) KernelTypeMark {
    char function[112];  // 128-byte records: the section is read as an array
    int64_t tilingKey;  // -1: KERNEL_TASK_TYPE_DEFAULT, -2: a kernel qualifier (build/rewrite.cpp)
    int32_t type;
    int32_t reserved;
};
constexpr KernelTypeMark MakeKernelTypeMark(const char* function, int64_t tilingKey, int32_t type) {
    KernelTypeMark m{};
    for (size_t i = 0; function[i] != 0 && i + 1 < sizeof m.function; ++i) m.function[i] = function[i];
    m.tilingKey = tilingKey;
    m.type = type;
    return m;
}
}  // namespace akg::sim
#define AKG_KERNEL_TYPE_MARK(key, type)                                                                   \
    do {                                                                                                   \
        static constexpr ::akg::sim::KernelTypeMark akg_kernel_type_mark                                   \
            __attribute__((used, section("akg_kernel_types"))) =                                          \
                ::akg::sim::MakeKernelTypeMark(__builtin_FUNCTION(), key, type);                           \
    } while (0)
// The casts stay in the user-facing macros so that a wrong argument is reported at the user's line.
#define KERNEL_TASK_TYPE_DEFAULT(type) AKG_KERNEL_TYPE_MARK(-1, static_cast<int32_t>(type))
#define KERNEL_TASK_TYPE(key, type) AKG_KERNEL_TYPE_MARK(static_cast<int64_t>(key), static_cast<int32_t>(type))

// The tiling struct a kernel reads when the tiling is a plain C struct (CANN 8.x operator
// repositories: the host fills it through TilingContext::GetTilingData<T>()). CANN's build
// records it to describe the tiling; the bytes arrive as laid out by the host either way, so
// here it only requires a complete type.
// It also names the struct GET_TILING_DATA fills when the host declared no BEGIN_TILING_DATA_DEF
// struct for the operator (the builder's generated GET_TILING_DATA replaces this one then): ops-cv's
// arch35 Col2im registers Col2imRegBaseTilingData and reads it with GET_TILING_DATA.
#define REGISTER_TILING_DEFAULT(tiling_struct)                                                        \
    static_assert(sizeof(tiling_struct) > 0, "REGISTER_TILING_DEFAULT needs a complete tiling struct"); \
    using AkgRegisteredTilingStruct = tiling_struct
#ifndef GET_TILING_DATA
#define GET_TILING_DATA(tiling_data, tiling_arg) \
    GET_TILING_DATA_WITH_STRUCT(AkgRegisteredTilingStruct, tiling_data, tiling_arg)
#endif
#define REGISTER_TILING_FOR_TILINGKEY(key_expression, tiling_struct) \
    static_assert(sizeof(tiling_struct) > 0, "REGISTER_TILING_FOR_TILINGKEY needs a complete tiling struct")

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
