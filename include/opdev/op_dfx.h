// Profiling and tracing hooks of the aclnn layer (L2_DFX_PHASE_1/2, L0_DFX, DFX_IN/OUT). The
// simulator times kernels itself, so they record nothing; their arguments are not evaluated.
#pragma once

#include "opdev/op_def.h"
#include "opdev/op_log.h"

#define DFX_IN(...) 0
#define DFX_OUT(...) 0
#define L2_DFX_PHASE_1(APIName, IN, OUT) \
    do {                                  \
    } while (0)
#define L2_DFX_PHASE_1_WITHOUT_CACHE(APIName, IN, OUT) \
    do {                                                \
    } while (0)
#define L2_DFX_PHASE_2(APIName) \
    do {                         \
    } while (0)
#define L0_DFX(profilingName, ...) \
    do {                            \
    } while (0)
