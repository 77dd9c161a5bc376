// CANN's header of the multi-core and batch Matmul tilings (MultiCoreMatmulTiling,
// BatchMatmulTiling); all of them live in lib/matmul/matmul_tiling.h here.
#pragma once

#include "lib/matmul/matmul_tiling.h"
