// Tiling structs of the AscendC libraries that CANN's kernel_tiling/kernel_tiling.h declares at
// global scope. The build's generated header includes this before the operator's own structs
// and does not redeclare these (it checks that the host layout matches them).
#pragma once

#include "lib/matmul/tcube_tiling.h"

using TCubeTiling = AscendC::tiling::TCubeTiling;
