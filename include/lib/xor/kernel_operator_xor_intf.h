// Xor (CANN 8.x path lib/xor/), same as lib/math/.
#pragma once

#include "lib/akg_adv/adv_api.h"
