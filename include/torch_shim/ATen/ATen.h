// AscendKernelGen torch shim: ATen tensors, options and factories.
#pragma once
#include "akg_shim/tensor.h"
