// AscendKernelGen torch shim: ATen tensors and factories.
#pragma once
#include "akg_shim/tensor.h"
