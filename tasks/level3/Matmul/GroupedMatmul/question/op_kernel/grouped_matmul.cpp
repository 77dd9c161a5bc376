#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void grouped_matmul(GM_ADDR x, GM_ADDR weight, GM_ADDR groupList, GM_ADDR y,
                                                     GM_ADDR workspace, GM_ADDR tiling)
{
}
