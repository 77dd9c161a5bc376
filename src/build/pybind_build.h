// Compiles a task's pybind glue (validation/pybind.cpp) against the ATen-compatible shim, cached
// by content like every other build. The glue is a template: as NPUKernelBench's build does, the
// placeholders `custom_pybind_api` and `aclnnCustomOp` become the task's kernel name (snake_case
// of the operator) and aclnn<Op>.
#pragma once

#include <string>

#include "build/builder.h"

namespace akg::build {

bool BuildPybind(const std::string& pybindCpp, const std::string& opType, const BuildOptions& options, std::string* soPath,
                 BuildError* error);

}  // namespace akg::build
