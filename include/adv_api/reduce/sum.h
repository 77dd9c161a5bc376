// Sum (high-level reduce API, asc-devkit layout): implemented in lib/reduce/sum.h.
#pragma once

#include "lib/reduce/sum.h"
