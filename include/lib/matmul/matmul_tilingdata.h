// optiling::TCubeTiling: the Matmul tiling as a tiling-data class, for
// TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, ...) in an operator's tiling struct. Same fields and
// layout as the kernel's AscendC::tiling::TCubeTiling (lib/matmul/tcube_tiling.h).
#pragma once

#include "lib/matmul/tcube_tiling.h"
#include "register/tilingdata_base.h"

namespace optiling {

#define AKG_TCUBE_TILING_DATA_FIELD(name) TILING_DATA_FIELD_DEF(int32_t, name);
BEGIN_TILING_DATA_DEF(TCubeTiling)
AKG_TCUBE_TILING_FIELDS(AKG_TCUBE_TILING_DATA_FIELD)
END_TILING_DATA_DEF;
#undef AKG_TCUBE_TILING_DATA_FIELD

}  // namespace optiling
