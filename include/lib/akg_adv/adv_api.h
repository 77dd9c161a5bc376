// The element-wise high-level APIs of AscendC (math: Tanh ... Xor; activation: Sigmoid, Silu,
// Swish, Gelu, FasterGelu, FasterGeluV2, GeGLU, ReGlu, SwiGLU) with the overload sets the
// CANN documentation gives for Atlas A2/A3. Every CANN header of these APIs (lib/math/tanh.h,
// lib/math/kernel_operator_tanh_intf.h, adv_api/math/tanh.h, lib/sigmoid/..., ...) includes this
// one file, and kernel_operator.h includes it too, as CANN's does.
//
// Each API is a function template (kernels take their addresses: `Acos<half, false>` converts to
// `void (*)(const LocalTensor<half>&, const LocalTensor<half>&, const uint32_t)`), and each call is
// one instruction of the simulator (src/sim/adv_math.cpp).
//
// Forms: "sharedTmpBuffer" overloads take the temporary space from the caller (a uint8_t tensor of
// at least the documented minimum, see GetXxxMaxMinTmpSize); the others take it from the
// unallocated end of UB, which the kernel must leave free. Overloads without calCount compute the
// whole source tensor (GetSize() elements).
#pragma once

#include "akg/sim/sim.h"
#include "basic_api/kernel_tensor.h"
#include "lib/akg_adv/adv_config.h"
#include "lib/akg_adv/adv_sim.h"

namespace AscendC {
namespace akg_adv {

template <typename T>
inline akg::sim::AdvCall Call(akg::adv::Op op, const char* api, const LocalTensor<T>& dst, uint64_t count,
                              const void* caller) {
    akg::sim::AdvCall c;
    c.op = op;
    c.api = api;
    c.type = akg::sim::DTypeOf<T>();
    c.srcType = c.type;
    c.dst = static_cast<void*>(dst.Data());
    c.count = count;
    c.caller = caller;
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
    c.v200 = true;
#endif
    return c;
}

inline void UseTmp(akg::sim::AdvCall& c, const LocalTensor<uint8_t>& tmp) {
    c.sharedTmp = true;
    c.tmp = tmp.Data();
    c.tmpBytes = tmp.GetSize();
}

// dst = f(src) over `count` elements; `tmp` null for the framework-allocated forms.
template <typename T>
inline void Unary(akg::adv::Op op, const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src,
                  const LocalTensor<uint8_t>* tmp, uint64_t count, bool reuse, const void* caller,
                  double scalar = 0) {
    akg::sim::AdvCall c = Call(op, api, dst, count, caller);
    c.src0 = src.Data();
    c.isReuseSource = reuse;
    c.scalar = scalar;
    if (tmp) UseTmp(c, *tmp);
    akg::sim::AdvRun(c);
}

// dst = f(src0, src1).
template <typename T>
inline void Binary(akg::adv::Op op, const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                   const LocalTensor<T>& src1, const LocalTensor<uint8_t>* tmp, uint64_t count, bool reuse,
                   const void* caller, double scalar = 0) {
    akg::sim::AdvCall c = Call(op, api, dst, count, caller);
    c.src0 = src0.Data();
    c.src1 = src1.Data();
    c.isReuseSource = reuse;
    c.scalar = scalar;
    if (tmp) UseTmp(c, *tmp);
    akg::sim::AdvRun(c);
}

template <typename T>
inline double ScalarValue(const T& v) {
    if constexpr (std::is_same_v<T, bfloat16_t>) return static_cast<double>(static_cast<float>(v));
    else return static_cast<double>(v);
}

}  // namespace akg_adv

#define AKG_ADV_UNPAREN(...) __VA_ARGS__
#define AKG_ADV_TYPES(NAME, T, ...) \
    static_assert(akg::sim::kOneOf<T, __VA_ARGS__>, #NAME ": data type not supported on this SoC")

// The four forms of a one-source API. TPL is the parenthesised template parameter list; it names
// the element type T and the reuse flag REUSE (a template parameter or `false`).
#define AKG_ADV_UNARY4(NAME, TPL, REUSE, ...)                                                              \
    template <AKG_ADV_UNPAREN TPL>                                                                         \
    AKG_API void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                    \
                      const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {              \
        AKG_ADV_TYPES(NAME, T, __VA_ARGS__);                                                               \
        akg_adv::Unary<T>(akg::adv::Op::NAME, #NAME, dstTensor, srcTensor, &sharedTmpBuffer, calCount,     \
                          REUSE, AKG_CALLER);                                                              \
    }                                                                                                      \
    template <AKG_ADV_UNPAREN TPL>                                                                         \
    AKG_API void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                    \
                      const LocalTensor<uint8_t>& sharedTmpBuffer) {                                       \
        AKG_ADV_TYPES(NAME, T, __VA_ARGS__);                                                               \
        akg_adv::Unary<T>(akg::adv::Op::NAME, #NAME, dstTensor, srcTensor, &sharedTmpBuffer,               \
                          srcTensor.GetSize(), REUSE, AKG_CALLER);                                         \
    }                                                                                                      \
    template <AKG_ADV_UNPAREN TPL>                                                                         \
    AKG_API void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount) { \
        AKG_ADV_TYPES(NAME, T, __VA_ARGS__);                                                               \
        akg_adv::Unary<T>(akg::adv::Op::NAME, #NAME, dstTensor, srcTensor, nullptr, calCount, REUSE,       \
                          AKG_CALLER);                                                                     \
    }                                                                                                      \
    template <AKG_ADV_UNPAREN TPL>                                                                         \
    AKG_API void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {                  \
        AKG_ADV_TYPES(NAME, T, __VA_ARGS__);                                                               \
        akg_adv::Unary<T>(akg::adv::Op::NAME, #NAME, dstTensor, srcTensor, nullptr, srcTensor.GetSize(),   \
                          REUSE, AKG_CALLER);                                                              \
    }

