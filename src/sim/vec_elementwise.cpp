// Element-wise vector instructions: one description (operands, footprint, pipe) and one
// arithmetic definition per VecOp, for every element type the public headers admit.
#include <cmath>
#include <cstring>

#include "sim/scalar_math.h"
#include "sim/vec_engine.h"

namespace akg::sim {

namespace {

// The operand form of a row (include/akg/sim/instr_table.h).
constexpr bool ReadsDst(VecForm f) { return f == VecForm::BinaryAcc || f == VecForm::ScalarAcc; }
constexpr bool ReadsSrc1(VecForm f) { return f == VecForm::Binary || f == VecForm::BinaryAcc; }

// Whether a row accepts any floating-point or any integer element type: an instruction whose
// row lists no type of a kind has no arithmetic for it (the headers never dispatch it so).
template <VecOp OP>
constexpr bool kAcceptsFloat = kVecAccepts<OP, half> || kVecAccepts<OP, bfloat16_t> || kVecAccepts<OP, float>;
template <VecOp OP>
constexpr bool kAcceptsInteger = kVecAccepts<OP, int16_t> || kVecAccepts<OP, uint16_t> || kVecAccepts<OP, int32_t> ||
                                 kVecAccepts<OP, uint32_t>;
template <VecOp OP>
constexpr bool kNoArithmetic = false;

// Integer + - * wrap modulo 2^bits, as the vector unit does outside saturation mode (the documented
// boundary tables: 32767 + 32767 = -2 for int16). Computed in unsigned arithmetic so that the
// wrap is defined behaviour in C++ for every width.
template <typename W>
using WrapU = std::conditional_t<(sizeof(W) <= 4), uint32_t, uint64_t>;
template <typename W>
W AddW(W p, W q) {
    if constexpr (std::is_integral_v<W>) return W(WrapU<W>(p) + WrapU<W>(q));
    else return W(p + q);
}
template <typename W>
W SubW(W p, W q) {
    if constexpr (std::is_integral_v<W>) return W(WrapU<W>(p) - WrapU<W>(q));
    else return W(p - q);
}
template <typename W>
W MulW(W p, W q) {
    if constexpr (std::is_integral_v<W>) return W(WrapU<W>(p) * WrapU<W>(q));
    else return W(p * q);
}

// dst = OP(a, b, dst) in the element arithmetic of the vector unit. OP is a template argument
// so that each instruction's loop compiles to straight-line (vectorisable) code.
template <VecOp OP, typename D, typename S>
D Apply(S a, S b, D d) {
    using W = Wide<S>;
    const W x = Widen(a), y = Widen(b);
    if constexpr (OP == VecOp::Add || OP == VecOp::Adds) return Narrow<D>(AddW<W>(x, y));
    else if constexpr (OP == VecOp::Sub) return Narrow<D>(SubW<W>(x, y));
    else if constexpr (OP == VecOp::Mul || OP == VecOp::Muls) return Narrow<D>(MulW<W>(x, y));
    else if constexpr (OP == VecOp::Div && kIsFloat<S>) return Narrow<D>(W(x / y));
    else if constexpr (OP == VecOp::Div) return Narrow<D>(W(y == 0 ? 0 : x / y));
    else if constexpr (OP == VecOp::Max || OP == VecOp::Maxs) return Narrow<D>(MaxOf<W>(x, y));
    else if constexpr (OP == VecOp::Min || OP == VecOp::Mins) return Narrow<D>(MinOf<W>(x, y));
    else if constexpr (OP == VecOp::AddRelu) return Narrow<D>(MaxOf<W>(AddW<W>(x, y), W(0)));
    else if constexpr (OP == VecOp::SubRelu) return Narrow<D>(MaxOf<W>(SubW<W>(x, y), W(0)));
    // The multiply-add instructions are not fused: the product is rounded to the destination
    // type first (the documented boundary tables list this intermediate, and its saturation for
    // half outputs), then the sum is rounded again.
    else if constexpr (OP == VecOp::FusedMulAdd)
        return Narrow<D>(W(Widen(Narrow<S>(W(x * Widen(S(d))))) + y));
    else if constexpr (OP == VecOp::FusedMulAddRelu || OP == VecOp::MulAddRelu)
        return Narrow<D>(MaxOf<W>(Widen(S(Narrow<D>(W(Widen(Narrow<S>(W(x * Widen(S(d))))) + y)))), W(0)));
    else if constexpr (OP == VecOp::MulAddDst || OP == VecOp::Axpy) {
        const D prod = Narrow<D>(Wide<D>(Wide<D>(x) * Wide<D>(y)));
        return Narrow<D>(Wide<D>(Widen(d) + Widen(prod)));
    }
    // Negative inputs, including -0.0, are scaled (documented: LeakyRelu(-0.0, MIN) = +0.0).
    else if constexpr (OP == VecOp::LeakyRelu) {
        if constexpr (kIsFloat<S>) return Narrow<D>(!std::signbit(x) ? x : W(x * y));
        else return Narrow<D>(x >= W(0) ? x : MulW<W>(x, y));
    }
    else if constexpr (OP == VecOp::Duplicate) return Narrow<D>(y);
    else if constexpr (OP == VecOp::Relu) return Narrow<D>(MaxOf<W>(x, W(0)));
    else if constexpr (OP == VecOp::Neg) {
        if constexpr (std::is_integral_v<W>) return Narrow<D>(SubW<W>(W(0), x));
        else return Narrow<D>(W(-x));
    }
    else if constexpr (kIsFloat<S>) {
        if constexpr (OP == VecOp::Exp) return Narrow<D>(W(std::exp(x)));
        else if constexpr (OP == VecOp::Ln) return Narrow<D>(W(std::log(x)));
        else if constexpr (OP == VecOp::Abs) return Narrow<D>(W(std::fabs(x)));
        else if constexpr (OP == VecOp::Reciprocal) return Narrow<D>(W(W(1) / x));
        else if constexpr (OP == VecOp::Sqrt) return Narrow<D>(W(std::sqrt(x)));
        else if constexpr (OP == VecOp::Rsqrt) return Narrow<D>(W(W(1) / std::sqrt(x)));
        else if constexpr (!kAcceptsFloat<OP>) return d;
        else static_assert(kNoArithmetic<OP>, "an instruction table row has no arithmetic for float types");
    } else {
        using U = std::make_unsigned_t<S>;
        constexpr U kBits = U(sizeof(S) * 8);
        if constexpr (OP == VecOp::And) return D(S(U(a) & U(b)));
        else if constexpr (OP == VecOp::Or) return D(S(U(a) | U(b)));
        else if constexpr (OP == VecOp::Not) return D(S(~U(a)));
        // The documented shift range includes the full width ([0, 32] for 32-bit types): shifting
        // by the width clears the value, or fills it with the sign bit for an arithmetic right
        // shift (kernels compute x >> 31-style sign masks as x >> 32).
        else if constexpr (OP == VecOp::ShiftLeft) return D(S(U(b) >= kBits ? U(0) : U(U(a) << U(b))));
        else if constexpr (OP == VecOp::ShiftRight) {
            if (U(b) < kBits) return D(S(a >> U(b)));  // arithmetic if signed
            if constexpr (std::is_signed_v<S>) return D(S(a < 0 ? S(-1) : S(0)));
            else return D(S(0));
        }
        else if constexpr (OP == VecOp::Abs) return D(a < 0 ? S(-a) : a);
        else if constexpr (!kAcceptsInteger<OP>) return d;
        else static_assert(kNoArithmetic<OP>, "an instruction table row has no arithmetic for integer types");
    }
}

// Calls f with the VecOp as a compile-time constant: one case per table row.
template <class F>
void WithOp(VecOp op, F&& f) {
    switch (op) {
#define AKG_OP_CASE(NAME, FORM, COST, API, TYPES) \
    case VecOp::NAME: f(std::integral_constant<VecOp, VecOp::NAME>{}); break;
        AKG_VEC_ELEMENTWISE_TABLE(AKG_OP_CASE)
#undef AKG_OP_CASE
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
void VecRun(VecOp op, const char* api, D* dst, const S* src0, const S* src1, S scalar, const VecShape& shape,
            const void* caller) {
    const VecForm form = RowOf(op).form;
    const uint32_t widest = uint32_t(std::max(sizeof(D), sizeof(S)));
    const Iteration it = Resolve(shape, widest, caller);
    const Operand od{reinterpret_cast<uint8_t*>(dst), sizeof(D), shape.blk[0], shape.rep[0]};
    const Operand o0{reinterpret_cast<uint8_t*>(const_cast<S*>(src0)), sizeof(S), shape.blk[1], shape.rep[1]};
    const Operand o1{reinterpret_cast<uint8_t*>(const_cast<S*>(src1)), sizeof(S), shape.blk[2], shape.rep[2]};

    Instr in(op, api, caller);
    const uint64_t dstBytes = Footprint(it, od);
    in.Write(Mem::UB, dst, dstBytes, 32);
    if (ReadsDst(form)) in.Read(Mem::UB, dst, dstBytes, 32);
    if (form != VecForm::Fill) in.Read(Mem::UB, src0, Footprint(it, o0), 32);
    if (ReadsSrc1(form)) in.Read(Mem::UB, src1, Footprint(it, o1), 32);
    in.elements = it.contiguous || it.counter ? it.count : uint64_t(RepeatsOf(it)) * it.lanes;
    in.repeats = it.contiguous ? uint32_t((it.count + it.lanes - 1) / it.lanes) : RepeatsOf(it);
    in.bytes = in.elements * widest;
    if (!Issue(in)) return;

    WithOp(op, [&](auto opConst) {
        constexpr VecOp OP = decltype(opConst)::value;
        constexpr VecForm F = RowOf(OP).form;
        if (it.contiguous) {
            const uint64_t n = it.count;
            if constexpr (ReadsSrc1(F)) {
                for (uint64_t i = 0; i < n; ++i) dst[i] = Apply<OP, D, S>(src0[i], src1[i], dst[i]);
            } else if constexpr (F == VecForm::Scalar || F == VecForm::ScalarAcc) {
                for (uint64_t i = 0; i < n; ++i) dst[i] = Apply<OP, D, S>(src0[i], scalar, dst[i]);
            } else if constexpr (F == VecForm::Unary) {
                for (uint64_t i = 0; i < n; ++i) dst[i] = Apply<OP, D, S>(src0[i], S{}, dst[i]);
            } else {
                const D v = Apply<OP, D, S>(S{}, scalar, D{});
                for (uint64_t i = 0; i < n; ++i) dst[i] = v;
            }
            return;
        }
        const std::array<Operand, 3> ops{od, o0, o1};
        ForEachLane<3>(it, ops, [&](const std::array<uint8_t*, 3>& p) {
            const D d = Load<D>(p[0]);
            const S a = F == VecForm::Fill ? S{} : Load<S>(p[1]);
            const S b = ReadsSrc1(F) ? Load<S>(p[2]) : scalar;
            const D r = Apply<OP, D, S>(a, b, d);
            std::memcpy(p[0], &r, sizeof(D));
        });
    });
}

#define AKG_INSTANTIATE_VEC_RUN(D, S) \
    template void VecRun<D, S>(VecOp, const char*, D*, const S*, const S*, S, const VecShape&, const void*);
AKG_INSTANTIATE_VEC_RUN(half, half)
AKG_INSTANTIATE_VEC_RUN(bfloat16_t, bfloat16_t)
AKG_INSTANTIATE_VEC_RUN(float, float)
AKG_INSTANTIATE_VEC_RUN(double, double)
AKG_INSTANTIATE_VEC_RUN(int8_t, int8_t)
AKG_INSTANTIATE_VEC_RUN(uint8_t, uint8_t)
AKG_INSTANTIATE_VEC_RUN(int16_t, int16_t)
AKG_INSTANTIATE_VEC_RUN(uint16_t, uint16_t)
AKG_INSTANTIATE_VEC_RUN(int32_t, int32_t)
AKG_INSTANTIATE_VEC_RUN(uint32_t, uint32_t)
AKG_INSTANTIATE_VEC_RUN(int64_t, int64_t)
AKG_INSTANTIATE_VEC_RUN(uint64_t, uint64_t)
AKG_INSTANTIATE_VEC_RUN(float, half)
#undef AKG_INSTANTIATE_VEC_RUN

}  // namespace akg::sim
