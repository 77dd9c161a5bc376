// Configuration types of Tanh, CANN 8.x install layout.
#pragma once

#include "lib/akg_adv/adv_config.h"