// The two counted forms (with and without sharedTmpBuffer) of a one-source API.
#define AKG_ADV_UNARY2(NAME, TPL, REUSE, ...)                                                              \
    template <AKG_ADV_UNPAREN TPL>                                                                         \
    AKG_API void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                    \
                      const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {              \
        AKG_ADV_TYPES(NAME, T, __VA_ARGS__);                                                               \
        akg_adv::Unary<T>(akg::adv::Op::NAME, #NAME, dstTensor, srcTensor, &sharedTmpBuffer, calCount,     \
                          REUSE, AKG_CALLER);                                                              \
    }                                                                                                      \
    template <AKG_ADV_UNPAREN TPL>                                                                         \
    AKG_API void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount) { \
        AKG_ADV_TYPES(NAME, T, __VA_ARGS__);                                                               \
        akg_adv::Unary<T>(akg::adv::Op::NAME, #NAME, dstTensor, srcTensor, nullptr, calCount, REUSE,       \
                          AKG_CALLER);                                                                     \
    }

// The four forms of a two-source API (calCount / whole src0Tensor).
#define AKG_ADV_BINARY4(NAME, TPL, REUSE, ...)                                                             \
    template <AKG_ADV_UNPAREN TPL>                                                                         \
    AKG_API void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,                   \
                      const LocalTensor<T>& src1Tensor, const LocalTensor<uint8_t>& sharedTmpBuffer,       \
                      const uint32_t calCount) {                                                           \
        AKG_ADV_TYPES(NAME, T, __VA_ARGS__);                                                               \
        akg_adv::Binary<T>(akg::adv::Op::NAME, #NAME, dstTensor, src0Tensor, src1Tensor, &sharedTmpBuffer, \
                           calCount, REUSE, AKG_CALLER);                                                   \
    }                                                                                                      \
    template <AKG_ADV_UNPAREN TPL>                                                                         \
    AKG_API void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,                   \
                      const LocalTensor<T>& src1Tensor, const LocalTensor<uint8_t>& sharedTmpBuffer) {     \
        AKG_ADV_TYPES(NAME, T, __VA_ARGS__);                                                               \
        akg_adv::Binary<T>(akg::adv::Op::NAME, #NAME, dstTensor, src0Tensor, src1Tensor, &sharedTmpBuffer, \
                           src0Tensor.GetSize(), REUSE, AKG_CALLER);                                       \
    }                                                                                                      \
    template <AKG_ADV_UNPAREN TPL>                                                                         \
    AKG_API void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,                   \
                      const LocalTensor<T>& src1Tensor, const uint32_t calCount) {                         \
        AKG_ADV_TYPES(NAME, T, __VA_ARGS__);                                                               \
        akg_adv::Binary<T>(akg::adv::Op::NAME, #NAME, dstTensor, src0Tensor, src1Tensor, nullptr, calCount, \
                           REUSE, AKG_CALLER);                                                             \
    }                                                                                                      \
    template <AKG_ADV_UNPAREN TPL>                                                                         \
    AKG_API void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,                   \
                      const LocalTensor<T>& src1Tensor) {                                                  \
        AKG_ADV_TYPES(NAME, T, __VA_ARGS__);                                                               \
        akg_adv::Binary<T>(akg::adv::Op::NAME, #NAME, dstTensor, src0Tensor, src1Tensor, nullptr,          \
                           src0Tensor.GetSize(), REUSE, AKG_CALLER);                                       \
    }

