// ReduceMax / ReduceMin tiling helpers (asc-devkit layout): implemented in lib/reduce/reduce_tiling.h.
#pragma once

#include "lib/reduce/reduce_tiling.h"
