// AscendKernelGen torch shim: the pybind11 subset (module_, def, arg, PYBIND11_MODULE).
#pragma once
#include "akg_shim/pybind.h"
