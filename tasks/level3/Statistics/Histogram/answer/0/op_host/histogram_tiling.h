#ifndef HISTOGRAM_TILING_H
#define HISTOGRAM_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(HistogramTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);    // number of elements of x
TILING_DATA_FIELD_DEF(uint64_t, bigCoreLength);  // elements of each of the first bigCoreNum cores
TILING_DATA_FIELD_DEF(uint64_t, smallCoreLength);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);     // elements per tile, a multiple of 64
TILING_DATA_FIELD_DEF(uint32_t, bins);
TILING_DATA_FIELD_DEF(uint32_t, binsAlign);      // bins rounded up to 8 (one 32-byte block of float)
TILING_DATA_FIELD_DEF(float, minValue);
TILING_DATA_FIELD_DEF(float, maxValue);
TILING_DATA_FIELD_DEF(float, scale);             // bins / (max - min)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Histogram, HistogramTilingData)
}  // namespace optiling

#endif  // HISTOGRAM_TILING_H
