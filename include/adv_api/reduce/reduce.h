// ReduceMax / ReduceMin (asc-devkit layout): implemented in lib/reduce/reduce.h.
#pragma once

#include "lib/reduce/reduce.h"
