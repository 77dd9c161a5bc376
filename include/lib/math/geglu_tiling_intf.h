// Host helpers of GeGLU (CANN 8.x path lib/math/), same as lib/activation/.
#pragma once

#include "lib/akg_adv/adv_tiling.h"
