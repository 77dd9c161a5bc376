// AscendKernelGen torch shim: the CANN runtime FFTS declarations some glue includes (MC2-style
// operators ask the runtime for the cross-core sync address). There is no FFTS on the simulator:
// rtGetC2cCtrlAddr reports address 0 and length 0.
#pragma once

#include <cstdint>

using rtError_t = int32_t;
#ifndef RT_ERROR_NONE
#define RT_ERROR_NONE 0
#endif

inline rtError_t rtGetC2cCtrlAddr(uint64_t* addr, uint32_t* len) {
    if (addr) *addr = 0;
    if (len) *len = 0;
    return RT_ERROR_NONE;
}
