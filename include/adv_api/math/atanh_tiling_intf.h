// Host helpers of Atanh (temporary space), asc-devkit layout.
#pragma once

#include "lib/akg_adv/adv_tiling.h"
