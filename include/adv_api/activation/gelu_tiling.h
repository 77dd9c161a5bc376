// Host helpers of Gelu/FasterGelu/FasterGeluV2 (temporary space), asc-devkit layout.
#pragma once

#include "lib/akg_adv/adv_tiling.h"
