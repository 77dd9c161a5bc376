// Host helper of Broadcast (asc-devkit layout): implemented in lib/pad/broadcast_tiling.h.
#pragma once

#include "lib/pad/broadcast_tiling.h"
