// AscendKernelGen torch shim: STL conversions are built into the shim's casters.
#pragma once
#include "akg_shim/pybind.h"
