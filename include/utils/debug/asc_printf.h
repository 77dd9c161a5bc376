// Device-side printf of the direct-launch language. AscendC::printf / PRINTF write the device
// log (each line tagged with its core); a kernel's unqualified printf is the C library's here, so
// its output goes straight to the program's stdout, in the order the simulated cores run.
#pragma once

#include <cstdio>

#include "basic_api/kernel_operator_dump_tensor_intf.h"
