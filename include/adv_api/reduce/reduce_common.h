// The reduce patterns (asc-devkit layout): implemented in lib/reduce/reduce_common.h.
#pragma once

#include "lib/reduce/reduce_common.h"
