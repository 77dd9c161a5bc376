// The register-based vector API of Ascend 950 (AscendC::Reg, also spelled AscendC::MicroAPI):
// its mode enums and the CastTrait (asc-devkit kernel_reg_compute_utils.h). docs/reg-api.md.
#pragma once

#include "basic_api/kernel_base_types.h"

namespace AscendC {
namespace Reg {

enum class RegLayout { UNKNOWN = -1, ZERO, ONE, TWO, THREE };
enum class SatMode { UNKNOWN = -1, NO_SAT, SAT };
enum class MaskMergeMode { UNKNOWN, MERGING, ZEROING };
enum class PostLiteral { POST_MODE_NORMAL, POST_MODE_UPDATE };
enum class HighLowPart { LOWEST, HIGHEST };
enum class IndexOrder { INCREASE_ORDER, DECREASE_ORDER };
enum class MaskPattern { ALL, VL1, VL2, VL3, VL4, VL8, VL16, VL32, VL64, VL128, M3, M4, H, Q, ALLF = 15 };

// How LoadAlign spreads memory over the register (values as in CANN; the simulator models
// DIST_NORM and DIST_UNPACK_B16 and rejects the others at run time).
enum class LoadDist {
    DIST_NORM, DIST_BRC_B8, DIST_BRC_B16, DIST_BRC_B32, DIST_US_B8 = 6, DIST_US_B16, DIST_DS_B8, DIST_DS_B16,
    DIST_BDINTLV, DIST_DINTLV_B8, DIST_DINTLV_B16, DIST_UNPACK_B8, DIST_UNPACK_B16, DIST_BLK, DIST_E2B_B16,
    DIST_E2B_B32, DIST_UNPACK_B32, DIST_DINTLV_B32, DIST_UNPACK4_B8, DIST_SPLT4CHN_B8, DIST_SPLT2CHN_B8,
    DIST_SPLT2CHN_B16,
};
// How StoreAlign gathers the register into memory (modelled: DIST_NORM*, DIST_PACK_B32).
enum class StoreDist {
    DIST_NORM_B8, DIST_NORM_B16, DIST_NORM_B32, DIST_FIRST_ELEMENT_B8, DIST_FIRST_ELEMENT_B16,
    DIST_FIRST_ELEMENT_B32, DIST_PACK_B16, DIST_PACK_B32, DIST_INTLV_B8, DIST_INTLV_B16, DIST_PACK_B64,
    DIST_INTLV_B32, DIST_PACK4_B32, DIST_MRG4CHN_B8, DIST_MRG2CHN_B8, DIST_MRG2CHN_B16, DIST_NORM
};

// The element type a register call takes from its RegTensor operand when none is named.
struct DefaultType {};

// A Cast's conversion: which part of a wider lane a narrower element occupies, saturation, what
// inactive destination elements become, and the rounding (AscendC::RoundMode).
struct CastTrait {
    RegLayout layoutMode = RegLayout::UNKNOWN;
    SatMode satMode = SatMode::UNKNOWN;
    MaskMergeMode mrgMode = MaskMergeMode::UNKNOWN;
    RoundMode roundMode = RoundMode::UNKNOWN;
};
constexpr CastTrait castTrait = {RegLayout::UNKNOWN, SatMode::UNKNOWN, MaskMergeMode::UNKNOWN, RoundMode::UNKNOWN};

}  // namespace Reg
namespace MicroAPI = Reg;
}  // namespace AscendC
