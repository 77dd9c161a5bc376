// AscendKernelGen torch shim: ATen tensors and factories (TORCH_LIBRARY is not provided).
#pragma once
#include "akg_shim/tensor.h"
