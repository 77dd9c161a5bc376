// The element-wise high-level APIs (include/lib/akg_adv/adv_api.h): Tanh, Sigmoid, Erf, ...,
// Power, Fmod, Xor, Gelu, GeGLU, SwiGLU, ReGlu, Axpy. One call is one vector-pipe instruction:
// it reads its sources (and Axpy its destination), writes its destination and, in the
// sharedTmpBuffer forms, the part of the temporary buffer the implementation uses.
//
// Numerics: every element is computed from the exact input values in double precision and
// rounded once to the element type (round to nearest even), following PyTorch's definition of
// each function (torch.sign(0) = 0, torch.round ties to even, torch.frac(x) = x - trunc(x),
// digamma(0) = -inf, integer pow with negative exponents = 0 unless the base is +-1, ...). The
// device's own approximations are not reproduced; they are documented to be within the
// tolerance of the element type. Sigmoid is the exception: its library implementation is a
// sequence of vector instructions in T (Muls by -1, Exp, Adds 1, reciprocal by Div), each
// rounding to T, which for half differs from the once-rounded value by up to two ulps; the
// simulator rounds after each of those steps too.
//
// Checks beyond operand placement: the temporary space must hold the documented minimum
// (ADV_TMP_BUFFER_SMALL), both for a caller's sharedTmpBuffer and for the forms that take it from
// the unallocated end of UB.
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "lib/akg_adv/adv_sim.h"
#include "sim/adv_check.h"
#include "sim/runtime.h"
#include "sim/scalar_math.h"

namespace akg::sim {

namespace {

using adv::Op;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = 3.141592653589793238462643383279502884;

// ---- scalar definitions ----

double Sigmoid(double x) {
    if (std::isnan(x)) return x;
    if (x >= 0) return 1.0 / (1.0 + std::exp(-x));
    const double e = std::exp(x);
    return e / (1.0 + e);
}

// x * Phi(x) with the tanh approximation: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))),
// written as x * sigmoid(2u), which has no cancellation for negative x.
double GeluTanh(double x) {
    const double u = 0.7978845608028654 * (x + 0.044715 * x * x * x);
    return x * Sigmoid(2.0 * u);
}

// FastGeluV2: x * (sgn(x) * (-0.1444 * (min(|0.7071 x|, 1.769) - 1.769)^2 + 0.5) + 0.5), where
// sgn(x) = (x + 1e-12) / |x + 1e-12|.
double FasterGeluV2(double x) {
    if (std::isnan(x)) return x;
    const double t = std::fmin(std::fabs(0.7071 * x), 1.769) - 1.769;
    const double x1 = -0.1444 * t * t + 0.5;
    const double e = x + 1e-12;
    const double sgn = e / std::fabs(e);  // as documented: NaN for infinite x
    return x * (sgn * x1 + 0.5);
}

double Sign(double x) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0); }  // NaN and -0 give 0, as torch.sign

// psi(x): reflection for negative x, recurrence up to x >= 10, then the asymptotic series.
double Digamma(double x) {
    if (std::isnan(x)) return x;
    if (x == 0) return std::signbit(x) ? kInf : -kInf;
    if (std::isinf(x)) return x > 0 ? kInf : kNaN;
    if (x < 0) {
        if (x == std::floor(x)) return kNaN;
        // psi(x) = psi(1 - x) - pi / tan(pi x); reduce the argument of tan to (-0.5, 0.5].
        double r = x - std::round(x);
        return Digamma(1.0 - x) - kPi / std::tan(kPi * r);
    }
    double acc = 0;
    while (x < 10) {
        acc -= 1.0 / x;
        x += 1;
    }
    const double f = 1.0 / (x * x);
    // ln x - 1/(2x) - sum B_2k / (2k x^2k), k = 1..7
    const double series =
        f * (-1.0 / 12 +
             f * (1.0 / 120 +
                  f * (-1.0 / 252 + f * (1.0 / 240 + f * (-1.0 / 132 + f * (691.0 / 32760 + f * (-1.0 / 12)))))));
    return acc + std::log(x) - 0.5 / x + series;
}

// Integer power as torch.pow on int32: wraps modulo 2^32; negative exponents give 0 except for
// bases 1 and -1.
int32_t IntPow(int32_t base, int32_t e) {
    if (e < 0) {
        if (base == 1) return 1;
        if (base == -1) return (e & 1) ? -1 : 1;
        return 0;
    }
    uint32_t r = 1, b = uint32_t(base);
    uint32_t k = uint32_t(e);
    while (k) {
        if (k & 1) r *= b;
        b *= b;
        k >>= 1;
    }
    return int32_t(r);
}

