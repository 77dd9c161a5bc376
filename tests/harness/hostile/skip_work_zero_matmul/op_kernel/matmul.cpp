// Hostile: a "matmul" of tasks/level3/Matmul/Matmul that never reads A or B and does no cube
// work; one vector core writes zeros to C. On the fixture's all-zero operands that is the right
// answer, so every value matches. Only the task's declared workload (validation/workload.json:
// A and B read once, 2mkn cube FLOPs) shows that the time is impossible: the case is simulated
// below its T_hw. The generic rule (the output written once) would take it for a fast kernel.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void matmul(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR workspace, GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    GET_TILING_DATA(t, tiling);
    if (GetBlockIdx() != 0) {
        return;
    }
    constexpr uint32_t TILE = 16384;  // elements per copy (32 KiB of 16-bit values)
    const uint64_t total = static_cast<uint64_t>(t.m) * t.n;
    GlobalTensor<DTYPE_A> cGm;
    cGm.SetGlobalBuffer((__gm__ DTYPE_A*)c, total);
    TPipe pipe;
    TQue<TPosition::VECOUT, 1> outQueue;
    pipe.InitBuffer(outQueue, 1, TILE * sizeof(DTYPE_A));
    LocalTensor<DTYPE_A> zeros = outQueue.AllocTensor<DTYPE_A>();
    Duplicate(zeros, static_cast<DTYPE_A>(0), TILE);
    outQueue.EnQue(zeros);
    zeros = outQueue.DeQue<DTYPE_A>();
    for (uint64_t done = 0; done < total; done += TILE) {
        const uint32_t count = static_cast<uint32_t>(total - done < TILE ? total - done : TILE);
        DataCopyPad(cGm[done], zeros, DataCopyExtParams{1, static_cast<uint32_t>(count * sizeof(DTYPE_A)), 0, 0, 0});
    }
    outQueue.FreeTensor(zeros);
}
