// Broadcast (high-level tensor transformation API, asc-devkit layout): implemented in lib/pad/broadcast.h.
#pragma once

#include "lib/pad/broadcast.h"
