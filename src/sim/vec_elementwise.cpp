// Element-wise vector instructions: one description (operands, footprint, pipe) and one
// arithmetic definition per VecOp, for every element type the public headers admit.
#include <cmath>
#include <cstring>

#include "sim/scalar_math.h"
#include "sim/vec_engine.h"

namespace akg::sim {

namespace {

enum class Arity : uint8_t { Binary, Scalar, Unary, Fill };
struct OpInfo {
    Arity arity;
    bool readsDst;  // accumulating ops read the destination too
};

OpInfo InfoOf(VecOp op) {
    switch (op) {
        case VecOp::Add:
        case VecOp::Sub:
        case VecOp::Mul:
        case VecOp::Div:
        case VecOp::Max:
        case VecOp::Min:
        case VecOp::And:
        case VecOp::Or:
        case VecOp::AddRelu:
        case VecOp::SubRelu: return {Arity::Binary, false};
        case VecOp::FusedMulAdd:
        case VecOp::MulAddDst: return {Arity::Binary, true};
        case VecOp::Adds:
        case VecOp::Muls:
        case VecOp::Maxs:
        case VecOp::Mins:
        case VecOp::LeakyRelu:
        case VecOp::ShiftLeft:
        case VecOp::ShiftRight: return {Arity::Scalar, false};
        case VecOp::Axpy: return {Arity::Scalar, true};
        case VecOp::Duplicate: return {Arity::Fill, false};
        default: return {Arity::Unary, false};
    }
}

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
        else return d;
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
        else return d;
    }
}

// Calls f with the VecOp as a compile-time constant.
template <class F>
void WithOp(VecOp op, F&& f) {
#define AKG_OP_CASE(X) \
    case VecOp::X: f(std::integral_constant<VecOp, VecOp::X>{}); break;
    switch (op) {
        AKG_OP_CASE(Add) AKG_OP_CASE(Sub) AKG_OP_CASE(Mul) AKG_OP_CASE(Div) AKG_OP_CASE(Max) AKG_OP_CASE(Min)
        AKG_OP_CASE(And) AKG_OP_CASE(Or) AKG_OP_CASE(AddRelu) AKG_OP_CASE(SubRelu) AKG_OP_CASE(FusedMulAdd)
        AKG_OP_CASE(MulAddDst) AKG_OP_CASE(Adds) AKG_OP_CASE(Muls) AKG_OP_CASE(Maxs) AKG_OP_CASE(Mins)
        AKG_OP_CASE(LeakyRelu) AKG_OP_CASE(ShiftLeft) AKG_OP_CASE(ShiftRight) AKG_OP_CASE(Axpy) AKG_OP_CASE(Exp)
        AKG_OP_CASE(Ln) AKG_OP_CASE(Abs) AKG_OP_CASE(Reciprocal) AKG_OP_CASE(Sqrt) AKG_OP_CASE(Rsqrt)
        AKG_OP_CASE(Relu) AKG_OP_CASE(Not) AKG_OP_CASE(Neg) AKG_OP_CASE(Duplicate)
    }
#undef AKG_OP_CASE
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
    const OpInfo info = InfoOf(op);
    const uint32_t widest = uint32_t(std::max(sizeof(D), sizeof(S)));
    const Iteration it = Resolve(shape, widest, caller);
    const Operand od{reinterpret_cast<uint8_t*>(dst), sizeof(D), shape.blk[0], shape.rep[0]};
    const Operand o0{reinterpret_cast<uint8_t*>(const_cast<S*>(src0)), sizeof(S), shape.blk[1], shape.rep[1]};
    const Operand o1{reinterpret_cast<uint8_t*>(const_cast<S*>(src1)), sizeof(S), shape.blk[2], shape.rep[2]};

    Instr in(api, Pipe::V, caller);
    const uint64_t dstBytes = Footprint(it, od);
    in.Write(Mem::UB, dst, dstBytes, 32);
    if (info.readsDst) in.Read(Mem::UB, dst, dstBytes, 32);
    if (info.arity != Arity::Fill) in.Read(Mem::UB, src0, Footprint(it, o0), 32);
    if (info.arity == Arity::Binary) in.Read(Mem::UB, src1, Footprint(it, o1), 32);
    in.elements = it.contiguous || it.counter ? it.count : uint64_t(RepeatsOf(it)) * it.lanes;
    in.repeats = it.contiguous ? uint32_t((it.count + it.lanes - 1) / it.lanes) : RepeatsOf(it);
    in.bytes = in.elements * widest;
    in.costClass = uint8_t(op);
    if (!Issue(in)) return;

    WithOp(op, [&](auto opConst) {
        constexpr VecOp OP = decltype(opConst)::value;
        if (it.contiguous) {
            const uint64_t n = it.count;
            switch (info.arity) {
                case Arity::Binary:
                    for (uint64_t i = 0; i < n; ++i) dst[i] = Apply<OP, D, S>(src0[i], src1[i], dst[i]);
                    break;
                case Arity::Scalar:
                    for (uint64_t i = 0; i < n; ++i) dst[i] = Apply<OP, D, S>(src0[i], scalar, dst[i]);
                    break;
                case Arity::Unary:
                    for (uint64_t i = 0; i < n; ++i) dst[i] = Apply<OP, D, S>(src0[i], S{}, dst[i]);
                    break;
                case Arity::Fill: {
                    const D v = Apply<OP, D, S>(S{}, scalar, D{});
                    for (uint64_t i = 0; i < n; ++i) dst[i] = v;
                    break;
                }
            }
            return;
        }
        const std::array<Operand, 3> ops{od, o0, o1};
        ForEachLane<3>(it, ops, [&](const std::array<uint8_t*, 3>& p) {
            const D d = Load<D>(p[0]);
            const S a = info.arity == Arity::Fill ? S{} : Load<S>(p[1]);
            const S b = info.arity == Arity::Binary ? Load<S>(p[2]) : scalar;
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
