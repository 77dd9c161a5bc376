// The name CANN also installs tiling/platform/platform_ascendc.h under (ops-cv's common
// tiling_util.cpp includes it so).
#pragma once

#include "tiling/platform/platform_ascendc.h"
