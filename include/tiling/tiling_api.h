// Umbrella header host tiling code includes for the tiling-data macros and platform queries.
// The AscendC host tiling libraries CANN also exposes here (matmul_tiling, SoftMax/LayerNorm
// tiling helpers) are not provided yet.
#pragma once

// CANN's tiling libraries bring these in; host code uses std::find / std::cout relying on it.
#include <algorithm>
#include <iostream>

#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"
