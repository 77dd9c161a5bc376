#ifndef FAKE_QUANTIZE_TILING_H
#define FAKE_QUANTIZE_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(FakeQuantizeTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);
TILING_DATA_FIELD_DEF(uint64_t, bigCoreLength);
TILING_DATA_FIELD_DEF(uint64_t, smallCoreLength);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);
TILING_DATA_FIELD_DEF(float, scale);
TILING_DATA_FIELD_DEF(float, invScale);  // 1.0f / scale, rounded to float32 once
TILING_DATA_FIELD_DEF(int32_t, zeroPoint);
TILING_DATA_FIELD_DEF(int32_t, quantMin);
TILING_DATA_FIELD_DEF(int32_t, quantMax);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(FakeQuantize, FakeQuantizeTilingData)
}  // namespace optiling

#endif  // FAKE_QUANTIZE_TILING_H
