// Sinh (high-level math API, CANN 8.x install layout): one implementation in lib/akg_adv/adv_api.h.
#pragma once

#include "lib/akg_adv/adv_api.h"
