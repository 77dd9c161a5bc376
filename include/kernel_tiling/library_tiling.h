// Tiling structs of the AscendC libraries that CANN's kernel_tiling/kernel_tiling.h declares at
// global scope. The build's generated header includes this before the operator's own structs
// and does not redeclare a struct this header marks with AKG_LIBRARY_TILING_STRUCT_<name> (it
// checks that the host layout matches).
#pragma once

#include "lib/akg_adv/softmax_rules.h"
#include "lib/matmul/tcube_tiling.h"

using TCubeTiling = AscendC::tiling::TCubeTiling;
#define AKG_LIBRARY_TILING_STRUCT_TCubeTiling 1
using AscendC::tiling::SoftMaxTiling;
#define AKG_LIBRARY_TILING_STRUCT_SoftMaxTiling 1
