// Select with a byte mask, host helpers (asc-devkit layout): implemented in lib/select/selectwithbytesmask_tiling.h.
#pragma once

#include "lib/select/selectwithbytesmask_tiling.h"