double MinProp(double a, double b) { return std::isnan(a) || std::isnan(b) ? kNaN : (a > b ? b : a); }
double MaxProp(double a, double b) { return std::isnan(a) || std::isnan(b) ? kNaN : (a < b ? b : a); }

// f(x) for the one-source operations (s: the scalar argument where there is one).
double Eval1(Op op, double x, double s) {
    switch (op) {
        case Op::Tanh: return std::tanh(x);
        case Op::Sigmoid: return Sigmoid(x);
        case Op::Erf: return std::erf(x);
        case Op::Erfc: return std::erfc(x);
        case Op::Sin: return std::sin(x);
        case Op::Cos: return std::cos(x);
        case Op::Tan: return std::tan(x);
        case Op::Asin: return std::asin(x);
        case Op::Acos: return std::acos(x);
        case Op::Atan: return std::atan(x);
        case Op::Sinh: return std::sinh(x);
        case Op::Cosh: return std::cosh(x);
        case Op::Asinh: return std::asinh(x);
        case Op::Acosh: return std::acosh(x);
        case Op::Atanh: return std::atanh(x);
        case Op::Exp: return std::exp(x);
        case Op::Log: return std::log(x);
        case Op::Log2: return std::log2(x);
        case Op::Log10: return std::log10(x);
        case Op::Sign: return Sign(x);
        case Op::Floor: return std::floor(x);
        case Op::Ceil: return std::ceil(x);
        case Op::Round: return std::nearbyint(x);  // the default rounding mode: ties to even
        case Op::Trunc: return std::trunc(x);
        case Op::Frac: return x - std::trunc(x);  // NaN for infinities, as torch.frac
        case Op::Lgamma: return std::lgamma(x);
        case Op::Digamma: return Digamma(x);
        case Op::Silu: return x * Sigmoid(x);
        case Op::Gelu: return GeluTanh(x);
        case Op::FasterGelu: return x * Sigmoid(1.702 * x);
        case Op::FasterGeluV2: return FasterGeluV2(x);
        case Op::ClampMax: return MinProp(x, s);
        case Op::ClampMin: return MaxProp(x, s);
        case Op::Swish: return x * Sigmoid(s * x);
        case Op::PowTS: return std::pow(x, s);
        case Op::PowST: return std::pow(s, x);
        default: return kNaN;
    }
}

// f(a, b) for the two-source operations.
double Eval2(Op op, double a, double b, double s) {
    switch (op) {
        case Op::PowTT: return std::pow(a, b);
        case Op::Fmod: return std::fmod(a, b);
        case Op::GeGLU: return a * GeluTanh(b);
        case Op::ReGlu: return a * MaxProp(b, 0.0);
        case Op::SwiGLU: return a * (b * Sigmoid(s * b));
        default: return kNaN;
    }
}

// ---- element access ----

template <typename T>
double ToD(T v) {
    if constexpr (std::is_same_v<T, bfloat16_t>)
        return static_cast<double>(static_cast<float>(v));
    else
        return static_cast<double>(v);
}
template <typename T>
T FromD(double v) {
    if constexpr (std::is_same_v<T, bfloat16_t>)
        return RoundFloatTo<bfloat16_t>(static_cast<long double>(v), AscendC::RoundMode::CAST_RINT);
    else
        return static_cast<T>(v);  // half (_Float16) and float: one correctly rounded conversion
}

bool IsUnary(Op op) { return op <= Op::PowST; }

// Sigmoid as the library computes it: 1 / (1 + exp(-x)), every step rounded to T.
template <typename T>
T SigmoidSteps(T x) {
    const T negated = FromD<T>(-ToD(x));
    const T e = FromD<T>(std::exp(ToD(negated)));
    const T denominator = FromD<T>(ToD(e) + 1.0);
    return FromD<T>(1.0 / ToD(denominator));
}

// Each Compute* reads every source element before writing any result: the library converts or
// copies its input into the temporary space chunk by chunk before writing dst, so kernels whose
// dst partially overlaps src (NPUKernelBench MulSigmoidMulAddCustom places Sigmoid's dst half a
// tile after its src) get the values the device computes.
template <typename T, typename F>
void Produce(T* d, uint64_t n, F f) {
    std::vector<T> out(n);
    for (uint64_t i = 0; i < n; ++i) out[i] = f(i);
    std::memcpy(static_cast<void*>(d), out.data(), n * sizeof(T));
}

