// Atanh (high-level math API), asc-devkit layout.
#pragma once

#include "lib/akg_adv/adv_api.h"
