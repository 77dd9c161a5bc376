// Host-side temporary-space helpers of the element-wise high-level APIs: GetXxxMaxMinTmpSize
// (the range of sharedTmpBuffer sizes a kernel call can use) and GetXxxTmpBufferFactorSize
// (maxLiveNodeCount / extraBuf, from which a tiling function derives how many elements one call
// can process in a given buffer). The numbers come from lib/akg_adv/adv_tmp_rules.h, which the
// simulator also uses to check the kernel side. Every CANN tiling header of these APIs
// (lib/math/tanh_tiling.h, adv_api/activation/sigmoid_tiling.h, ...) includes this file, and
// tiling/tiling_api.h includes them.
#pragma once

#include <cstdint>

#include "adv_api/utils/types.h"
#include "graph/tensor.h"
#include "lib/akg_adv/adv_config.h"
#include "lib/akg_adv/adv_tmp_rules.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {
namespace akg_adv_host {

inline uint64_t ElementsOf(const ge::Shape& shape) {
    const int64_t n = shape.GetShapeSize();
    return n > 0 ? uint64_t(n) : 0;
}

inline void Range(akg::adv::Op op, const ge::Shape& shape, uint32_t typeSize, bool isReuseSource, uint32_t& maxValue,
                  uint32_t& minValue, bool v200 = false) {
    const akg::adv::TmpRange r = akg::adv::TmpSizeOf(op, ElementsOf(shape), typeSize, isReuseSource, v200);
    maxValue = r.maxValue;
    minValue = r.minValue;
}

inline void Factor(akg::adv::Op op, uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf,
                   bool v200 = false) {
    const akg::adv::TmpFactor f = akg::adv::FactorOf(op, typeSize, v200);
    maxLiveNodeCount = f.maxLiveNodeCount;
    extraBuf = f.extraBuf;
}

// Atlas inference AI Core (DAV_2002) has its own numbers for Power and Round.
inline bool IsV200(platform_ascendc::SocVersion soc) { return soc == platform_ascendc::SocVersion::ASCEND310P; }

inline bool CurrentIsV200() {
    platform_ascendc::PlatformAscendC* p = platform_ascendc::PlatformAscendCManager::GetInstance();
    return p != nullptr && IsV200(p->GetSocVersion());
}

// Power treats a shape of exactly one dimension of length 1 as its scalar operand.
inline bool ShapeIsTensor(const ge::Shape& shape) { return !(shape.GetDimNum() == 1 && shape.GetDim(0) == 1); }

}  // namespace akg_adv_host

// One-source math APIs with the (shape, typeSize, isReuseSource, max, min) helper and the factor
// helper.
#define AKG_ADV_HOST_HELPERS(NAME)                                                                             \
    inline void Get##NAME##MaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,                   \
                                         const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {   \
        akg_adv_host::Range(akg::adv::Op::NAME, srcShape, typeSize, isReuseSource, maxValue, minValue);        \
    }                                                                                                          \
    inline void Get##NAME##TmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,            \
                                               uint32_t& extraBuf) {                                           \
        akg_adv_host::Factor(akg::adv::Op::NAME, typeSize, maxLiveNodeCount, extraBuf);                        \
    }

AKG_ADV_HOST_HELPERS(Tanh)
AKG_ADV_HOST_HELPERS(Asin)
AKG_ADV_HOST_HELPERS(Acos)
AKG_ADV_HOST_HELPERS(Atan)
AKG_ADV_HOST_HELPERS(Sin)
AKG_ADV_HOST_HELPERS(Cos)
AKG_ADV_HOST_HELPERS(Tan)
AKG_ADV_HOST_HELPERS(Sinh)
AKG_ADV_HOST_HELPERS(Cosh)
AKG_ADV_HOST_HELPERS(Asinh)
AKG_ADV_HOST_HELPERS(Acosh)
AKG_ADV_HOST_HELPERS(Atanh)
AKG_ADV_HOST_HELPERS(Erf)
AKG_ADV_HOST_HELPERS(Erfc)
AKG_ADV_HOST_HELPERS(Sign)
AKG_ADV_HOST_HELPERS(Floor)
AKG_ADV_HOST_HELPERS(Ceil)
AKG_ADV_HOST_HELPERS(Trunc)
AKG_ADV_HOST_HELPERS(Frac)
AKG_ADV_HOST_HELPERS(Lgamma)
AKG_ADV_HOST_HELPERS(Digamma)
AKG_ADV_HOST_HELPERS(Fmod)
AKG_ADV_HOST_HELPERS(Xor)
AKG_ADV_HOST_HELPERS(Axpy)
AKG_ADV_HOST_HELPERS(Log)
AKG_ADV_HOST_HELPERS(Log2)
AKG_ADV_HOST_HELPERS(Log10)
AKG_ADV_HOST_HELPERS(GeGLU)
#undef AKG_ADV_HOST_HELPERS

// Sin and Cos with an algorithm configuration: the helpers of Ascend 950, which report nothing on
// other SoCs (CANN asserts "Unsupported NpuArch" and leaves the outputs as they were).
inline void GetSinMaxMinTmpSize(const SinConfig& config, const ge::Shape& srcShape, const uint32_t typeSize,
                                const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
    (void)config, (void)srcShape, (void)typeSize, (void)isReuseSource, (void)maxValue, (void)minValue;
}
inline void GetSinTmpBufferFactorSize(const SinConfig& config, const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                      uint32_t& extraBuf) {
    (void)config, (void)typeSize, (void)maxLiveNodeCount, (void)extraBuf;
}
inline void GetCosMaxMinTmpSize(const CosConfig& config, const ge::Shape& srcShape, const uint32_t typeSize,
                                const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
    (void)config, (void)srcShape, (void)typeSize, (void)isReuseSource, (void)maxValue, (void)minValue;
}
inline void GetCosTmpBufferFactorSize(const CosConfig& config, const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                      uint32_t& extraBuf) {
    (void)config, (void)typeSize, (void)maxLiveNodeCount, (void)extraBuf;
}

