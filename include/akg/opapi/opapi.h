// The simulator's side of the aclnn/opdev layer (libakg_opapi): what the harness sets before it
// calls an answer's aclnnXxxGetWorkspaceSize / aclnnXxx, so that the answer's L0 functions reach
// the operator it built. INFER_SHAPE(Op, ...) calls the shape inferrer; each
// ADD_TO_LAUNCHER_LIST_AICORE(Op, ...) becomes one call of the AI Core launcher when the
// executor runs (second phase), in launch-list order with the built-in L0 operators.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "opdev/op_arg_def.h"

namespace akg::opapi {

// One operator as an L0 function names it: OP_INPUT / OP_OUTPUT / OP_ATTR in the order written
// (CANN: the operator definition's order; an absent optional input is an Absent argument).
struct OperatorCall {
    std::string opType;
    std::vector<op::OpArg> inputs;
    std::vector<op::OpArg> outputs;
    std::vector<op::OpArg> attrs;
    // OP_OUTSHAPE: the tensor that receives an output's computed shape (i: the output's index).
    std::vector<op::OpArg> outShapes;
};

// Runs the operator on the simulator, writing the output tensors' storage. False with a reason.
using AiCoreLauncher = std::function<bool(const OperatorCall& call, std::string* error)>;
// Sets the output tensors' shapes (aclTensor::SetViewShape ...). False with a reason.
using ShapeInferrer = std::function<bool(const OperatorCall& call, std::string* error)>;

// Both stay set until replaced; nullptr makes every launch / inference fail with a reason.
void SetAiCoreLauncher(AiCoreLauncher launcher);
void SetShapeInferrer(ShapeInferrer inferrer);

// An aclTensor over memory the caller owns (a glue tensor's storage), contiguous.
std::unique_ptr<aclTensor> WrapTensor(const std::vector<int64_t>& shape, ge::DataType dtype, void* data);

// The view's elements in row-major order (its strides and offset applied), and the reverse.
std::vector<uint8_t> ReadView(const aclTensor* tensor);
void WriteView(const aclTensor* tensor, const std::vector<uint8_t>& bytes);

}  // namespace akg::opapi
