// AscendKernelGen torch shim: c10::Error and TORCH_CHECK.
#pragma once
#include "akg_shim/c10.h"
