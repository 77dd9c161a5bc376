// The fixpipe's element conversion (cube_fixpipe.cpp), shared with the Matmul library's output
// (matmul.cpp), whose GetTensorC is a fixpipe too.
#pragma once

#include <cstdint>

#include "akg/sim/sim.h"
#include "basic_api/kernel_struct_fixpipe.h"

namespace akg::sim {

// Converts one L0C element (float or int32_t) to `dstType` under quantisation `mode`, with the
// 64-bit quantisation parameter `quant` (scale bits [31:13], offset, shift, sign) and ReLU.
void FixpipeConvertElement(const uint8_t* src, uint8_t* dst, DType srcType, DType dstType, QuantMode_t mode,
                           uint64_t quant, bool relu);

// Whether `mode` turns `src` elements into `dst` ones, and whether it takes one parameter per column.
bool FixpipeModeFits(QuantMode_t mode, DType src, DType dst);
bool FixpipeModePerColumn(QuantMode_t mode);

}  // namespace akg::sim
