// Correct values, no DMA and no vector work: every core reads x1 and x2 and writes y element by
// element through raw __gm__ pointers on the scalar unit. Each of those loads and stores is a
// scalar GM access through the core's data cache (src/sim/kernel_access.cpp), so the kernel
// passes and is simulated far slower than good_compact's DMA + vector pipeline, as a board would
// run it.
#include "kernel_operator.h"

using namespace AscendC;

template <typename T>
__aicore__ inline void SquaredDiffRaw(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, uint64_t total, uint64_t bigLength,
                                      uint64_t smallLength, uint32_t bigCores)
{
    const uint64_t core = GetBlockIdx();
    const uint64_t start = core < bigCores ? core * bigLength : bigCores * bigLength + (core - bigCores) * smallLength;
    uint64_t length = core < bigCores ? bigLength : smallLength;
    length = start >= total ? 0 : (start + length > total ? total - start : length);
    const __gm__ T* a = (const __gm__ T*)x1 + start;
    const __gm__ T* b = (const __gm__ T*)x2 + start;
    __gm__ T* out = (__gm__ T*)y + start;
    for (uint64_t i = 0; i < length; ++i) {
        // As the operator is defined: half and float rounded after each operation, bfloat16
        // widened to float and rounded once.
        const float d = static_cast<float>(a[i]) - static_cast<float>(b[i]);
        if constexpr (std::is_same_v<T, bfloat16_t>) {
            out[i] = static_cast<T>(d * d);
        } else {
            const float rounded = static_cast<float>(static_cast<T>(d));
            out[i] = static_cast<T>(rounded * rounded);
        }
    }
}

extern "C" __global__ __aicore__ void squared_difference(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace,
                                                         GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    SquaredDiffRaw<DTYPE_X1>(x1, x2, y, t.totalLength, t.bigCoreLength, t.smallCoreLength, t.bigCoreNum);
}
