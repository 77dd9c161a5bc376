// AscendKernelGen torch shim: c10::ArrayRef.
#pragma once
#include "akg_shim/c10.h"