template <typename T>
void ComputeFloat(const AdvCall& c) {
    T* d = static_cast<T*>(c.dst);
    const T* a = static_cast<const T*>(c.src0);
    const T* b = static_cast<const T*>(c.src1);
    const Op op = c.op;
    const double s = c.scalar;
    if (op == Op::Axpy) {
        if (c.srcType == DType::F16) {
            const half* u = static_cast<const half*>(c.src0);
            Produce(d, c.count, [&](uint64_t i) { return FromD<T>(ToD(d[i]) + ToD(u[i]) * s); });
        } else {
            Produce(d, c.count, [&](uint64_t i) { return FromD<T>(ToD(d[i]) + ToD(a[i]) * s); });
        }
    } else if (op == Op::Sigmoid) {
        Produce(d, c.count, [&](uint64_t i) { return SigmoidSteps<T>(a[i]); });
    } else if (IsUnary(op)) {
        Produce(d, c.count, [&](uint64_t i) { return FromD<T>(Eval1(op, ToD(a[i]), s)); });
    } else {
        Produce(d, c.count, [&](uint64_t i) { return FromD<T>(Eval2(op, ToD(a[i]), ToD(b[i]), s)); });
    }
}

void ComputeInt32(const AdvCall& c) {
    const int32_t* a = static_cast<const int32_t*>(c.src0);
    const int32_t* b = static_cast<const int32_t*>(c.src1);
    const int32_t s = static_cast<int32_t>(c.scalar);
    const Op op = c.op;
    Produce(static_cast<int32_t*>(c.dst), c.count, [&](uint64_t i) {
        return op == Op::PowTT ? IntPow(a[i], b[i]) : (op == Op::PowTS ? IntPow(a[i], s) : IntPow(s, a[i]));
    });
}

template <typename T>
void ComputeXor(const AdvCall& c) {
    const T* a = static_cast<const T*>(c.src0);
    const T* b = static_cast<const T*>(c.src1);
    Produce(static_cast<T*>(c.dst), c.count, [&](uint64_t i) { return T(a[i] ^ b[i]); });
}

// ---- cost ----

// Vector instructions per 256-byte repeat that the library's implementation issues (an estimate
// from its algorithm: polynomial degree, range reduction, selects), so that a cost model can
// charge Erf or Lgamma many times an Add. 16-bit inputs add the conversions to float and back.
uint32_t StepsOf(Op op, uint8_t taylor) {
    switch (op) {
        case Op::Tanh: return 6;
        case Op::Sigmoid: return 4;
        case Op::Erf: return 14;
        case Op::Erfc: return 22;
        case Op::Sin:
        case Op::Cos: return 16;
        case Op::Tan: return 20;
        case Op::Asin: return 20;
        case Op::Acos: return 22;
        case Op::Atan: return 18;
        case Op::Sinh:
        case Op::Cosh: return 6;
        case Op::Asinh:
        case Op::Acosh: return 10;
        case Op::Atanh: return 8;
        case Op::Exp: return taylor ? 6 + 2u * taylor : 1;
        case Op::Log: return 1;
        case Op::Log2:
        case Op::Log10: return 2;
        case Op::Sign: return 6;
        case Op::Floor:
        case Op::Ceil:
        case Op::Trunc: return 3;
        case Op::Round: return 2;
        case Op::Frac: return 4;
        case Op::Lgamma: return 60;
        case Op::Digamma: return 50;
        case Op::Silu: return 4;
        case Op::Gelu: return 10;
        case Op::FasterGelu: return 4;
        case Op::FasterGeluV2: return 10;
        case Op::ClampMax:
        case Op::ClampMin: return 2;
        case Op::Swish: return 5;
        case Op::PowTS:
        case Op::PowST: return 12;
        case Op::PowTT: return 14;
        case Op::Fmod: return 8;
        case Op::Xor: return 4;
        case Op::GeGLU: return 8;
        case Op::ReGlu: return 2;
        case Op::SwiGLU: return 6;
        case Op::Axpy: return 2;
        case Op::Count: break;
    }
    return 1;
}

bool ComputedNatively(Op op) {
    return op == Op::Xor || op == Op::Log || op == Op::Log10 || op == Op::Silu || op == Op::Swish ||
           op == Op::ClampMax || op == Op::ClampMin || op == Op::Exp;
}

const char* TypeName(DType t) {
    switch (t) {
        case DType::F16: return "half";
        case DType::BF16: return "bfloat16_t";
        case DType::F32: return "float";
        case DType::I32: return "int32_t";
        case DType::I16: return "int16_t";
        case DType::U16: return "uint16_t";
        default: return "?";
    }
}

}  // namespace

