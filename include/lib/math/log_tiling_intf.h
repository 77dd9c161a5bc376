// Host helpers of Log/Log2/Log10 (temporary space), CANN 8.x install layout.
#pragma once

#include "lib/akg_adv/adv_tiling.h"
