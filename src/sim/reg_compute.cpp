// The register-based vector API of Ascend 950 (basic_api/reg_compute/kernel_reg_compute_*_intf.h,
// AscendC::Reg / AscendC::MicroAPI): the semantics of each register instruction, and the one
// Instr it issues (docs/reg-api.md).
//
// A register is 256 bytes (VL), a predicate one flag per register byte. Every call is an
// instruction of the vector pipe (its AKG_REG_TABLE row's cost class, one 256-byte step);
// LoadAlign / StoreAlign are UB accesses the checker judges like any vector operand (in local
// memory, 32-byte aligned, not overrunning into another buffer). Register instructions exist
// only inside a __simd_vf__ function started by asc_vf_call, and only on a platform with the
// Ascend 950 vector core (the SIMT flag of the platform description: both are the 3510 core's).
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "akg/sim/reg.h"
#include "sim/runtime.h"

namespace akg::sim {

namespace {

struct VfState {
    bool active = false;
};
VfState g_simdVf;

void RequireVf(RegOp op, const void* caller) {
    if (!g_simdVf.active)
        Fatal("REG_OUTSIDE_VF", caller,
              Format("%s outside a __simd_vf__ function: register instructions run only inside a VF that "
                     "asc_vf_call<Func>(...) starts",
                     RowOf(op).name));
}

uint32_t SizeOf(DType t) {
    switch (t) {
        case DType::U8: case DType::I8: case DType::B8: return 1;
        case DType::U16: case DType::I16: case DType::F16: case DType::BF16: return 2;
        case DType::U32: case DType::I32: case DType::F32: return 4;
        default: return 8;
    }
}

// The instruction of one register operation: one 256-byte step on the vector pipe.
Instr Step(RegOp op, DType t, const void* caller) {
    Instr in(op, caller);
    in.repeats = 1;
    in.bytes = kRegBytes;
    in.elements = kRegBytes / SizeOf(t);
    return in;
}

template <typename F>
void WithType(DType t, const char* api, const void* caller, F&& f) {
    switch (t) {
        case DType::I8: f(int8_t{}); return;
        case DType::U8: f(uint8_t{}); return;
        case DType::I16: f(int16_t{}); return;
        case DType::U16: f(uint16_t{}); return;
        case DType::F16: f(half{}); return;
        case DType::BF16: f(bfloat16_t{}); return;
        case DType::I32: f(int32_t{}); return;
        case DType::U32: f(uint32_t{}); return;
        case DType::F32: f(float{}); return;
        default: break;
    }
    Fatal("REG_MODE_UNSUPPORTED", caller, Format("%s: element type not supported by the register file", api));
}

template <typename T>
constexpr bool kFloatLike = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> || std::is_same_v<T, float>;
// The type arithmetic runs in: float for the 16-bit floats (rounded back on store), else T.
template <typename T>
using Wide = std::conditional_t<std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>, float, T>;

template <typename T>
T Get(const RegBytes* r, uint32_t i) {
    T v;
    std::memcpy(static_cast<void*>(&v), r->b + i * sizeof(T), sizeof(T));
    return v;
}
template <typename T>
void Put(RegBytes* r, uint32_t i, T v) {
    std::memcpy(r->b + i * sizeof(T), &v, sizeof(T));
}
template <typename T>
T FromBits(uint64_t bits) {
    T v;
    std::memcpy(static_cast<void*>(&v), &bits, sizeof(T));
    return v;
}
bool Active(const MaskBytes* m, uint32_t i, uint32_t size) { return m == nullptr || m->b[i * size] != 0; }

// NaN-propagating max / min (the NPU's vmax / vmin).
template <typename W>
W MaxOf(W a, W b) {
    if constexpr (std::is_floating_point_v<W>)
        if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<W>::quiet_NaN();
    return a > b ? a : b;
}
template <typename W>
W MinOf(W a, W b) {
    if constexpr (std::is_floating_point_v<W>)
        if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<W>::quiet_NaN();
    return a < b ? a : b;
}

template <typename T>
T Apply(RegOp op, T ta, T tb, T ts, T td, const void* caller) {
    using W = Wide<T>;
    const W a = W(ta), b = W(tb), s = W(ts), d = W(td);
    switch (op) {
        case RegOp::Add: return T(W(a + b));
        case RegOp::Sub: return T(W(a - b));
        case RegOp::Mul: return T(W(a * b));
        case RegOp::Div:
            if constexpr (!kFloatLike<T>)
                if (b == 0) return T(std::numeric_limits<T>::max());
            return T(W(a / b));
        case RegOp::Max: return T(MaxOf(a, b));
        case RegOp::Min: return T(MinOf(a, b));
        case RegOp::And:
            if constexpr (!kFloatLike<T>) return T(ta & tb);
            break;
        case RegOp::Or:
            if constexpr (!kFloatLike<T>) return T(ta | tb);
            break;
        case RegOp::Adds: return T(W(a + s));
        case RegOp::Muls: return T(W(a * s));
        case RegOp::Maxs: return T(MaxOf(a, s));
        case RegOp::Mins: return T(MinOf(a, s));
        case RegOp::ShiftLefts:
            if constexpr (!kFloatLike<T>) {
                using U = std::make_unsigned_t<T>;
                const int64_t n = int64_t(s);
                return n < 0 || n >= int64_t(8 * sizeof(T)) ? T(0) : T(U(U(a) << n));
            }
            break;
        case RegOp::ShiftRights:
            if constexpr (!kFloatLike<T>) {
                const int64_t n = int64_t(s);
                if (n < 0 || n >= int64_t(8 * sizeof(T))) return std::is_signed_v<T> && a < 0 ? T(-1) : T(0);
                return T(a >> n);
            }
            break;
        case RegOp::Exp:
            if constexpr (kFloatLike<T>) return T(std::exp(float(a)));
            break;
        case RegOp::Ln:
            if constexpr (kFloatLike<T>) return T(std::log(float(a)));
            break;
        case RegOp::Sqrt:
            if constexpr (kFloatLike<T>) return T(std::sqrt(float(a)));
            break;
        case RegOp::Abs: return a < W(0) ? T(W(-a)) : ta;
        case RegOp::Relu: return a > W(0) ? ta : T(W(0));
        case RegOp::FusedMulDstAdd:  // dst = dst * src0 + src1, one rounding
            if constexpr (kFloatLike<T>) return T(std::fma(float(d), float(a), float(b)));
            break;
        case RegOp::MulAddDst:  // dst = src0 * src1 + dst
            if constexpr (kFloatLike<T>) return T(std::fma(float(a), float(b), float(d)));
            else return T(W(a * b + d));
        case RegOp::Duplicate: return ts;
        default: break;
    }
    Fatal("REG_MODE_UNSUPPORTED", caller, Format("%s: not defined for this element type", RowOf(op).name));
}

}  // namespace

namespace {
// A VF's start: the platform must have the register-based vector core, VFs do not nest, and the
// launch is one vector-pipe instruction that the VF's register steps follow.
void EnterSimdVf(const char* what, const void* caller) {
    const PlatformSpec& p = Rt().platform;
    if (!p.simt)
        Fatal("SOC_UNSUPPORTED", caller,
              Format("%s: %s has no register-based vector core (the AscendC::Reg / MicroAPI programming "
                     "model is Ascend 950's)",
                     what, p.socVersion.c_str()));
    if (g_simdVf.active) Fatal("REG_OUTSIDE_VF", caller, Format("%s inside a running VF: VFs do not nest", what));
    Instr in(InstrId::AscVfCallSimd, caller);
    Issue(in);
    g_simdVf.active = true;
}
}  // namespace

void SimdVfRun(void (*body)(void*), void* ctx, const void* caller) {
    EnterSimdVf("asc_vf_call of a __simd_vf__ function", caller);
    struct Leave {
        ~Leave() { g_simdVf.active = false; }
    } leave;
    body(ctx);
}

SimdVfScope::SimdVfScope() { EnterSimdVf("__VEC_SCOPE__", __builtin_return_address(0)); }
SimdVfScope::~SimdVfScope() { g_simdVf.active = false; }

void RegCompute(RegOp op, DType t, RegBytes* dst, const RegBytes* a, const RegBytes* b, uint64_t scalar,
                const MaskBytes* mask, const RegMode& mode, const void* caller) {
    RequireVf(op, caller);
    if (!Issue(Step(op, t, caller))) return;
    WithType(t, RowOf(op).name, caller, [&](auto tag) {
        using T = decltype(tag);
        const uint32_t n = kRegBytes / sizeof(T);
        const T s = FromBits<T>(scalar);
        RegBytes out = *dst;
        for (uint32_t i = 0; i < n; ++i) {
            if (!Active(mask, i, sizeof(T))) {
                if (!mode.merging) Put(&out, i, T(0));
                continue;
            }
            const T va = a ? Get<T>(a, i) : T(0), vb = b ? Get<T>(b, i) : T(0);
            Put(&out, i, Apply<T>(op, va, vb, s, Get<T>(dst, i), caller));
        }
        *dst = out;
    });
}

void RegArange(DType t, RegBytes* dst, double start, bool decreasing, const void* caller) {
    RequireVf(RegOp::Arange, caller);
    if (!Issue(Step(RegOp::Arange, t, caller))) return;
    WithType(t, RowOf(RegOp::Arange).name, caller, [&](auto tag) {
        using T = decltype(tag);
        for (uint32_t i = 0; i < kRegBytes / sizeof(T); ++i)
            Put(dst, i, T(decreasing ? start - double(i) : start + double(i)));
    });
}

void RegGather(DType t, RegBytes* dst, const void* base, const RegBytes* index, uint32_t indexBytes,
               const MaskBytes* mask, const void* caller) {
    RequireVf(RegOp::Gather, caller);
    const uint32_t size = SizeOf(t);
    if (indexBytes != size)
        Fatal("REG_MODE_UNSUPPORTED", caller,
              Format("Reg::Gather: %u-byte indices for %u-byte elements (the index type has the data's width)",
                     indexBytes, size));
    const uint32_t lanes = kRegBytes / size;
    uint64_t lo = ~uint64_t(0), hi = 0;
    auto indexOf = [&](uint32_t i) {
        uint64_t v = 0;
        std::memcpy(&v, index->b + i * size, size);
        return v;
    };
    for (uint32_t i = 0; i < lanes; ++i)
        if (Active(mask, i, size)) lo = std::min(lo, indexOf(i)), hi = std::max(hi, indexOf(i) + 1);
    Instr in = Step(RegOp::Gather, t, caller);
    const auto* p = static_cast<const uint8_t*>(base);
    // The elements read lie between the smallest and the largest active index.
    if (lo < hi) in.Read(Mem::UB, p + lo * size, (hi - lo) * size, 1);
    if (!Issue(in)) return;
    RegBytes out{};
    for (uint32_t i = 0; i < lanes; ++i)
        if (Active(mask, i, size)) std::memcpy(out.b + i * size, p + indexOf(i) * size, size);
    *dst = out;
}

void RegCompare(RegOp op, DType t, MaskBytes* dst, const RegBytes* a, const RegBytes* b, uint64_t scalar,
                const MaskBytes* mask, const RegMode& mode, const void* caller) {
    RequireVf(op, caller);
    if (!Issue(Step(op, t, caller))) return;
    WithType(t, RowOf(op).name, caller, [&](auto tag) {
        using T = decltype(tag);
        using W = Wide<T>;
        const uint32_t n = kRegBytes / sizeof(T);
        const W s = W(FromBits<T>(scalar));
        MaskBytes out{};
        for (uint32_t i = 0; i < n; ++i) {
            if (!Active(mask, i, sizeof(T))) continue;
            const W x = W(Get<T>(a, i)), y = b ? W(Get<T>(b, i)) : s;
            bool r = false;
            switch (mode.cmp) {  // CMPMODE: LT, GT, EQ, LE, GE, NE
                case 0: r = x < y; break;
                case 1: r = x > y; break;
                case 2: r = x == y; break;
                case 3: r = x <= y; break;
                case 4: r = x >= y; break;
                case 5: r = x != y; break;
                default: Fatal("REG_MODE_UNSUPPORTED", caller, Format("%s: unknown CMPMODE %d", RowOf(op).name, mode.cmp));
            }
            if (r) std::memset(out.b + i * sizeof(T), 1, sizeof(T));
        }
        *dst = out;
    });
}

void RegSelect(DType t, RegBytes* dst, const RegBytes* a, const RegBytes* b, const MaskBytes* mask,
               const void* caller) {
    RequireVf(RegOp::Select, caller);
    if (!Issue(Step(RegOp::Select, t, caller))) return;
    const uint32_t size = SizeOf(t), n = kRegBytes / size;
    RegBytes out;
    for (uint32_t i = 0; i < n; ++i)
        std::memcpy(out.b + i * size, (Active(mask, i, size) ? a : b)->b + i * size, size);
    *dst = out;
}

namespace {

// A float value converted to an integer type by the cast's round mode (RoundMode values of
// kernel_base_types.h: NONE, RINT, FLOOR, CEIL, ROUND, TRUNC, ODD, HYBRID), saturating.
template <typename To>
To FloatToInt(double v, int round, bool sat) {
    if (std::isnan(v)) return To(0);
    switch (round) {
        case 2: v = std::floor(v); break;
        case 3: v = std::ceil(v); break;
        case 4: v = std::round(v); break;  // half away from zero
        case 5: v = std::trunc(v); break;
        default: v = std::nearbyint(v); break;  // RINT: half to even
    }
    const double lo = double(std::numeric_limits<To>::min()), hi = double(std::numeric_limits<To>::max());
    if (v < lo) return sat ? std::numeric_limits<To>::min() : To(int64_t(v));
    if (v > hi) return sat ? std::numeric_limits<To>::max() : To(int64_t(v));
    return To(int64_t(v));
}

template <typename To, typename From>
To Convert(From x, const RegMode& mode) {
    if constexpr (kFloatLike<To>) {
        if constexpr (kFloatLike<From>) return To(float(x));
        else return To(float(x));
    } else if constexpr (kFloatLike<From>) {
        return FloatToInt<To>(double(float(x)), mode.round, mode.sat == 1);
    } else {
        if (mode.sat == 1) {
            const int64_t v = int64_t(x);
            if (v < int64_t(std::numeric_limits<To>::min())) return std::numeric_limits<To>::min();
            if (v > int64_t(std::numeric_limits<To>::max())) return std::numeric_limits<To>::max();
        }
        return To(x);
    }
}

}  // namespace

void RegCast(DType to, DType from, RegBytes* dst, const RegBytes* src, const MaskBytes* mask, const RegMode& mode,
             const void* caller) {
    RequireVf(RegOp::Cast, caller);
    const uint32_t dsz = SizeOf(to), ssz = SizeOf(from);
    if (!Issue(Step(RegOp::Cast, dsz > ssz ? to : from, caller))) return;
    // Between sizes, the wider type's elements are the lanes: a narrow operand sits in part
    // `layout` (RegLayout ZERO, ONE, ...) of each lane, and the predicate is the wide type's.
    const uint32_t wide = std::max(dsz, ssz);
    const uint32_t parts = wide / std::min(dsz, ssz);
    if (parts > 1 && (mode.layout < 0 || uint32_t(mode.layout) >= parts))
        Fatal("REG_MODE_UNSUPPORTED", caller,
              Format("Reg::Cast between %u- and %u-byte elements needs a RegLayout naming the part of each %u-byte "
                     "lane (ZERO..%u), not UNKNOWN",
                     ssz, dsz, wide, parts - 1));
    const uint32_t part = parts > 1 ? uint32_t(mode.layout) : 0;
    RegBytes out = mode.merging ? *dst : RegBytes{};
    WithType(to, "Reg::Cast", caller, [&](auto toTag) {
        using To = decltype(toTag);
        WithType(from, "Reg::Cast", caller, [&](auto fromTag) {
            using From = decltype(fromTag);
            const uint32_t lanes = kRegBytes / wide;
            for (uint32_t i = 0; i < lanes; ++i) {
                if (!Active(mask, i, wide)) continue;
                const uint32_t si = ssz < dsz ? i * parts + part : i;
                const uint32_t di = dsz < ssz ? i * parts + part : i;
                if (dsz < ssz && !mode.merging)
                    for (uint32_t k = 0; k < parts; ++k) Put(&out, i * parts + k, To(0));
                Put(&out, di, Convert<To>(Get<From>(src, si), mode));
            }
        });
    });
    *dst = out;
}

namespace {

constexpr int kLoadNorm = kRegLoadNorm, kLoadUnpackB16 = kRegLoadUnpackB16;
constexpr int kStoreNormB8 = kRegStoreNormB8, kStoreNormB16 = kRegStoreNormB16, kStoreNormB32 = kRegStoreNormB32,
              kStorePackB32 = kRegStorePackB32, kStoreNorm = kRegStoreNorm;

}  // namespace

void RegLoad(DType t, RegBytes* dst, const void* ub, const RegMode& mode, const void* caller) {
    RequireVf(RegOp::LoadAlign, caller);
    const uint32_t size = SizeOf(t);
    uint64_t bytes = kRegBytes;
    if (mode.dist == kLoadUnpackB16) {
        if (size != 2) Fatal("REG_MODE_UNSUPPORTED", caller, "Reg::LoadAlign with DIST_UNPACK_B16 loads 16-bit elements only");
        bytes = kRegBytes / 2;
    } else if (mode.dist != kLoadNorm) {
        Fatal("REG_MODE_UNSUPPORTED", caller, Format("Reg::LoadAlign: LoadDist %d is not modelled (DIST_NORM, DIST_UNPACK_B16)",
                                         mode.dist));
    }
    Instr in = Step(RegOp::LoadAlign, t, caller);
    in.Read(Mem::UB, ub, bytes, 32);
    if (!Issue(in)) return;
    RegBytes out{};
    if (mode.dist == kLoadUnpackB16) {
        // Each 16-bit element into the low half of a 32-bit lane, the high half zero.
        const auto* p = static_cast<const uint8_t*>(ub);
        for (uint32_t i = 0; i < kRegBytes / 4; ++i) std::memcpy(out.b + 4 * i, p + 2 * i, 2);
    } else {
        std::memcpy(out.b, ub, kRegBytes);
    }
    *dst = out;
}

void RegStore(DType t, void* ub, const RegBytes* src, const MaskBytes* mask, const RegMode& mode,
              const void* caller) {
    RequireVf(RegOp::StoreAlign, caller);
    const uint32_t size = SizeOf(t);
    const bool pack = mode.dist == kStorePackB32;
    if (pack && size != 2)
        Fatal("REG_MODE_UNSUPPORTED", caller, "Reg::StoreAlign with DIST_PACK_B32 stores 16-bit elements (the low half of each "
                                  "32-bit lane)");
    if (!pack && mode.dist != kStoreNorm && mode.dist != kStoreNormB8 && mode.dist != kStoreNormB16 &&
        mode.dist != kStoreNormB32)
        Fatal("REG_MODE_UNSUPPORTED", caller,
              Format("Reg::StoreAlign: StoreDist %d is not modelled (DIST_NORM*, DIST_PACK_B32)", mode.dist));
    // Lanes: the elements of T, or with PACK_B32 the 32-bit lanes whose low halves are stored.
    const uint32_t lane = pack ? 4 : size, out = size, lanes = kRegBytes / lane;
    uint32_t first = lanes, last = 0;
    for (uint32_t i = 0; i < lanes; ++i)
        if (Active(mask, i, lane)) first = std::min(first, i), last = i + 1;
    Instr in = Step(RegOp::StoreAlign, t, caller);
    auto* p = static_cast<uint8_t*>(ub);
    // The predicate decides which elements are written: the access is their span.
    if (first < last) in.Write(Mem::UB, p + first * out, uint64_t(last - first) * out, 1);
    // Alignment is the instruction's base address, whatever the predicate.
    if (reinterpret_cast<uintptr_t>(p) % 32 && LocalMemOfAddress(Cur(), reinterpret_cast<uintptr_t>(p)) == Mem::UB) {
        const uintptr_t base = reinterpret_cast<uintptr_t>(Cur().memBase[size_t(Mem::UB)]);
        Diag("LOCAL_ADDR_MISALIGNED", caller,
             Format("Reg::StoreAlign: UB operand at offset %lu is not 32-byte aligned",
                    static_cast<unsigned long>(reinterpret_cast<uintptr_t>(p) - base)));
    }
    if (!Issue(in)) return;
    for (uint32_t i = first; i < last; ++i)
        if (Active(mask, i, lane)) std::memcpy(p + i * out, src->b + i * lane, out);
}

void RegLoadUnAlignPre(const void* ub, const void* caller) {
    RequireVf(RegOp::LoadUnAlignPre, caller);
    const uintptr_t block = reinterpret_cast<uintptr_t>(ub) / 32 * 32;
    Instr in = Step(RegOp::LoadUnAlignPre, DType::U8, caller);
    in.Read(Mem::UB, reinterpret_cast<const void*>(block), 32, 32);
    Issue(in);
}

void RegLoadUnAlign(DType t, RegBytes* dst, const void* ub, const void* caller) {
    RequireVf(RegOp::LoadUnAlign, caller);
    Instr in = Step(RegOp::LoadUnAlign, t, caller);
    in.Read(Mem::UB, ub, kRegBytes, 1);
    if (!Issue(in)) return;
    std::memcpy(dst->b, ub, kRegBytes);
}

namespace {
// Issues `in`, which writes bytes [0, n) of what `ureg` holds to UB (none when n is 0), and keeps
// the rest.
void FlushUnaligned(UnalignBytes* ureg, uint32_t n, Instr& in) {
    if (n) in.Write(Mem::UB, reinterpret_cast<void*>(ureg->addr), n, 1);
    if (!Issue(in) || n == 0) return;
    std::memcpy(reinterpret_cast<void*>(ureg->addr), ureg->b, n);
    std::memmove(ureg->b, ureg->b + n, ureg->count - n);
    ureg->addr += n;
    ureg->count -= n;
}
}  // namespace

void RegStoreUnAlign(DType t, void* ub, const RegBytes* src, uint32_t count, UnalignBytes* ureg, const void* caller) {
    RequireVf(RegOp::StoreUnAlign, caller);
    const uint32_t size = SizeOf(t);
    if (count > kRegBytes / size)
        Fatal("REG_MODE_UNSUPPORTED", caller,
              Format("Reg::StoreUnAlign of %u elements: a register holds %u of this type", count, kRegBytes / size));
    const auto at = reinterpret_cast<uintptr_t>(ub);
    // A run that does not continue where the held bytes end starts over: the held bytes go first.
    if (ureg->count && ureg->addr + ureg->count != at) {
        Instr flush = Step(RegOp::StoreUnAlign, t, caller);
        FlushUnaligned(ureg, ureg->count, flush);
    }
    if (ureg->count == 0) ureg->addr = at;
    std::memcpy(ureg->b + ureg->count, src->b, size_t(count) * size);
    ureg->count += count * size;
    // Every 32-byte block the run has completed goes to UB; the bytes after the last boundary wait.
    const uintptr_t end = ureg->addr + ureg->count, boundary = end / 32 * 32;
    Instr in = Step(RegOp::StoreUnAlign, t, caller);
    FlushUnaligned(ureg, boundary > ureg->addr ? uint32_t(boundary - ureg->addr) : 0, in);
}

void RegStoreUnAlignPost(UnalignBytes* ureg, const void* caller) {
    RequireVf(RegOp::StoreUnAlignPost, caller);
    Instr in = Step(RegOp::StoreUnAlignPost, DType::U8, caller);
    FlushUnaligned(ureg, ureg->count, in);
}

void RegUpdateMask(DType t, uint32_t& n, MaskBytes* dst, const void* caller) {
    RequireVf(RegOp::UpdateMask, caller);
    if (!Issue(Step(RegOp::UpdateMask, t, caller))) return;
    const uint32_t size = SizeOf(t), lanes = kRegBytes / size;
    const uint32_t k = std::min(n, lanes);
    MaskBytes out{};
    std::memset(out.b, 1, size_t(k) * size);
    *dst = out;
    n -= k;
}

void RegCreateMask(DType t, uint32_t active, MaskBytes* dst, const void* caller) {
    RequireVf(RegOp::CreateMask, caller);
    if (!Issue(Step(RegOp::CreateMask, t, caller))) return;
    const uint32_t size = SizeOf(t), lanes = kRegBytes / size;
    MaskBytes out{};
    std::memset(out.b, 1, size_t(std::min(active, lanes)) * size);
    *dst = out;
}

namespace {
// Element i of a register of `size`-byte elements as a 64-bit integer (sign-extended when signed).
uint64_t Lane(const RegBytes* r, uint32_t i, uint32_t size, bool isSigned) {
    uint64_t v = 0;
    std::memcpy(&v, r->b + i * size, size);
    if (isSigned && size < 8 && (v >> (8 * size - 1)) & 1) v |= ~uint64_t(0) << (8 * size);
    return v;
}
bool SignedType(DType t) { return t == DType::I8 || t == DType::I16 || t == DType::I32; }
}  // namespace

void RegPack(DType to, DType from, RegBytes* dst, const RegBytes* src, bool high, const void* caller) {
    RequireVf(RegOp::Pack, caller);
    if (SizeOf(from) != 2 * SizeOf(to))
        Fatal("REG_MODE_UNSUPPORTED", caller, "Reg::Pack: the source elements must be twice as wide as the destination's");
    if (!Issue(Step(RegOp::Pack, to, caller))) return;
    const uint32_t size = SizeOf(to), n = kRegBytes / SizeOf(from);
    RegBytes out{};
    for (uint32_t i = 0; i < n; ++i) std::memcpy(out.b + (high ? kRegBytes / 2 : 0) + i * size, src->b + i * 2 * size, size);
    *dst = out;
}

void RegUnPack(DType to, DType from, RegBytes* dst, const RegBytes* src, bool high, const void* caller) {
    RequireVf(RegOp::UnPack, caller);
    if (SizeOf(to) != 2 * SizeOf(from))
        Fatal("REG_MODE_UNSUPPORTED", caller, "Reg::UnPack: the destination elements must be twice as wide as the source's");
    if (!Issue(Step(RegOp::UnPack, to, caller))) return;
    const uint32_t size = SizeOf(to), n = kRegBytes / size, first = high ? n : 0;
    RegBytes out{};
    for (uint32_t i = 0; i < n; ++i) {
        const uint64_t v = Lane(src, first + i, SizeOf(from), SignedType(from));
        std::memcpy(out.b + i * size, &v, size);
    }
    *dst = out;
}

void MaskPack(MaskBytes* dst, const MaskBytes* src, bool high, const void* caller) {
    RequireVf(RegOp::Pack, caller);
    if (!Issue(Step(RegOp::Pack, DType::U8, caller))) return;
    MaskBytes out{};
    for (uint32_t j = 0; j < kRegBytes / 2; ++j) out.b[(high ? kRegBytes / 2 : 0) + j] = src->b[2 * j];
    *dst = out;
}

void MaskUnPack(MaskBytes* dst, const MaskBytes* src, bool high, const void* caller) {
    RequireVf(RegOp::UnPack, caller);
    if (!Issue(Step(RegOp::UnPack, DType::U8, caller))) return;
    MaskBytes out{};
    for (uint32_t j = 0; j < kRegBytes / 2; ++j) out.b[2 * j] = src->b[(high ? kRegBytes / 2 : 0) + j];
    *dst = out;
}

}  // namespace akg::sim
