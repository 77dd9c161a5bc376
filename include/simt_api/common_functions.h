// The SIMT programming model of Ascend 950 (__NPU_ARCH__ 3510): the thread-block shape (dim3),
// the built-in thread variables and asc_vf_call, which runs a __simt_vf__ function on every
// thread of one thread block on the calling vector core.
//
// The simulator runs the threads one after another, in threadIdx order (x fastest), each to the
// end of the function: deterministic, and exact for code whose threads do not wait for each
// other (no barrier or warp function is provided). While a VF runs, every memory access of the
// kernel's code is checked and counted (docs/simt.md).
#pragma once

#include "kernel_operator.h"

#if __NPU_ARCH__ != 3510
#error "simt_api: the SIMT programming model exists on Ascend 950 (__NPU_ARCH__ 3510) only; build with --soc Ascend950PR"
#endif

#include "akg/sim/simt.h"

template <auto funcPtr, typename... Args>
AKG_API void asc_vf_call(dim3 threadNums, Args&&... args) {
    auto call = [&] { funcPtr(args...); };
    using Call = decltype(call);
    akg::sim::SimtRun(
        threadNums.x, threadNums.y, threadNums.z, [](void* c) { (*static_cast<Call*>(c))(); }, &call, AKG_CALLER);
}
