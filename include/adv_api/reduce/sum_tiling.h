// Sum tiling helper (asc-devkit layout): implemented in lib/reduce/sum_tiling.h.
#pragma once

#include "lib/reduce/sum_tiling.h"
