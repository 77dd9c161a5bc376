// Turns the return addresses recorded with diagnostics into the user's file:line. In two steps,
// because a sandboxed run cannot start processes: Describe maps each address to a shared object
// and offset (in the process that ran the kernel); ResolveLocations (akg/launch/launch.h) reads the
// objects' debug information with addr2line, wherever it is called.
#pragma once

#include <vector>

#include "sim/runtime.h"

namespace akg::sim {

std::vector<Diagnostic> Describe(const std::vector<DiagnosticRecord>& records);

}  // namespace akg::sim
