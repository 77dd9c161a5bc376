// CumSumConfig, CumSumAlgorithm, CumSumInfo (asc-devkit layout): declared in lib/math/cumsum.h.
#pragma once

#include "lib/math/cumsum.h"
