// AscendKernelGen torch shim: c10::ScalarType.
#pragma once
#include "akg_shim/c10.h"
