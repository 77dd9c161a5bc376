// The register-based vector API of Ascend 950 (__NPU_ARCH__ 3510): AscendC::Reg (alias
// AscendC::MicroAPI) register types and instructions, and asc_vf_call for a __simd_vf__
// function. kernel_operator.h includes it on Ascend 950 builds only. docs/reg-api.md.
#pragma once

#if __NPU_ARCH__ != 3510
#error "reg_compute: the register-based vector API exists on Ascend 950 (__NPU_ARCH__ 3510) only; build with --soc Ascend950PR"
#endif

#include <type_traits>

#include "akg/sim/simt.h"
#include "basic_api/reg_compute/kernel_reg_compute_utils.h"
#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_maskreg_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_addrreg_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_datacopy_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_binary_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_binary_scalar_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_unary_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_fused_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_duplicate_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_arange_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_cmpsel_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_vconv_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_pack_intf.h"

// `__VEC_SCOPE__ { ... }`: the block runs as one VF of the calling vector core, as the body of a
// __simd_vf__ function started by asc_vf_call does.
#define __VEC_SCOPE__ for (::akg::sim::SimdVfScope akg_vec_scope; akg_vec_scope.Once();)

namespace akg::reg_detail {
template <typename... Args>
inline constexpr bool kFirstIsDim3 = false;
template <typename A, typename... Rest>
inline constexpr bool kFirstIsDim3<A, Rest...> = std::is_same_v<std::decay_t<A>, dim3>;
}  // namespace akg::reg_detail

// Runs the __simd_vf__ function funcPtr(args...) once as a VF of the calling vector core (a
// SIMT VF takes a dim3 thread shape first: simt_api/common_functions.h).
template <auto funcPtr, typename... Args>
AKG_API std::enable_if_t<!akg::reg_detail::kFirstIsDim3<Args...>> asc_vf_call(Args&&... args) {
    auto call = [&] { funcPtr(args...); };
    using Call = decltype(call);
    akg::sim::SimdVfRun([](void* c) { (*static_cast<Call*>(c))(); }, &call, AKG_CALLER);
}
