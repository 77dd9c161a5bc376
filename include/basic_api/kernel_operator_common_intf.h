// InitSocState: the AI core's global state back to its defaults at the start of a kernel.
#pragma once

#include "akg/sim/sim.h"

namespace akg::sim {
void SocStateInit();
}  // namespace akg::sim

namespace AscendC {

// DMA atomics off, Normal mask mode with every lane enabled, dequant scale 1.
__aicore__ inline void InitSocState() { akg::sim::SocStateInit(); }

}  // namespace AscendC
