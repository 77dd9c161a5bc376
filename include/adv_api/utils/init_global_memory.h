// InitGlobalMemory (asc-devkit layout): implemented in lib/utils/init_global_memory.h.
#pragma once

#include "lib/utils/init_global_memory.h"
