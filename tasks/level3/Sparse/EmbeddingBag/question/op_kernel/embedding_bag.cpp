#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void embedding_bag(GM_ADDR weight, GM_ADDR indices, GM_ADDR offsets, GM_ADDR out,
                                                    GM_ADDR workspace, GM_ADDR tiling)
{
}