// ---------------------------------------------------------------------------------------------
// Math: trigonometric, hyperbolic, error functions.

AKG_ADV_UNARY4(Tanh, (typename T, bool isReuseSource = false, const TanhConfig& config = DEFAULT_TANH_CONFIG),
               isReuseSource, half, float)
AKG_ADV_UNARY4(Asin, (typename T, bool isReuseSource = false), isReuseSource, half, float)
AKG_ADV_UNARY4(Acos, (typename T, bool isReuseSource = false), isReuseSource, half, float)
AKG_ADV_UNARY4(Atan, (typename T, bool isReuseSource = false, const AtanConfig& config = defaultAtanConfig),
               isReuseSource, half, float)
AKG_ADV_UNARY4(Sin, (typename T, bool isReuseSource = false, const SinConfig& config = defaultSinConfig),
               isReuseSource, half, float)
AKG_ADV_UNARY4(Cos, (typename T, bool isReuseSource = false, const CosConfig& config = defaultCosConfig),
               isReuseSource, half, float)
AKG_ADV_UNARY4(Tan, (typename T, bool isReuseSource = false), isReuseSource, half, float)
AKG_ADV_UNARY4(Sinh, (typename T, bool isReuseSource = false), isReuseSource, half, float)
AKG_ADV_UNARY4(Cosh, (typename T, bool isReuseSource = false), isReuseSource, half, float)
AKG_ADV_UNARY4(Asinh, (typename T, bool isReuseSource = false), isReuseSource, half, float)
AKG_ADV_UNARY4(Acosh, (typename T, bool isReuseSource = false), isReuseSource, half, float)
AKG_ADV_UNARY4(Atanh, (typename T, bool isReuseSource = false), isReuseSource, half, float)
AKG_ADV_UNARY4(Erf, (typename T, bool isReuseSource = false, const ErfConfig& config = defaultErfConfig),
               isReuseSource, half, float)
AKG_ADV_UNARY4(Erfc, (typename T, bool isReuseSource = false), isReuseSource, half, float)

// Rounding and sign.
AKG_ADV_UNARY4(Sign, (typename T, bool isReuseSource = false), isReuseSource, half, float)
AKG_ADV_UNARY4(Trunc, (typename T, bool isReuseSource = false), isReuseSource, half, float)
AKG_ADV_UNARY4(Frac, (typename T, bool isReuseSource = false), isReuseSource, half, float)
AKG_ADV_UNARY2(Floor, (typename T, bool isReuseSource = false), isReuseSource, half, float)
AKG_ADV_UNARY2(Ceil, (typename T, bool isReuseSource = false), isReuseSource, half, float)
AKG_ADV_UNARY2(Round, (typename T, bool isReuseSource = false), isReuseSource, half, float)

