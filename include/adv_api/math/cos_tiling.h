// Host helpers of Cos (temporary space), asc-devkit layout.
#pragma once

#include "lib/akg_adv/adv_tiling.h"
