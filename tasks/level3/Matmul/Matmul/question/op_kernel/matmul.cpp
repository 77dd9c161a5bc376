#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void matmul(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR workspace, GM_ADDR tiling)
{
}