// Gamma functions.
AKG_ADV_UNARY2(Lgamma, (typename T, bool isReuseSource = false), isReuseSource, half, float)

// Digamma's sharedTmpBuffer is a non-const reference in the documented signature.
template <typename T, bool isReuseSource = false>
AKG_API void Digamma(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                     LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    AKG_ADV_TYPES(Digamma, T, half, float);
    akg_adv::Unary<T>(akg::adv::Op::Digamma, "Digamma", dstTensor, srcTensor, &sharedTmpBuffer, calCount,
                      isReuseSource, AKG_CALLER);
}
template <typename T, bool isReuseSource = false>
AKG_API void Digamma(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount) {
    AKG_ADV_TYPES(Digamma, T, half, float);
    akg_adv::Unary<T>(akg::adv::Op::Digamma, "Digamma", dstTensor, srcTensor, nullptr, calCount, isReuseSource,
                      AKG_CALLER);
}

// Exponential and logarithms. The high-level Exp names its Taylor expansion level; the basic
// Exp(dst, src, count) stays the one-instruction form.
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
AKG_API void Exp(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    AKG_ADV_TYPES(Exp, T, half, float);
    akg::sim::AdvCall c = akg_adv::Call(akg::adv::Op::Exp, "Exp", dstLocal, calCount, AKG_CALLER);
    c.src0 = srcLocal.Data();
    c.isReuseSource = isReuseSource;
    c.taylorExpandLevel = taylorExpandLevel;
    akg_adv::UseTmp(c, sharedTmpBuffer);
    akg::sim::AdvRun(c);
}
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
AKG_API void Exp(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t calCount) {
    AKG_ADV_TYPES(Exp, T, half, float);
    akg::sim::AdvCall c = akg_adv::Call(akg::adv::Op::Exp, "Exp", dstLocal, calCount, AKG_CALLER);
    c.src0 = srcLocal.Data();
    c.isReuseSource = isReuseSource;
    c.taylorExpandLevel = taylorExpandLevel;
    akg::sim::AdvRun(c);
}

