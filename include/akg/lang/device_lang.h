// Language extensions of the Ascend C device compiler, mapped onto g++.
//
// Kernels are compiled by the host compiler against these headers (design §1). The bisheng
// qualifiers carry no meaning on a CPU, so they expand to nothing; the predefined macros that
// real kernels test (__CCE_AICORE__ and friends) are set by the operator builder on the command
// line so that one header serves every simulated SoC.
#pragma once

#include <cstdint>
#include <type_traits>

#ifndef __aicore__
#define __aicore__
#endif
#ifndef __global__
#define __global__
#endif
// Kernel qualifiers of the direct-launch language (KernelMetaType: __vector__ AIV_ONLY, __cube__
// AIC_ONLY, __mix__(aic, aiv) a MIX type). The builder's rewrite records each qualified kernel's
// type for the launcher (src/build/rewrite.cpp), so here they expand to nothing.
#ifndef __vector__
#define __vector__
#endif
#ifndef __cube__
#define __cube__
#endif
#ifndef __mix__
#define __mix__(aic, aiv)
#endif
#ifndef __gm__
#define __gm__
#endif
#ifndef __ubuf__
#define __ubuf__
#endif
#ifndef __cbuf__
#define __cbuf__
#endif
#ifndef __ca__
#define __ca__
#endif
#ifndef __cb__
#define __cb__
#endif
#ifndef __cc__
#define __cc__
#endif
#ifndef __fbuf__
#define __fbuf__
#endif
#ifndef __ssbuf__
#define __ssbuf__
#endif
#ifndef __host_aicore__
#define __host_aicore__
#endif
#ifndef __inout_pipe__
#define __inout_pipe__(pipe)
#endif
#ifndef __in_pipe__
#define __in_pipe__(pipe)
#endif
#ifndef __out_pipe__
#define __out_pipe__(pipe)
#endif
#ifndef __forceinline__
#define __forceinline__ inline
#endif
#ifndef __sync_alias__
#define __sync_alias__
#endif
#ifndef __sync_noalias__
#define __sync_noalias__
#endif
#ifndef __check_sync_alias__
#define __check_sync_alias__
#endif

#include "akg/lang/block_local.h"

#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif

// The device build of Ascend C compiles ASSERT away; kernels rely on that (one writes
// `value ASSERT(...)`), so it must vanish here too.
#ifndef ASSERT
#define ASSERT(...)
#endif

#ifndef __CCE_AICORE__
#define __CCE_AICORE__ 220
#endif

// The architecture version the device compiler predefines (Atlas A2/A3: 2201, Atlas inference
// series 310P: 2002, Ascend 950: 3510); kernels select code paths with it.
#ifndef __NPU_ARCH__
#if __CCE_AICORE__ == 200
#define __NPU_ARCH__ 2002
#elif __CCE_AICORE__ == 310
#define __NPU_ARCH__ 3510
#else
#define __NPU_ARCH__ 2201
#endif
#endif

// The SIMT function qualifiers of the Ascend 950 compiler: a VF entry that asc_vf_call starts on
// every thread (__simt_vf__), a device function SIMT code calls (__simt_callee__), and the
// thread limit the compiler sizes registers for (__launch_bounds__(n), also spelled LAUNCH_BOUND(n)). asc_vf_call checks the
// limit at run time (simt_api/common_functions.h); here they carry no meaning for g++. Other
// SoCs' compilers do not know them.
#if __NPU_ARCH__ == 3510
#ifndef __simt_vf__
#define __simt_vf__
#endif
#ifndef __simt_callee__
#define __simt_callee__
#endif
// The register-based vector API's qualifiers: a VF entry that asc_vf_call<Func>(...) runs once
// on the vector core (__simd_vf__), and a device function such code calls (__simd_callee__).
#ifndef __simd_vf__
#define __simd_vf__
#endif
#ifndef __simd_callee__
#define __simd_callee__
#endif
#ifndef __launch_bounds__
#define __launch_bounds__(maxThreads)
#endif
#ifndef LAUNCH_BOUND
#define LAUNCH_BOUND(maxThreads)
#endif
#endif

// GM_ADDR is the type of every kernel entry parameter.
#ifndef GM_ADDR
#define GM_ADDR __gm__ uint8_t*
#endif

// Device-side element types. The device compiler provides `half` as a builtin IEEE binary16 with
// implicit conversions; GCC's _Float16 has exactly those semantics, including round-to-nearest-even
// on every conversion. bfloat16_t is not arithmetic in GCC 12, so it is a small class.
using half = _Float16;
using float16_t = _Float16;
using float32_t = float;

