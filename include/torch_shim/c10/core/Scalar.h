// AscendKernelGen torch shim: c10::Scalar.
#pragma once
#include "akg_shim/c10.h"
