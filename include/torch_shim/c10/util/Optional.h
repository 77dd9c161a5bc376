// AscendKernelGen torch shim: c10::optional (std::optional).
#pragma once
#include "akg_shim/c10.h"
