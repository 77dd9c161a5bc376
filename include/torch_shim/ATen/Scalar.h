// AscendKernelGen torch shim: at::Scalar.
#pragma once
#include "akg_shim/c10.h"
namespace at { using namespace c10; }
