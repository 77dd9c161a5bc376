// Gelu/FasterGelu/FasterGeluV2 (high-level activation API), asc-devkit layout.
#pragma once

#include "lib/akg_adv/adv_api.h"
