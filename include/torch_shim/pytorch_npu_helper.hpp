// AscendKernelGen torch shim: torch_npu helper surface: ConvertType, ConvertTensorToAclScaler, EXEC_NPU_CMD.
#pragma once
#include "akg_shim/npu.h"
#include "akg_shim/pybind.h"
