// Cast: element type conversion with an explicit RoundMode. The mask follows the wider of the
// two types: a repeat covers 256 bytes of the wider operand.
#include <cstring>

#include "basic_api/kernel_operator_vec_vconv_intf.h"
#include "sim/scalar_math.h"
#include "sim/vec_engine.h"

namespace akg::sim {

namespace {

using AscendC::RoundMode;

// Whether the hardware offers `mode` for this pair; CAST_NONE is always accepted (it means
// "round to nearest even where the conversion is inexact").
template <typename D, typename S>
bool ModeSupported(RoundMode mode) {
    if (mode == RoundMode::CAST_NONE) return true;
    const bool rounding = mode == RoundMode::CAST_RINT || mode == RoundMode::CAST_FLOOR || mode == RoundMode::CAST_CEIL ||
                          mode == RoundMode::CAST_ROUND || mode == RoundMode::CAST_TRUNC;
    if constexpr (std::is_same_v<D, half> && std::is_same_v<S, float>) return rounding || mode == RoundMode::CAST_ODD;
    else if constexpr (std::is_same_v<D, half> && std::is_same_v<S, int16_t>) return rounding;
    else if constexpr (std::is_same_v<D, half> && std::is_same_v<S, int32_t>) return true;  // DEQSCALE path
    else if constexpr (std::is_same_v<S, half> && kOneOf<D, int8_t, uint8_t, int16_t, int32_t, int4b_t>) return rounding;
    else if constexpr (std::is_same_v<S, bfloat16_t> && std::is_same_v<D, int32_t>) return rounding;
    else if constexpr (std::is_same_v<S, float> && kOneOf<D, int16_t, int32_t, int64_t, bfloat16_t, float>) return rounding;
    else if constexpr (kOneOf<S, int32_t, int64_t> && std::is_same_v<D, float>) return rounding;
    else return false;  // exact conversions take CAST_NONE only
}

// v as long double, exactly. For half the conversion goes through float in a register: g++ would
// fold half -> float -> long double (all exact) into one slow libgcc call, __extendhfxf2, which
// took a fifth of a half Cast's time; the hardware conversion to float (F16C) is one instruction.
template <typename S>
long double Extend(S v) {
    Wide<S> w = Widen(v);
    if constexpr (kIsLowFloat<S>) asm("" : "+x"(w));
    return static_cast<long double>(w);
}

template <typename D, typename S>
D Convert(S v, RoundMode mode, float deqScale) {
    if constexpr (std::is_same_v<D, half> && std::is_same_v<S, int32_t>) {
        return static_cast<half>(static_cast<float>(v) * deqScale);
    } else if constexpr (std::is_same_v<D, S>) {
        // float -> float rounds to an integral value (CAST_NONE loses nothing, so it copies), and
        // the documented boundary table gives -0 -> +0 for this conversion.
        const long double x = Extend(v);
        const Wide<D> r = mode == RoundMode::CAST_NONE ? Widen(v) : static_cast<Wide<D>>(RoundIntegral(x, mode));
        return Narrow<D>(r == 0 ? Wide<D>(0) : r);
    } else if constexpr (kIsFloat<D>) {
        if (mode == RoundMode::CAST_NONE || mode == RoundMode::CAST_RINT) {
            if constexpr (std::is_integral_v<S>) return RoundFloatTo<D>(Extend(v), RoundMode::CAST_RINT);
            else return Narrow<D>(Widen(v));  // round-to-nearest-even conversion
        }
        return RoundFloatTo<D>(Extend(v), mode);
    } else if constexpr (kIsFloat<S>) {
        return RoundToInt<D>(Extend(v), mode == RoundMode::CAST_NONE ? RoundMode::CAST_RINT : mode);
    } else {
        // Integer narrowing saturates; widening is exact.
        if (v > static_cast<S>(std::numeric_limits<D>::max()) && sizeof(S) > sizeof(D)) return std::numeric_limits<D>::max();
        if constexpr (std::is_signed_v<S>)
            if (v < static_cast<S>(std::numeric_limits<D>::min()) && sizeof(S) > sizeof(D)) return std::numeric_limits<D>::min();
        return static_cast<D>(v);
    }
}

template <typename T>
T Load(const uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;
}

}  // namespace

template <typename D, typename S>
void VecCast(D* dst, const S* src, RoundMode mode, const VecShape& shape, const void* caller) {
    const uint32_t widest = uint32_t(std::max(sizeof(D), sizeof(S)));
    const Iteration it = Resolve(shape, widest, caller);
    const Operand od{reinterpret_cast<uint8_t*>(dst), sizeof(D), shape.blk[0], shape.rep[0]};
    const Operand os{reinterpret_cast<uint8_t*>(const_cast<S*>(src)), sizeof(S), shape.blk[1], shape.rep[1]};
    Instr in(InstrId::Cast, caller);
    in.Write(Mem::UB, dst, Footprint(it, od), 32).Read(Mem::UB, src, Footprint(it, os), 32);
    in.elements = it.contiguous || it.counter ? it.count : uint64_t(RepeatsOf(it)) * it.lanes;
    in.repeats = uint32_t((in.elements + it.lanes - 1) / it.lanes);
    in.bytes = in.elements * widest;
    if (!ModeSupported<D, S>(mode))
        Diag("CAST_ROUNDMODE_UNSUPPORTED", caller,
             Format("Cast with RoundMode %d is not offered for this source/destination type pair", int(mode)));
    if (!Issue(in)) return;
    const float deq = Cur().deqScale;
    if (it.contiguous) {
        for (uint64_t i = 0; i < it.count; ++i) dst[i] = Convert<D, S>(src[i], mode, deq);
        return;
    }
    ForEachLane<2>(it, std::array<Operand, 2>{od, os}, [&](const std::array<uint8_t*, 2>& p) {
        const D r = Convert<D, S>(Load<S>(p[1]), mode, deq);
        std::memcpy(p[0], &r, sizeof(D));
    });
}

void SetDeqScaleValue(float scale) { Cur().deqScale = scale; }

#define AKG_INSTANTIATE_CAST(D, S) \
    template void VecCast<D, S>(D*, const S*, RoundMode, const VecShape&, const void*);
AKG_INSTANTIATE_CAST(half, int8_t)
AKG_INSTANTIATE_CAST(half, uint8_t)
AKG_INSTANTIATE_CAST(half, int16_t)
AKG_INSTANTIATE_CAST(half, int32_t)
AKG_INSTANTIATE_CAST(half, float)
AKG_INSTANTIATE_CAST(float, int16_t)
AKG_INSTANTIATE_CAST(float, half)
AKG_INSTANTIATE_CAST(float, bfloat16_t)
AKG_INSTANTIATE_CAST(float, int32_t)
AKG_INSTANTIATE_CAST(float, float)
AKG_INSTANTIATE_CAST(float, int64_t)
AKG_INSTANTIATE_CAST(int8_t, half)
AKG_INSTANTIATE_CAST(uint8_t, half)
AKG_INSTANTIATE_CAST(int16_t, half)
AKG_INSTANTIATE_CAST(int16_t, int32_t)
AKG_INSTANTIATE_CAST(int16_t, float)
AKG_INSTANTIATE_CAST(int32_t, half)
AKG_INSTANTIATE_CAST(int32_t, bfloat16_t)
AKG_INSTANTIATE_CAST(int32_t, float)
AKG_INSTANTIATE_CAST(int32_t, int64_t)
AKG_INSTANTIATE_CAST(int64_t, int32_t)
AKG_INSTANTIATE_CAST(int64_t, float)
AKG_INSTANTIATE_CAST(bfloat16_t, float)
#undef AKG_INSTANTIATE_CAST

}  // namespace akg::sim
