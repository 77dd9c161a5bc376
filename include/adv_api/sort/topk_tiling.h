// TopK host helpers (asc-devkit layout): implemented in lib/sort/topk_tiling.h.
#pragma once

#include "lib/sort/topk_tiling.h"
