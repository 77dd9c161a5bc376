#include "kernel_operator.h"

using namespace AscendC;

// param, exp_avg and exp_avg_sq are in-place: the *_out parameters hold the same GM addresses
// as the corresponding inputs.
extern "C" __global__ __aicore__ void adam_w(GM_ADDR param, GM_ADDR grad, GM_ADDR exp_avg, GM_ADDR exp_avg_sq,
                                             GM_ADDR param_out, GM_ADDR exp_avg_out, GM_ADDR exp_avg_sq_out,
                                             GM_ADDR workspace, GM_ADDR tiling)
{
}