template <typename T, bool isReuseSource = false>
AKG_API void Log(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, uint32_t calCount) {
    AKG_ADV_TYPES(Log, T, half, float);
    akg_adv::Unary<T>(akg::adv::Op::Log, "Log", dstTensor, srcTensor, nullptr, calCount, isReuseSource, AKG_CALLER);
}
template <typename T, bool isReuseSource = false>
AKG_API void Log(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {
    AKG_ADV_TYPES(Log, T, half, float);
    akg_adv::Unary<T>(akg::adv::Op::Log, "Log", dstTensor, srcTensor, nullptr, srcTensor.GetSize(), isReuseSource,
                      AKG_CALLER);
}
AKG_ADV_UNARY4(Log2, (typename T, bool isReuseSource = false), isReuseSource, half, float)
template <typename T, bool isReuseSource = false>
AKG_API void Log10(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, uint32_t calCount) {
    AKG_ADV_TYPES(Log10, T, half, float);
    akg_adv::Unary<T>(akg::adv::Op::Log10, "Log10", dstTensor, srcTensor, nullptr, calCount, isReuseSource,
                      AKG_CALLER);
}
template <typename T, bool isReuseSource = false>
AKG_API void Log10(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {
    AKG_ADV_TYPES(Log10, T, half, float);
    akg_adv::Unary<T>(akg::adv::Op::Log10, "Log10", dstTensor, srcTensor, nullptr, srcTensor.GetSize(),
                      isReuseSource, AKG_CALLER);
}

// Power: tensor^tensor, tensor^scalar, scalar^tensor (half, float, int32_t on Atlas A2/A3).
#define AKG_ADV_POWER_TPL typename T, bool isReuseSource = false, const PowerConfig& config = defaultPowerConfig
#define AKG_ADV_POWER_TYPES AKG_ADV_TYPES(Power, T, half, float, int32_t)

template <AKG_ADV_POWER_TPL>
AKG_API void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
                   const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount) {
    AKG_ADV_POWER_TYPES;
    akg_adv::Binary<T>(akg::adv::Op::PowTT, "Power", dstTensor, src0Tensor, src1Tensor, &sharedTmpBuffer, calCount,
                       isReuseSource, AKG_CALLER);
}
template <AKG_ADV_POWER_TPL>
AKG_API void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
                   const LocalTensor<uint8_t>& sharedTmpBuffer) {
    AKG_ADV_POWER_TYPES;
    akg_adv::Binary<T>(akg::adv::Op::PowTT, "Power", dstTensor, src0Tensor, src1Tensor, &sharedTmpBuffer,
                       src0Tensor.GetSize(), isReuseSource, AKG_CALLER);
}
template <AKG_ADV_POWER_TPL>
AKG_API void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
                   uint32_t calCount) {
    AKG_ADV_POWER_TYPES;
    akg_adv::Binary<T>(akg::adv::Op::PowTT, "Power", dstTensor, src0Tensor, src1Tensor, nullptr, calCount,
                       isReuseSource, AKG_CALLER);
}
template <AKG_ADV_POWER_TPL>
AKG_API void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor) {
    AKG_ADV_POWER_TYPES;
    akg_adv::Binary<T>(akg::adv::Op::PowTT, "Power", dstTensor, src0Tensor, src1Tensor, nullptr,
                       src0Tensor.GetSize(), isReuseSource, AKG_CALLER);
}
template <AKG_ADV_POWER_TPL>
AKG_API void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
                   const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount) {
    AKG_ADV_POWER_TYPES;
    akg_adv::Unary<T>(akg::adv::Op::PowTS, "Power", dstTensor, src0Tensor, &sharedTmpBuffer, calCount, isReuseSource,
                      AKG_CALLER, akg_adv::ScalarValue(src1Scalar));
}
template <AKG_ADV_POWER_TPL>
AKG_API void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
                   const LocalTensor<uint8_t>& sharedTmpBuffer) {
    AKG_ADV_POWER_TYPES;
    akg_adv::Unary<T>(akg::adv::Op::PowTS, "Power", dstTensor, src0Tensor, &sharedTmpBuffer, src0Tensor.GetSize(),
                      isReuseSource, AKG_CALLER, akg_adv::ScalarValue(src1Scalar));
}
template <AKG_ADV_POWER_TPL>
AKG_API void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
                   uint32_t calCount) {
    AKG_ADV_POWER_TYPES;
    akg_adv::Unary<T>(akg::adv::Op::PowTS, "Power", dstTensor, src0Tensor, nullptr, calCount, isReuseSource,
                      AKG_CALLER, akg_adv::ScalarValue(src1Scalar));
}
template <AKG_ADV_POWER_TPL>
AKG_API void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar) {
    AKG_ADV_POWER_TYPES;
    akg_adv::Unary<T>(akg::adv::Op::PowTS, "Power", dstTensor, src0Tensor, nullptr, src0Tensor.GetSize(),
                      isReuseSource, AKG_CALLER, akg_adv::ScalarValue(src1Scalar));
}
template <AKG_ADV_POWER_TPL>
AKG_API void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
                   const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount) {
    AKG_ADV_POWER_TYPES;
    akg_adv::Unary<T>(akg::adv::Op::PowST, "Power", dstTensor, src1Tensor, &sharedTmpBuffer, calCount, isReuseSource,
                      AKG_CALLER, akg_adv::ScalarValue(src0Scalar));
}
template <AKG_ADV_POWER_TPL>
AKG_API void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
                   const LocalTensor<uint8_t>& sharedTmpBuffer) {
    AKG_ADV_POWER_TYPES;
    akg_adv::Unary<T>(akg::adv::Op::PowST, "Power", dstTensor, src1Tensor, &sharedTmpBuffer, src1Tensor.GetSize(),
                      isReuseSource, AKG_CALLER, akg_adv::ScalarValue(src0Scalar));
}
template <AKG_ADV_POWER_TPL>
AKG_API void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
                   uint32_t calCount) {
    AKG_ADV_POWER_TYPES;
    akg_adv::Unary<T>(akg::adv::Op::PowST, "Power", dstTensor, src1Tensor, nullptr, calCount, isReuseSource,
                      AKG_CALLER, akg_adv::ScalarValue(src0Scalar));
}
template <AKG_ADV_POWER_TPL>
AKG_API void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor) {
    AKG_ADV_POWER_TYPES;
    akg_adv::Unary<T>(akg::adv::Op::PowST, "Power", dstTensor, src1Tensor, nullptr, src1Tensor.GetSize(),
                      isReuseSource, AKG_CALLER, akg_adv::ScalarValue(src0Scalar));
}
#undef AKG_ADV_POWER_TPL
#undef AKG_ADV_POWER_TYPES

