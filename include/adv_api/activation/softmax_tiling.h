// SoftMax tiling helpers (asc-devkit layout): implemented in lib/activation/softmax_tiling.h.
#pragma once

#include "lib/activation/softmax_tiling.h"
