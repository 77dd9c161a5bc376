// AscendKernelGen torch shim: ATen + pybind11 (what C++ extensions include).
#pragma once
#include "akg_shim/pybind.h"
