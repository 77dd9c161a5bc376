// Host helpers of Asin (temporary space), asc-devkit layout.
#pragma once

#include "lib/akg_adv/adv_tiling.h"
