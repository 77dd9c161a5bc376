// Build-generated tiling structs of the operator being compiled. The operator builder writes
// them (from the host's BEGIN_TILING_DATA_DEF registrations) and names the file in
// AKG_TILING_HEADER; outside a build this header declares nothing.
#pragma once

#include "basic_api/kernel_operator_tiling_intf.h"
// The high-level APIs' tiling structs, which CANN's kernel_tiling.h declares.
#include "lib/akg_adv/kernel_library_tiling.h"

#ifdef AKG_TILING_HEADER
#include AKG_TILING_HEADER
#endif
