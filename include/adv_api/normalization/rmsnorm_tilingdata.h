// RmsNorm tiling helpers (asc-devkit layout): implemented in lib/normalization/rmsnorm_tiling.h.
#pragma once

#include "lib/normalization/rmsnorm_tiling.h"
