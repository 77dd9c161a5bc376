// Turns the return addresses recorded with diagnostics into the user's file:line, using the
// debug information of the compiled kernel. Runs only when diagnostics are reported.
#pragma once

#include <vector>

#include "sim/runtime.h"

namespace akg::sim {

std::vector<Diagnostic> Symbolize(const std::vector<DiagnosticRecord>& records);

// file:line of one code address, skipping frames inside the simulator's own headers; empty when
// unknown.
std::string LocateCaller(const void* caller);

}  // namespace akg::sim
