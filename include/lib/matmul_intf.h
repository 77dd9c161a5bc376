// The Matmul library (CANN's lib/matmul_intf.h): Matmul, MatmulType, MatmulConfig,
// REGIST_MATMUL_OBJ and the TCubeTiling the host's matmul_tiling fills. docs/api/matmul.md.
#pragma once

#include "kernel_operator.h"
#include "lib/matmul/matmul.h"
#include "lib/matrix/matmul/tiling.h"  // CFG_NORM, MatmulConfig, ... at global scope, as CANN's
