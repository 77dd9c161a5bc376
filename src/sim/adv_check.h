// Checks shared by the high-level API instructions (adv_math.cpp, adv_broadcast.cpp).
#pragma once

#include <cstdint>

#include "akg/sim/sim.h"
#include "lib/akg_adv/adv_tmp_rules.h"

namespace akg::sim {

// Reports ADV_TMP_BUFFER_SMALL when the temporary space of one call of `api` is below
// `need.minValue`: the caller's sharedTmpBuffer (`sharedTmp`, `tmpBytes`), or else the unallocated
// end of UB the framework-allocated forms take it from.
void CheckAdvTmpSpace(const char* api, DType type, const adv::TmpRange& need, uint64_t count, bool sharedTmp,
                      uint64_t tmpBytes, const void* caller);

}  // namespace akg::sim
