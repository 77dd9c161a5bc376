// Device-side DumpTensor of the direct-launch language.
#pragma once

#include "basic_api/kernel_operator_dump_tensor_intf.h"
