// CANN's internal header of the DAV_C220 register helpers (mask register, ACC_VAL), which
// operators of CANN's own library include next to kernel_operator.h for the raw vcadd /
// get_acc_val path. Here those live in akg/intrinsics/cce_intrinsics.h and AscendCUtils in
// basic_api/kernel_operator_vec_mask_intf.h.
#pragma once

#include "kernel_operator.h"
