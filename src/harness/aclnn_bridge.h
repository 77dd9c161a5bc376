// Maps an aclnn call, as a task's pybind glue issues it through EXEC_NPU_CMD, onto the operator's
// definition (inputs, then attributes, then outputs — the order of aclnn's generated signature)
// and runs it on the simulator, writing outputs back into the glue's tensors.
#pragma once

#include <string>
#include <vector>

#include "akg/opapi/opapi.h"
#include "akg/pyshim/pyshim.h"
#include "run/op_runner.h"

namespace akg::harness {

// Builds the operator call; false with a reason when the arguments do not fit the OpDef.
bool CallFromAclnnArgs(const host::OpInfo& op, const std::vector<pyshim::AclArg>& args, run::OpCall* call,
                       std::string* error);

// Copies the call's outputs (and inputs updated in place) back into the glue's tensors.
void WriteBack(const host::OpInfo& op, const run::OpCall& call, std::vector<pyshim::AclArg>& args);

Tensor FromShim(const pyshim::TensorData& t);

// The answer's own aclnn layer (CMake target opapi, build::HostArtifact::opapiPath), loaded.
class OpApiLibrary {
public:
    OpApiLibrary() = default;
    ~OpApiLibrary();
    OpApiLibrary(const OpApiLibrary&) = delete;
    OpApiLibrary& operator=(const OpApiLibrary&) = delete;

    bool Open(const std::string& path, std::string* error);
    // Whether the library defines both aclnn<Api>GetWorkspaceSize and aclnn<Api>.
    bool Defines(const std::string& api) const;
    // Calls `api`'s two phases as CANN's EXEC_NPU_CMD does: the glue's arguments converted to
    // aclnn handles (tensors over the glue's storage, so outputs are written in place), plus the
    // workspace-size and executor out-parameters; then the second phase. The answer's L0
    // functions reach the simulator through akg/opapi/opapi.h's launcher, which the caller sets.
    bool Call(const std::string& api, std::vector<pyshim::AclArg>& args, std::string* error) const;

private:
    void* handle_ = nullptr;
};

// The run::OpCall of an operator an L0 function launches (OP_INPUT / OP_ATTR in OpDef order,
// outputs shaped as the L0 allocated them); false with a reason when they do not fit the OpDef.
bool CallFromOperatorCall(const host::OpInfo& op, const opapi::OperatorCall& launch, run::OpCall* call,
                          std::string* error);
// Gives the launch's output tensors the shapes PrepareOutputs inferred (INFER_SHAPE).
bool SetInferredShapes(const run::OpCall& call, const opapi::OperatorCall& launch, std::string* error);
// Writes the call's outputs into the launch's output tensors.
void WriteBack(const host::OpInfo& op, const run::OpCall& call, const opapi::OperatorCall& launch);

}  // namespace akg::harness