// Fmod(a, b) = a - Trunc(a / b) * b.
AKG_ADV_BINARY4(Fmod, (typename T, bool isReuseSource = false, const FmodConfig& config = DEFAULT_FMOD_CONFIG),
                isReuseSource, half, float)

// Xor of 16-bit integers.
AKG_ADV_BINARY4(Xor, (typename T, bool isReuseSource = false), isReuseSource, int16_t, uint16_t)

// ClampMax / ClampMin against a scalar.
template <typename T, bool isReuseSource = false>
AKG_API void ClampMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                      const LocalTensor<uint8_t>& sharedTmpBuffer, const T scalar, const uint32_t calCount) {
    AKG_ADV_TYPES(ClampMax, T, half, float);
    akg_adv::Unary<T>(akg::adv::Op::ClampMax, "ClampMax", dstTensor, srcTensor, &sharedTmpBuffer, calCount,
                      isReuseSource, AKG_CALLER, akg_adv::ScalarValue(scalar));
}
template <typename T, bool isReuseSource = false>
AKG_API void ClampMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const T scalar,
                      const uint32_t calCount) {
    AKG_ADV_TYPES(ClampMax, T, half, float);
    akg_adv::Unary<T>(akg::adv::Op::ClampMax, "ClampMax", dstTensor, srcTensor, nullptr, calCount, isReuseSource,
                      AKG_CALLER, akg_adv::ScalarValue(scalar));
}
template <typename T, bool isReuseSource = false>
AKG_API void ClampMin(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                      const LocalTensor<uint8_t>& sharedTmpBuffer, const T scalar, const uint32_t calCount) {
    AKG_ADV_TYPES(ClampMin, T, half, float);
    akg_adv::Unary<T>(akg::adv::Op::ClampMin, "ClampMin", dstTensor, srcTensor, &sharedTmpBuffer, calCount,
                      isReuseSource, AKG_CALLER, akg_adv::ScalarValue(scalar));
}
template <typename T, bool isReuseSource = false>
AKG_API void ClampMin(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const T scalar,
                      const uint32_t calCount) {
    AKG_ADV_TYPES(ClampMin, T, half, float);
    akg_adv::Unary<T>(akg::adv::Op::ClampMin, "ClampMin", dstTensor, srcTensor, nullptr, calCount, isReuseSource,
                      AKG_CALLER, akg_adv::ScalarValue(scalar));
}

// Axpy: dst = dst + src * scalar, computed as Muls then Add. T/U: half/half, float/float, or
// float/half (mixed precision).
template <typename T, typename U, bool isReuseSource = false>
AKG_API void Axpy(const LocalTensor<T>& dstTensor, const LocalTensor<U>& srcTensor, const U scalarValue,
                  const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    static_assert((std::is_same_v<T, half> && std::is_same_v<U, half>) ||
                      (std::is_same_v<T, float> && std::is_same_v<U, float>) ||
                      (std::is_same_v<T, float> && std::is_same_v<U, half>),
                  "Axpy: data type not supported on this SoC");
    akg::sim::AdvCall c = akg_adv::Call(akg::adv::Op::Axpy, "Axpy", dstTensor, calCount, AKG_CALLER);
    c.srcType = akg::sim::DTypeOf<U>();
    c.src0 = srcTensor.Data();
    c.scalar = akg_adv::ScalarValue(scalarValue);
    c.isReuseSource = isReuseSource;
    akg_adv::UseTmp(c, sharedTmpBuffer);
    akg::sim::AdvRun(c);
}

