// GM workspace: the system part reserved for library APIs and the user part after it.
#pragma once

#include "akg/sim/sim.h"

namespace akg::sim {
uint8_t* UserWorkspace(uint8_t* workspace);
void SetSystemWorkspace(uint8_t* workspace);
uint8_t* SystemWorkspace();
}  // namespace akg::sim

namespace AscendC {

__aicore__ inline GM_ADDR GetUserWorkspace(GM_ADDR workspace) { return akg::sim::UserWorkspace(workspace); }
__aicore__ inline void SetSysWorkspace(GM_ADDR workspace) { akg::sim::SetSystemWorkspace(workspace); }
__aicore__ inline GM_ADDR GetSysWorkSpacePtr() { return akg::sim::SystemWorkspace(); }

}  // namespace AscendC

// CANN declares the system workspace query at global scope too (samples call it unqualified).
using AscendC::GetSysWorkSpacePtr;