void CheckAdvTmpSpace(const char* api, DType type, const adv::TmpRange& need, uint64_t count, bool sharedTmp,
                      uint64_t tmpBytes, const void* caller) {
    if (sharedTmp) {
        if (tmpBytes < need.minValue)
            Diag("ADV_TMP_BUFFER_SMALL", caller,
                 Format("%s<%s>: sharedTmpBuffer holds %llu bytes but the API needs at least %u (at most %u for "
                        "these %llu elements); size it with the GetXxxMaxMinTmpSize helper",
                        api, TypeName(type), static_cast<unsigned long long>(tmpBytes), need.minValue,
                        need.maxValue, static_cast<unsigned long long>(count)));
    } else if (need.minValue > 0) {
        Core& core = Cur();
        const uint64_t cap = MemCapacity(Mem::UB);
        const uint64_t used = core.cursor[size_t(Mem::UB)];
        const uint64_t freeBytes = used < cap ? cap - used : 0;
        if (!core.stackTmpCaller) core.stackTmpCaller = caller;
        if (core.popStackCaller)
            Diag("POP_STACK_CONFLICT", caller,
                 Format("%s<%s> takes its temporary space from the unallocated end of UB, which PopStackBuffer "
                        "({related}) handed to the kernel; pass a sharedTmpBuffer, or do not use PopStackBuffer in "
                        "an operator that calls high-level APIs",
                        api, TypeName(type)),
                 core.popStackCaller);
        if (freeBytes < need.minValue)
            Diag("ADV_TMP_BUFFER_SMALL", caller,
                 Format("%s<%s> takes its temporary space (at least %u bytes) from the unallocated end of UB, but "
                        "TPipe::InitBuffer left only %llu of %llu bytes free; reserve that space or pass a "
                        "sharedTmpBuffer",
                        api, TypeName(type), need.minValue, static_cast<unsigned long long>(freeBytes),
                        static_cast<unsigned long long>(cap)));
    }
}

void AdvRun(const AdvCall& c) {
    if (c.count == 0) return;
    const Op op = c.op;
    const uint32_t esize = uint32_t(DTypeSize(c.type));
    const uint32_t srcSize = uint32_t(DTypeSize(c.srcType));
    const bool isInt = c.type == DType::I32 || c.type == DType::I16 || c.type == DType::U16;
    // Temporary-space rules are stated in the size of the source type (Axpy: of U).
    const uint32_t ruleSize = op == Op::Axpy ? srcSize : esize;
    const adv::TmpRange need = adv::TmpSizeOf(op, c.count, ruleSize, c.isReuseSource, c.v200, isInt);

    CheckAdvTmpSpace(c.api, c.type, need, c.count, c.sharedTmp, c.tmpBytes, c.caller);

    Instr in(InstrFamily::AdvMath, c.api, c.caller);
    const uint64_t dstBytes = c.count * esize;
    in.Write(Mem::UB, c.dst, dstBytes, 32);
    if (op == Op::Axpy) in.Read(Mem::UB, c.dst, dstBytes, 32);
    in.Read(Mem::UB, c.src0, c.count * srcSize, 32);
    if (c.src1) in.Read(Mem::UB, c.src1, c.count * esize, 32);
    uint64_t tmpUsed = 0;
    if (c.sharedTmp) {
        tmpUsed = std::min<uint64_t>(c.tmpBytes, need.maxValue);
        if (tmpUsed) in.Write(Mem::UB, c.tmp, tmpUsed, 32);
    }
    const bool viaFloat = (c.type == DType::F16 || c.type == DType::BF16) && !ComputedNatively(op);
    const uint64_t calcBytes = c.count * (viaFloat ? 4 : std::max(esize, srcSize));
    in.elements = c.count;
    in.bytes = c.count * std::max(esize, srcSize);
    in.repeats = uint32_t(std::min<uint64_t>(
        (calcBytes + 255) / 256 * (StepsOf(op, c.taylorExpandLevel) + (viaFloat ? 2 : 0)), UINT32_MAX));
    if (!Issue(in)) return;

    switch (c.type) {
        case DType::F16: ComputeFloat<half>(c); break;
        case DType::BF16: ComputeFloat<bfloat16_t>(c); break;
        case DType::F32: ComputeFloat<float>(c); break;
        case DType::I32: ComputeInt32(c); break;
        case DType::I16: ComputeXor<int16_t>(c); break;
        case DType::U16: ComputeXor<uint16_t>(c); break;
        default: break;
    }
    // The implementation leaves intermediate values in the temporary buffer: make them visible
    // (all-ones bytes, NaN in every float format) rather than keeping the caller's old data.
    if (tmpUsed) std::memset(c.tmp, 0xFF, tmpUsed);

    // Like every count-form vector API, the call leaves the mask register in Normal mode, full.
    Core& core = Cur();
    core.counterMode = false;
    core.maskLo = core.maskHi = ~0ull;
    core.maskKind = Core::MaskKind::Normal;
}

}  // namespace akg::sim
