#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void segment_sum(GM_ADDR data, GM_ADDR segment_ids, GM_ADDR out, GM_ADDR workspace,
                                                  GM_ADDR tiling)
{
}
