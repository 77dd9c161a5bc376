// The device half of a host main + kernel pair: on each AI core the AIC produces tiles into a
// double-buffered GM workspace (plain scalar GM writes) and its two AIVs post-process half a tile
// each (out = 2 * tile + 1), with mode-2 cross-core flags both ways. `skipReady` makes the AIC
// forget its "tile ready" flag, which deadlocks the AIVs.
#include "tiles_kernel.h"

constexpr uint32_t kTile = 256, kHalf = kTile / 2;
constexpr uint16_t kReady = 3, kFree = 4;

__global__ __mix__(1, 2) void produce_consume(GM_ADDR ws, GM_ADDR out, uint32_t tiles, uint32_t skipReady)
{
    const uint32_t group = ASCEND_IS_AIC ? uint32_t(AscendC::GetBlockIdx()) : uint32_t(AscendC::GetBlockIdx()) / 2;
    AscendC::GlobalTensor<float> slots;
    slots.SetGlobalBuffer((__gm__ float*)ws + group * 2 * kTile, 2 * kTile);
    if ASCEND_IS_AIC {
        for (uint32_t t = 0; t < tiles; ++t) {
            if (t >= 2) AscendC::CrossCoreWaitFlag<2, PIPE_FIX>(kFree);
            for (uint32_t i = 0; i < kTile; ++i) slots.SetValue((t % 2) * kTile + i, TileValue(group, t, i));
            if (!skipReady) AscendC::CrossCoreSetFlag<2, PIPE_FIX>(kReady);
        }
        return;
    }
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, kHalf * sizeof(float));
    AscendC::LocalTensor<float> x = buf.Get<float>();
    AscendC::GlobalTensor<float> o;
    o.SetGlobalBuffer((__gm__ float*)out + group * tiles * kTile, tiles * kTile);
    const uint32_t half = uint32_t(AscendC::GetSubBlockIdx()) * kHalf;
    for (uint32_t t = 0; t < tiles; ++t) {
        AscendC::CrossCoreWaitFlag(kReady);
        AscendC::DataCopy(x, slots[(t % 2) * kTile + half], kHalf);
        AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
        AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
        AscendC::Muls(x, x, 2.0f, kHalf);
        AscendC::Adds(x, x, 1.0f, kHalf);
        AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
        AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
        AscendC::DataCopy(o[t * kTile + half], x, kHalf);
        if (t + 2 < tiles) AscendC::CrossCoreSetFlag<2, PIPE_MTE3>(kFree);
        AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(0);
        AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(0);
    }
}
