#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void quant_matmul(GM_ADDR x, GM_ADDR weight, GM_ADDR scale, GM_ADDR pertokenScale,
                                                   GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
}
