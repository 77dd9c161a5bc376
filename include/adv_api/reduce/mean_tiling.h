// Host helpers of Mean (asc-devkit layout): implemented in lib/reduce/mean_tiling.h.
#pragma once

#include "lib/reduce/mean_tiling.h"
