// The SIMT programming model's shapes and built-in variables, and the simulator entry that runs
// a VF (src/sim/simt.cpp). Kernels reach them through simt_api/common_functions.h, which only
// Ascend 950 builds may include; the simulator itself includes this header.
#pragma once

#include <cstdint>

// A thread-block or grid shape; unspecified dimensions are 1.
struct dim3 {
    uint32_t x = 1, y = 1, z = 1;
    constexpr dim3(uint32_t vx = 1, uint32_t vy = 1, uint32_t vz = 1) : x(vx), y(vy), z(vz) {}
};

// Valid inside a VF only: this thread's index in its block, the block's shape, the block's index
// in the grid (the vector core's GetBlockIdx) and the grid's shape (the launch's block count).
extern dim3 threadIdx;
extern dim3 blockDim;
extern dim3 blockIdx;
extern dim3 gridDim;

namespace akg::sim {
// Runs body(ctx) once per thread of a `threads`-shaped block (asc_vf_call).
void SimtRun(uint32_t x, uint32_t y, uint32_t z, void (*body)(void*), void* ctx, const void* caller);
}  // namespace akg::sim