// ---------------------------------------------------------------------------------------------
// Activation functions.

AKG_ADV_UNARY4(Sigmoid, (typename T, bool isReuseSource = false), isReuseSource, half, float)

template <typename T, bool isReuseSource = false>
AKG_API void Silu(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, uint32_t dataSize) {
    AKG_ADV_TYPES(Silu, T, half, float);
    akg_adv::Unary<T>(akg::adv::Op::Silu, "Silu", dstLocal, srcLocal, nullptr, dataSize, isReuseSource, AKG_CALLER);
}

// Swish(x) = x / (1 + e^(-beta * x)).
template <typename T, bool isReuseSource = false>
AKG_API void Swish(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, uint32_t dataSize,
                   const T scalarValue) {
    AKG_ADV_TYPES(Swish, T, half, float);
    akg_adv::Unary<T>(akg::adv::Op::Swish, "Swish", dstLocal, srcLocal, nullptr, dataSize, isReuseSource,
                      AKG_CALLER, akg_adv::ScalarValue(scalarValue));
}

// Gelu (tanh approximation), FasterGelu (x / (1 + e^(-1.702x))), FasterGeluV2.
#define AKG_ADV_GELU(NAME)                                                                                  \
    template <typename T, bool highPrecision = false, bool highPerformance = false>                         \
    AKG_API void NAME(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,                       \
                      const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t dataSize) {               \
        AKG_ADV_TYPES(NAME, T, half, float);                                                                \
        akg::sim::AdvCall c = akg_adv::Call(akg::adv::Op::NAME, #NAME, dstLocal, dataSize, AKG_CALLER);     \
        c.src0 = srcLocal.Data();                                                                           \
        c.highPrecision = highPrecision;                                                                    \
        c.highPerformance = highPerformance;                                                                \
        akg_adv::UseTmp(c, sharedTmpBuffer);                                                                \
        akg::sim::AdvRun(c);                                                                                \
    }                                                                                                       \
    template <typename T, bool highPrecision = false, bool highPerformance = false>                         \
    AKG_API void NAME(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dataSize) { \
        AKG_ADV_TYPES(NAME, T, half, float);                                                                \
        akg::sim::AdvCall c = akg_adv::Call(akg::adv::Op::NAME, #NAME, dstLocal, dataSize, AKG_CALLER);     \
        c.src0 = srcLocal.Data();                                                                           \
        c.highPrecision = highPrecision;                                                                    \
        c.highPerformance = highPerformance;                                                                \
        akg::sim::AdvRun(c);                                                                                \
    }
AKG_ADV_GELU(Gelu)
AKG_ADV_GELU(FasterGelu)
AKG_ADV_GELU(FasterGeluV2)
#undef AKG_ADV_GELU

// GeGLU(x0, x1) = x0 * Gelu(x1) with the tanh approximation.
template <typename T, bool isReuseSource = false>
AKG_API void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
                   const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount) {
    AKG_ADV_TYPES(GeGLU, T, half, float);
    akg_adv::Binary<T>(akg::adv::Op::GeGLU, "GeGLU", dstTensor, srcTensor0, srcTensor1, &sharedTmpBuffer, calCount,
                       isReuseSource, AKG_CALLER);
}
template <typename T, bool isReuseSource = false>
AKG_API void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
                   const LocalTensor<uint8_t>& sharedTmpBuffer) {
    AKG_ADV_TYPES(GeGLU, T, half, float);
    akg_adv::Binary<T>(akg::adv::Op::GeGLU, "GeGLU", dstTensor, srcTensor0, srcTensor1, &sharedTmpBuffer,
                       srcTensor0.GetSize(), isReuseSource, AKG_CALLER);
}
template <typename T, bool isReuseSource = false>
AKG_API void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
                   uint32_t calCount) {
    AKG_ADV_TYPES(GeGLU, T, half, float);
    akg_adv::Binary<T>(akg::adv::Op::GeGLU, "GeGLU", dstTensor, srcTensor0, srcTensor1, nullptr, calCount,
                       isReuseSource, AKG_CALLER);
}
template <typename T, bool isReuseSource = false>
AKG_API void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1) {
    AKG_ADV_TYPES(GeGLU, T, half, float);
    akg_adv::Binary<T>(akg::adv::Op::GeGLU, "GeGLU", dstTensor, srcTensor0, srcTensor1, nullptr, srcTensor0.GetSize(),
                       isReuseSource, AKG_CALLER);
}

