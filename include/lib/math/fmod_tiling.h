// Host helpers of Fmod (temporary space), CANN 8.x install layout.
#pragma once

#include "lib/akg_adv/adv_tiling.h"
