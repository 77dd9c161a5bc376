// Maps an aclnn call, as a task's pybind glue issues it through EXEC_NPU_CMD, onto the operator's
// definition (inputs, then attributes, then outputs — the order of aclnn's generated signature)
// and runs it on the simulator, writing outputs back into the glue's tensors.
#pragma once

#include <string>
#include <vector>

#include "akg/pyshim.h"
#include "run/runner.h"

namespace akg::harness {

// Builds the operator call; false with a reason when the arguments do not fit the OpDef.
bool CallFromAclnnArgs(const host::OpInfo& op, const std::vector<pyshim::AclArg>& args, run::OpCall* call,
                       std::string* error);

// Copies the call's outputs (and inputs updated in place) back into the glue's tensors.
void WriteBack(const host::OpInfo& op, const run::OpCall& call, std::vector<pyshim::AclArg>& args);

Tensor FromShim(const pyshim::TensorData& t);

}  // namespace akg::harness