// ReGlu(x0, x1) = x0 * max(x1, 0).
#if defined(__CCE_AICORE__) && __CCE_AICORE__ >= 220
#define AKG_ADV_REGLU_TYPES AKG_ADV_TYPES(ReGlu, T, half, bfloat16_t, float)
#else
#define AKG_ADV_REGLU_TYPES AKG_ADV_TYPES(ReGlu, T, half, float)
#endif
template <typename T, bool isReuseSource = false>
AKG_API void ReGlu(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
                   const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    AKG_ADV_REGLU_TYPES;
    akg_adv::Binary<T>(akg::adv::Op::ReGlu, "ReGlu", dstTensor, srcTensor0, srcTensor1, &sharedTmpBuffer, calCount,
                       isReuseSource, AKG_CALLER);
}
template <typename T, bool isReuseSource = false>
AKG_API void ReGlu(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
                   const uint32_t calCount) {
    AKG_ADV_REGLU_TYPES;
    akg_adv::Binary<T>(akg::adv::Op::ReGlu, "ReGlu", dstTensor, srcTensor0, srcTensor1, nullptr, calCount,
                       isReuseSource, AKG_CALLER);
}
#undef AKG_ADV_REGLU_TYPES

// SwiGLU(x0, x1) = x0 * Swish(x1, beta). The documented signatures take dstTensor (and, in the
// whole-tensor form without a buffer, the sources) by non-const reference.
template <typename T, bool isReuseSource = false>
AKG_API void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
                    const float& scalarValue, const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    AKG_ADV_TYPES(SwiGLU, T, half, float);
    akg_adv::Binary<T>(akg::adv::Op::SwiGLU, "SwiGLU", dstTensor, srcTensor0, srcTensor1, &sharedTmpBuffer, calCount,
                       isReuseSource, AKG_CALLER, scalarValue);
}
template <typename T, bool isReuseSource = false>
AKG_API void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
                    const float& scalarValue, const LocalTensor<uint8_t>& sharedTmpBuffer) {
    AKG_ADV_TYPES(SwiGLU, T, half, float);
    akg_adv::Binary<T>(akg::adv::Op::SwiGLU, "SwiGLU", dstTensor, srcTensor0, srcTensor1, &sharedTmpBuffer,
                       srcTensor0.GetSize(), isReuseSource, AKG_CALLER, scalarValue);
}
template <typename T, bool isReuseSource = false>
AKG_API void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
                    const float& scalarValue, const uint32_t calCount) {
    AKG_ADV_TYPES(SwiGLU, T, half, float);
    akg_adv::Binary<T>(akg::adv::Op::SwiGLU, "SwiGLU", dstTensor, srcTensor0, srcTensor1, nullptr, calCount,
                       isReuseSource, AKG_CALLER, scalarValue);
}
template <typename T, bool isReuseSource = false>
AKG_API void SwiGLU(LocalTensor<T>& dstTensor, LocalTensor<T>& srcTensor0, LocalTensor<T>& srcTensor1,
                    const float& scalarValue) {
    AKG_ADV_TYPES(SwiGLU, T, half, float);
    akg_adv::Binary<T>(akg::adv::Op::SwiGLU, "SwiGLU", dstTensor, srcTensor0, srcTensor1, nullptr,
                       srcTensor0.GetSize(), isReuseSource, AKG_CALLER, scalarValue);
}

#undef AKG_ADV_UNARY4
#undef AKG_ADV_UNARY2
#undef AKG_ADV_BINARY4
#undef AKG_ADV_TYPES
#undef AKG_ADV_UNPAREN

}  // namespace AscendC
