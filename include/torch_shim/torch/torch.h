// AscendKernelGen torch shim: the C++ frontend subset (ATen tensors and factories).
#pragma once
#include "akg_shim/tensor.h"
