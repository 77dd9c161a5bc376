// AscendKernelGen torch shim: ATen + pybind11.
#pragma once
#include "akg_shim/pybind.h"
