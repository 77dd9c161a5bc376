// Configuration types of Atan, asc-devkit layout.
#pragma once

#include "lib/akg_adv/adv_config.h"
