// Host helpers of Log/Log2/Log10 (temporary space), asc-devkit layout.
#pragma once

#include "lib/akg_adv/adv_tiling.h"
