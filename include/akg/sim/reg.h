// The simulator's side of the register-based vector API of Ascend 950 (AscendC::Reg, also
// AscendC::MicroAPI; basic_api/reg_compute/kernel_reg_compute_*_intf.h): a vector register is
// 256 bytes (VL), a predicate one flag per register byte. The headers pass registers and
// predicates as raw bytes with the element type as a DType; src/sim/reg_compute.cpp applies the
// semantics and issues one instruction per call (docs/reg-api.md).
#pragma once

#include <cstdint>

#include "akg/sim/instr_table.h"

namespace akg::sim {

// The vector length of Ascend 950's register file, in bytes.
inline constexpr uint32_t kRegBytes = 256;

// The LoadDist / StoreDist values the simulator models (basic_api/reg_compute/
// kernel_reg_compute_utils.h checks them against its enums).
inline constexpr int kRegLoadNorm = 0, kRegLoadUnpackB16 = 14;
inline constexpr int kRegStoreNormB8 = 0, kRegStoreNormB16 = 1, kRegStoreNormB32 = 2, kRegStorePackB32 = 7,
                     kRegStoreNorm = 16;

struct RegBytes {
    alignas(32) uint8_t b[kRegBytes];
};
// One flag (0 or 1) per byte of a vector register: element i of a T-typed operation is active
// when flag i * sizeof(T) is set.
struct MaskBytes {
    uint8_t b[kRegBytes];
};

// The state of an unaligned-store register (UnalignRegForStore): the bytes not yet written and
// the UB address the first of them goes to.
struct UnalignBytes {
    uintptr_t addr = 0;
    uint32_t count = 0;
    uint8_t b[kRegBytes + 32];
};

// The operand modes the entry points take (values of the API's enums, kept as integers here so
// that this header needs none of the device headers).
struct RegMode {
    bool merging = false;  // MaskMergeMode::MERGING: inactive destination elements keep their value
    int layout = -1;       // RegLayout (-1 UNKNOWN, 0 ZERO, 1 ONE)
    int sat = -1;          // SatMode (-1 UNKNOWN, 0 NO_SAT, 1 SAT)
    int round = 0;         // RoundMode as in kernel_base_types.h
    int dist = 0;          // LoadDist / StoreDist value
    int cmp = 0;           // CMPMODE
};

// Element-wise register instructions (RegOp rows of AKG_REG_TABLE): dst = f(a, b, scalar, dst).
// `scalar` holds the scalar operand's bits, already converted to the element type.
void RegCompute(RegOp op, DType t, RegBytes* dst, const RegBytes* a, const RegBytes* b, uint64_t scalar,
                const MaskBytes* mask, const RegMode& mode, const void* caller);
// Arange: element i = start + i (start - i when decreasing), in the element type.
void RegArange(DType t, RegBytes* dst, double start, bool decreasing, const void* caller);
// Gather from UB: active element i = base[index[i]] (indices in elements of t, of t's width),
// inactive elements zero.
void RegGather(DType t, RegBytes* dst, const void* base, const RegBytes* index, uint32_t indexBytes,
               const MaskBytes* mask, const void* caller);
// Compare / CompareScalar: dst flags = a <cmp> b (b null: the scalar), inactive elements false.
void RegCompare(RegOp op, DType t, MaskBytes* dst, const RegBytes* a, const RegBytes* b, uint64_t scalar,
                const MaskBytes* mask, const RegMode& mode, const void* caller);
// Select: dst = mask ? a : b, element by element.
void RegSelect(DType t, RegBytes* dst, const RegBytes* a, const RegBytes* b, const MaskBytes* mask,
               const void* caller);
// Cast between element types (CastTrait in `mode`).
void RegCast(DType to, DType from, RegBytes* dst, const RegBytes* src, const MaskBytes* mask, const RegMode& mode,
             const void* caller);
// LoadAlign / StoreAlign: UB accesses, checked like every vector instruction's operands.
void RegLoad(DType t, RegBytes* dst, const void* ub, const RegMode& mode, const void* caller);
void RegStore(DType t, void* ub, const RegBytes* src, const MaskBytes* mask, const RegMode& mode,
              const void* caller);
// LoadUnAlignPre / LoadUnAlign: a whole register from a UB address of any alignment (the Pre
// reads the 32-byte block the address lies in). The values do not depend on the buffer the
// hardware keeps in UnalignRegForLoad, so the simulator keeps none.
void RegLoadUnAlignPre(const void* ub, const void* caller);
void RegLoadUnAlign(DType t, RegBytes* dst, const void* ub, const void* caller);
// StoreUnAlign: the first `count` elements of src to UB at `ub` (any alignment), continuing the
// bytes `ureg` holds; every 32-byte block the run completes is written, the rest stays in `ureg`.
// StoreUnAlignPost writes what `ureg` still holds.
void RegStoreUnAlign(DType t, void* ub, const RegBytes* src, uint32_t count, UnalignBytes* ureg, const void* caller);
void RegStoreUnAlignPost(UnalignBytes* ureg, const void* caller);

// UpdateMask<T>(n): the first min(n, VL / sizeof(T)) elements active; n decreases by as many.
void RegUpdateMask(DType t, uint32_t& n, MaskBytes* dst, const void* caller);
// CreateMask<T, ALL>: every element active (pattern 0), or the first k elements (VLk patterns).
void RegCreateMask(DType t, uint32_t active, MaskBytes* dst, const void* caller);

// Pack: the low half of each element of src (of type `from`, twice the width of `to`) into one
// half of dst (high: the upper 128 bytes), the other half zero. UnPack: the elements of one half
// of src widened to `to` (sign-extended for a signed `from`). The mask forms (to = from = U8):
// Pack takes every second flag into one half, UnPack spreads one half's flags to every second.
void RegPack(DType to, DType from, RegBytes* dst, const RegBytes* src, bool high, const void* caller);
void RegUnPack(DType to, DType from, RegBytes* dst, const RegBytes* src, bool high, const void* caller);
void MaskPack(MaskBytes* dst, const MaskBytes* src, bool high, const void* caller);
void MaskUnPack(MaskBytes* dst, const MaskBytes* src, bool high, const void* caller);

// asc_vf_call of a __simd_vf__ function: runs body(ctx) once as one VF on the calling vector
// core; register instructions outside a VF are a diagnostic (REG_OUTSIDE_VF).
void SimdVfRun(void (*body)(void*), void* ctx, const void* caller);
// A VF written inline (`__VEC_SCOPE__ { ... }`): the block is one VF, from the scope's
// construction to its destruction. The constructor is not inlined, so its return address is
// the kernel line of the scope.
class SimdVfScope {
public:
    __attribute__((noinline)) SimdVfScope();
    ~SimdVfScope();
    SimdVfScope(const SimdVfScope&) = delete;
    SimdVfScope& operator=(const SimdVfScope&) = delete;
    bool Once() { return !ran_ && (ran_ = true); }

private:
    bool ran_ = false;
};

}  // namespace akg::sim
