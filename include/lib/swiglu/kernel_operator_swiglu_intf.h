// SwiGLU (CANN 8.x path lib/swiglu/), same as lib/activation/.
#pragma once

#include "lib/akg_adv/adv_api.h"
