// AscendKernelGen torch shim: c10::BFloat16.
#pragma once
#include "akg_shim/c10.h"
