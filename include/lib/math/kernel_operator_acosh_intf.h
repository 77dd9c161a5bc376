// Acosh (high-level math API), CANN 8.x install layout.
#pragma once

#include "lib/akg_adv/adv_api.h"
