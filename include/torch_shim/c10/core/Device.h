// AscendKernelGen torch shim: c10::Device.
#pragma once
#include "akg_shim/c10.h"
