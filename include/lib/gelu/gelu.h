// Gelu/FasterGelu/FasterGeluV2 (CANN 8.x path lib/gelu/), same as lib/activation/.
#pragma once

#include "lib/akg_adv/adv_api.h"