// Exp reports success.
inline bool GetExpMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                uint32_t& maxValue, uint32_t& minValue) {
    akg_adv_host::Range(akg::adv::Op::Exp, srcShape, typeSize, isReuseSource, maxValue, minValue);
    return true;
}
inline void GetExpTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    akg_adv_host::Factor(akg::adv::Op::Exp, typeSize, maxLiveNodeCount, extraBuffer);
}

// Round depends on the SoC (the platform of the tiling context).
inline void GetRoundMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const ge::Shape& srcShape,
                                  const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                                  uint32_t& minValue) {
    akg_adv_host::Range(akg::adv::Op::Round, srcShape, typeSize, isReuseSource, maxValue, minValue,
                        akg_adv_host::IsV200(ascendcPlatform.GetSocVersion()));
}
inline void GetRoundTmpBufferFactorSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                                        const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    akg_adv_host::Factor(akg::adv::Op::Round, typeSize, maxLiveNodeCount, extraBuf,
                         akg_adv_host::IsV200(ascendcPlatform.GetSocVersion()));
}

// ClampMax / ClampMin share one helper.
inline void GetClampMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                  uint32_t& maxValue, uint32_t& minValue) {
    akg_adv_host::Range(akg::adv::Op::ClampMax, srcShape, typeSize, isReuseSource, maxValue, minValue);
}
inline void GetClampTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    akg_adv_host::Factor(akg::adv::Op::ClampMax, typeSize, maxLiveNodeCount, extraBuf);
}

// Power: a shape [1] stands for the scalar operand (srcShape1: base, srcShape2: exponent).
inline void GetPowerMaxMinTmpSize(const ge::Shape& srcShape1, const ge::Shape& srcShape2, const bool typeIsInt,
                                  const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                                  uint32_t& minValue) {
    const bool baseIsTensor = akg_adv_host::ShapeIsTensor(srcShape1);
    const bool expIsTensor = akg_adv_host::ShapeIsTensor(srcShape2);
    const akg::adv::Op op = baseIsTensor && expIsTensor ? akg::adv::Op::PowTT
                            : baseIsTensor             ? akg::adv::Op::PowTS
                                                       : akg::adv::Op::PowST;
    const uint64_t n = akg_adv_host::ElementsOf(baseIsTensor ? srcShape1 : srcShape2);
    const akg::adv::TmpRange r =
        akg::adv::TmpSizeOf(op, n, typeSize, isReuseSource, akg_adv_host::CurrentIsV200(), typeIsInt);
    maxValue = r.maxValue;
    minValue = r.minValue;
}
inline void GetPowerTmpBufferFactorSize(const bool baseIsTensor, const bool expIsTensor, const bool typeIsInt,
                                        const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    const akg::adv::Op op = baseIsTensor && expIsTensor ? akg::adv::Op::PowTT : akg::adv::Op::PowTS;
    const akg::adv::TmpFactor f = akg::adv::FactorOf(op, typeSize, akg_adv_host::CurrentIsV200(), typeIsInt);
    maxLiveNodeCount = f.maxLiveNodeCount;
    extraBuffer = f.extraBuf;
}

// ---- activation ----

inline void GetSigmoidMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, bool isReuseSource,
                                    uint32_t& maxValue, uint32_t& minValue) {
    akg_adv_host::Range(akg::adv::Op::Sigmoid, srcShape, typeSize, isReuseSource, maxValue, minValue);
}

inline void GetSiluTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                           uint32_t& maxValue, uint32_t& minValue) {
    akg_adv_host::Range(akg::adv::Op::Silu, srcShape, typeSize, isReuseSource, maxValue, minValue);
}

inline void GetSwishTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                            uint32_t& maxValue, uint32_t& minValue) {
    akg_adv_host::Range(akg::adv::Op::Swish, srcShape, typeSize, isReuseSource, maxValue, minValue);
}

// Gelu, FasterGelu and FasterGeluV2 share these.
inline uint32_t GetGeluMaxTmpSize(const ge::Shape& srcShape, const uint32_t typeSize) {
    return akg::adv::TmpSizeOf(akg::adv::Op::Gelu, akg_adv_host::ElementsOf(srcShape), typeSize, false).maxValue;
}
inline uint32_t GetGeluMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize) {
    return akg::adv::TmpSizeOf(akg::adv::Op::Gelu, akg_adv_host::ElementsOf(srcShape), typeSize, false).minValue;
}
inline void GetGeluMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                 uint32_t& minValue) {
    akg_adv_host::Range(akg::adv::Op::Gelu, srcShape, typeSize, false, maxValue, minValue);
}

inline void GetReGluMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                  uint32_t& maxValue, uint32_t& minValue) {
    akg_adv_host::Range(akg::adv::Op::ReGlu, srcShape, typeSize, isReuseSource, maxValue, minValue);
}

// SwiGLU's helper takes isReuseSource last.
inline void GetSwiGLUMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                   uint32_t& minValue, const bool isReuseSource) {
    akg_adv_host::Range(akg::adv::Op::SwiGLU, srcShape, typeSize, isReuseSource, maxValue, minValue);
}
inline void GetSwiGLUTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    akg_adv_host::Factor(akg::adv::Op::SwiGLU, typeSize, maxLiveNodeCount, extraBuffer);
}

}  // namespace AscendC