struct bfloat16_t {
    uint16_t bits = 0;
    constexpr bfloat16_t() = default;
    // Conversions round to nearest even, as the vector unit and CANN's scalar type do.
    constexpr bfloat16_t(float f) : bits(FromFloat(f)) {}
    constexpr bfloat16_t(double d) : bits(FromFloat(static_cast<float>(d))) {}
    constexpr bfloat16_t(int v) : bits(FromFloat(static_cast<float>(v))) {}
    constexpr bfloat16_t(unsigned v) : bits(FromFloat(static_cast<float>(v))) {}
    constexpr bfloat16_t(long v) : bits(FromFloat(static_cast<float>(v))) {}
    constexpr bfloat16_t(unsigned long v) : bits(FromFloat(static_cast<float>(v))) {}
    constexpr bfloat16_t(long long v) : bits(FromFloat(static_cast<float>(v))) {}
    constexpr bfloat16_t(unsigned long long v) : bits(FromFloat(static_cast<float>(v))) {}
    constexpr bfloat16_t(_Float16 h) : bits(FromFloat(static_cast<float>(h))) {}
    constexpr operator float() const { return ToFloat(bits); }
    // A volatile bfloat16_t (GM that SIMT code reads and writes through `__gm__ volatile T*`) reads
    // and assigns as the device type does. The assignment is a template so that it is no copy
    // assignment operator: the type stays trivially copyable, and a non-volatile object still
    // takes the implicit one (the same argument conversion, a better object match).
    operator float() const volatile { return ToFloat(bits); }
    template <int = 0>
    void operator=(const bfloat16_t& v) volatile { bits = v.bits; }

    static constexpr bfloat16_t FromBits(uint16_t b) { bfloat16_t r; r.bits = b; return r; }
    static constexpr uint16_t FromFloat(float f) {
        uint32_t u = __builtin_bit_cast(uint32_t, f);
        if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((u >> 16) | 0x40u);  // quiet NaN
        u += 0x7fffu + ((u >> 16) & 1u);
        return static_cast<uint16_t>(u >> 16);
    }
    static constexpr float ToFloat(uint16_t b) { return __builtin_bit_cast(float, static_cast<uint32_t>(b) << 16); }

    constexpr bfloat16_t& operator+=(float v) { *this = bfloat16_t(float(*this) + v); return *this; }
    constexpr bfloat16_t& operator-=(float v) { *this = bfloat16_t(float(*this) - v); return *this; }
    constexpr bfloat16_t& operator*=(float v) { *this = bfloat16_t(float(*this) * v); return *this; }
    constexpr bfloat16_t& operator/=(float v) { *this = bfloat16_t(float(*this) / v); return *this; }
    constexpr bfloat16_t operator-() const { return FromBits(static_cast<uint16_t>(bits ^ 0x8000u)); }
};
static_assert(sizeof(bfloat16_t) == 2 && std::is_trivially_copyable_v<bfloat16_t>);

// Complex element types (real part first), as DTYPE_<NAME> names them for complex tensors.
struct complex32 {
    _Float16 real;
    _Float16 imag;
};
struct complex64 {
    float real;
    float imag;
};

// 4-bit integer storage type; only its size matters to the APIs that accept it.
struct int4b_t {
    uint8_t v;
};
namespace AscendC {
using ::int4b_t;
}

// The scalar square root the device compiler offers without an include (CANN's RmsNorm and
// LayerNorm kernels call `sqrt` unqualified under `using namespace AscendC`). It is not declared
// at global scope: <cmath> would then conflict, and its C functions collide with kernels named
// after them (`extern "C" __global__ void sqrt(GM_ADDR, ...)`).
namespace AscendC {
inline float sqrt(float x) { return __builtin_sqrtf(x); }
}  // namespace AscendC

// The scalar min and max the device compiler offers as builtins at global scope (CATLASS-style
// templates call `min(a, b)` unqualified on integers). Non-template overloads, as CUDA's are:
// with `using namespace std` an exact-type call still picks these over std::min.
#define AKG_DEVICE_MIN_MAX(T)                                          \
    inline constexpr T min(T a, T b) { return b < a ? b : a; }         \
    inline constexpr T max(T a, T b) { return a < b ? b : a; }
AKG_DEVICE_MIN_MAX(int32_t)
AKG_DEVICE_MIN_MAX(uint32_t)
AKG_DEVICE_MIN_MAX(int64_t)
AKG_DEVICE_MIN_MAX(uint64_t)
AKG_DEVICE_MIN_MAX(float)
#undef AKG_DEVICE_MIN_MAX
