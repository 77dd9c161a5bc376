// AscendKernelGen torch shim: ATen tensors (autograd Functions are not provided).
#pragma once
#include "akg_shim/tensor.h"
