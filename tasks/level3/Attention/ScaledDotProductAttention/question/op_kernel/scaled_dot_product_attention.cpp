#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void scaled_dot_product_attention(GM_ADDR q, GM_ADDR k, GM_ADDR v, GM_ADDR out,
                                                                   GM_ADDR workspace, GM_ADDR tiling)
{
}
