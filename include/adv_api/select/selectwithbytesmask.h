// Select with a byte mask (asc-devkit layout): implemented in lib/select/selectwithbytesmask.h.
#pragma once

#include "lib/select/selectwithbytesmask.h"
