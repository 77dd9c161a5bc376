// ClampMax/ClampMin (high-level math API, asc-devkit layout): one implementation in lib/akg_adv/adv_api.h.
#pragma once

#include "lib/akg_adv/adv_api.h"
