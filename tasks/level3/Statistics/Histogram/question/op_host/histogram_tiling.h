#ifndef HISTOGRAM_TILING_H
#define HISTOGRAM_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(HistogramTilingData)
// To be written: the fields the kernel needs, e.g. TILING_DATA_FIELD_DEF(uint32_t, bins);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Histogram, HistogramTilingData)
}  // namespace optiling

#endif  // HISTOGRAM_TILING_H
