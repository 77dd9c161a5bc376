// RmsNorm (high-level normalization API, asc-devkit layout): implemented in lib/normalization/rmsnorm.h.
#pragma once

#include "lib/normalization/rmsnorm.h"
