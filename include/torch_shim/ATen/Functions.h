// AscendKernelGen torch shim: ATen factory functions.
#pragma once
#include "akg_shim/tensor.h"
