// OP_TYPE_REGISTER(Name): declares the operator type an L0 function launches, so that
// INFER_SHAPE(Name, ...) and ADD_TO_LAUNCHER_LIST_AICORE(Name, ...) name a registered type.
#pragma once

#include <cstdint>

#include "opdev/op_arg_def.h"

namespace op {
// A stable id per operator type name (the same name gives the same id).
uint32_t RegisterOpType(const char* name);
}  // namespace op

#define OP_TYPE_REGISTER(kernelName)                                        \
    static inline uint32_t kernelName##OpTypeId() {                          \
        static const uint32_t id = ::op::RegisterOpType(#kernelName);        \
        return id;                                                          \
    }
