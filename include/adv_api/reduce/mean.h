// Mean (high-level reduce API, asc-devkit layout): implemented in lib/reduce/mean.h.
#pragma once

#include "lib/reduce/mean.h"
