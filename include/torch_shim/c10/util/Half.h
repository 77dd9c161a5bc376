// AscendKernelGen torch shim: c10::Half.
#pragma once
#include "akg_shim/c10.h"
