// CumSum (high-level math API, asc-devkit layout): implemented in lib/math/cumsum.h.
#pragma once

#include "lib/math/cumsum.h"
