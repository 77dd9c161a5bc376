// Shared by the host main and the kernel of the mixed_tiles program.
#pragma once

#include "kernel_operator.h"

inline float TileValue(uint32_t block, uint32_t tile, uint32_t i) { return float(block * 1000 + tile * 10) + float(i) * 0.25f; }

__global__ __mix__(1, 2) void produce_consume(GM_ADDR ws, GM_ADDR out, uint32_t tiles, uint32_t skipReady);
