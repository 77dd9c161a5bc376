// GetCumSumMaxMinTmpSize (asc-devkit layout): implemented in lib/math/cumsum_tiling.h.
#pragma once

#include "lib/math/cumsum_tiling.h"
