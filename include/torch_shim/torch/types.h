// AscendKernelGen torch shim: torch::Dtype and the torch::kFloat32-style dtype names.
#pragma once
#include "akg_shim/tensor.h"
