// AscendKernelGen torch shim: at::Tensor.
#pragma once
#include "akg_shim/tensor.h"
