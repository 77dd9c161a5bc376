// Configuration types of Tanh, asc-devkit layout.
#pragma once

#include "lib/akg_adv/adv_config.h"
