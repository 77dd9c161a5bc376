// The register types of Ascend 950's register-based vector API: RegTensor<T> (one 256-byte
// vector register of T) and MaskReg (one predicate) (asc-devkit kernel_reg_compute_struct_intf.h).
#pragma once

#include <cstring>
#include <type_traits>

#include "akg/sim/reg.h"
#include "basic_api/reg_compute/kernel_reg_compute_utils.h"

namespace AscendC {
namespace Reg {

struct RegTrait {
    int REG_NUM = 1;
};
constexpr RegTrait RegTraitNumOne = {1};

// One vector register (VL = 256 bytes) holding 256 / sizeof(T) elements of T.
template <typename T, const RegTrait& regTrait = RegTraitNumOne>
struct RegTensor {
    static_assert(regTrait.REG_NUM == 1, "RegTensor: register pairs (RegTraitNumTwo) are not modelled");
    using ActualT = T;
    static constexpr RegTrait trait = regTrait;
    static constexpr int REG_NUM = 1;
    ::akg::sim::RegBytes raw;
};

// One predicate register: a flag per register byte (element i of T: flag i * sizeof(T)).
struct MaskReg {
    ::akg::sim::MaskBytes raw;
};

// An address register: a byte offset that the loads and stores taking one add to their UB base
// (CreateAddrReg in kernel_reg_compute_addrreg_intf.h computes it from loop indices).
struct AddrReg {
    uint64_t bytes = 0;
};

// The buffers of contiguous unaligned moves between UB and registers (LoadUnAlignPre /
// LoadUnAlign, StoreUnAlign / StoreUnAlignPost in kernel_reg_compute_datacopy_intf.h). A store
// run keeps the bytes that do not complete a 32-byte UB block until a later StoreUnAlign
// completes it or StoreUnAlignPost writes them; the load buffer holds nothing the values depend on.
struct UnalignRegForLoad {};
struct UnalignRegForStore {
    ::akg::sim::UnalignBytes raw;
};

static_assert(int(LoadDist::DIST_NORM) == ::akg::sim::kRegLoadNorm &&
                  int(LoadDist::DIST_UNPACK_B16) == ::akg::sim::kRegLoadUnpackB16 &&
                  int(StoreDist::DIST_NORM_B8) == ::akg::sim::kRegStoreNormB8 &&
                  int(StoreDist::DIST_NORM_B16) == ::akg::sim::kRegStoreNormB16 &&
                  int(StoreDist::DIST_NORM_B32) == ::akg::sim::kRegStoreNormB32 &&
                  int(StoreDist::DIST_PACK_B32) == ::akg::sim::kRegStorePackB32 &&
                  int(StoreDist::DIST_NORM) == ::akg::sim::kRegStoreNorm,
              "the simulator's distribution-mode values (akg/sim/reg.h) follow the API's enums");

namespace detail {
template <typename U>
inline constexpr bool kIsRegTensor = false;
template <typename T, const RegTrait& R>
inline constexpr bool kIsRegTensor<RegTensor<T, R>> = true;

// The element type of a call: its template argument T, else the register operand's.
template <typename T, typename U>
using Elem = std::conditional_t<std::is_same_v<T, DefaultType>, typename U::ActualT, T>;

template <typename T>
uint64_t Bits(T v) {
    uint64_t b = 0;
    std::memcpy(&b, &v, sizeof(T));
    return b;
}

inline ::akg::sim::RegMode Merge(MaskMergeMode m) {
    ::akg::sim::RegMode r;
    r.merging = m == MaskMergeMode::MERGING;
    return r;
}
}  // namespace detail

// The operands of one call: U a RegTensor, T (or U's element type) one the instruction accepts.
#define AKG_REG_CHECK(OP, T, U)                                                                           \
    static_assert(::AscendC::Reg::detail::kIsRegTensor<U>, "AscendC::Reg::" #OP ": operands are RegTensor"); \
    static_assert(sizeof(T) == sizeof(typename U::ActualT),                                              \
                  "AscendC::Reg::" #OP ": the element type differs in size from the RegTensor's");      \
    static_assert(::akg::sim::kRegAccepts<::akg::sim::RegOp::OP, T>,                                      \
                  "AscendC::Reg::" #OP ": element type not supported on Ascend 950")

}  // namespace Reg
}  // namespace AscendC
