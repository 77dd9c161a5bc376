// GeGLU (high-level activation API), CANN 8.x install layout.
#pragma once

#include "lib/akg_adv/adv_api.h"
