#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void scatter_add(GM_ADDR self, GM_ADDR index, GM_ADDR src, GM_ADDR out,
                                                  GM_ADDR workspace, GM_ADDR tiling)
{
}
