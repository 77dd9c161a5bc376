// AscendKernelGen torch shim: c10::TensorOptions.
#pragma once
#include "akg_shim/c10.h"
