// Host helpers of Gelu/FasterGelu/FasterGeluV2 (temporary space), CANN 8.x install layout.
#pragma once

#include "lib/akg_adv/adv_tiling.h"
