// CREATE_EXECUTOR, and the two ways an L0 function hands an operator to the executor:
// INFER_SHAPE (runs the operator's registered shape inference now, setting the outputs' shapes)
// and ADD_TO_LAUNCHER_LIST_AICORE (queues the operator's kernel; it runs in the second phase).
// Both name the operator (its OP_TYPE_REGISTER name) and expect a variable `executor`.
#pragma once

#include <set>
#include <utility>
#include <vector>

#include "opdev/op_arg_def.h"
#include "opdev/op_executor.h"
#include "opdev/platform.h"

// CANN's make_op_executor.h has it too, and L0 sources written against it use std names unqualified.
using namespace std;

namespace op {
aclnnStatus InferShapeOf(const char* opType, std::vector<OpArgList> lists);
template <typename... Lists>
aclnnStatus InferShapeOf(const char* opType, Lists&&... lists) {
    return InferShapeOf(opType, std::vector<OpArgList>{std::forward<Lists>(lists)...});
}
aclnnStatus AddAiCoreLaunch(const char* opType, aclOpExecutor* executor, std::vector<OpArgList> lists);
// The groups may come in any order and any may be missing (OP_ATTR, OP_WORKSPACE, OP_OUTSHAPE).
template <typename... Lists>
aclnnStatus AddAiCoreLaunch(const char* opType, aclOpExecutor* executor, Lists&&... lists) {
    return AddAiCoreLaunch(opType, executor, std::vector<OpArgList>{std::forward<Lists>(lists)...});
}
}  // namespace op

#define INFER_SHAPE(KERNEL_NAME, ...) (KERNEL_NAME##OpTypeId(), ::op::InferShapeOf(#KERNEL_NAME, __VA_ARGS__))
#define ADD_TO_LAUNCHER_LIST_AICORE(KERNEL_NAME, ...) \
    (KERNEL_NAME##OpTypeId(), ::op::AddAiCoreLaunch(#KERNEL_NAME, executor, __VA_ARGS__))
