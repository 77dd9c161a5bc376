// ArithProgression / Arange (asc-devkit layout): one implementation in lib/akg_adv/arith_progression.h.
#pragma once

#include "lib/akg_adv/arith_progression.h"
