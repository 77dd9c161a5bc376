// Configuration types of ClampMax/ClampMin, asc-devkit layout.
#pragma once

#include "lib/akg_adv/adv_config.h"
