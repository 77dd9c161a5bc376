// The host half of the mixed_tiles pair: runs produce_consume on 3 AI cores (3 AICs, 6 AIVs) and
// checks every output element against a host loop. `--deadlock` launches it with the AIC's
// "tile ready" flag left out.
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "tiles_kernel.h"

int main(int argc, char* argv[])
{
    const bool deadlock = argc > 1 && std::strcmp(argv[1], "--deadlock") == 0;
    constexpr uint32_t blocks = 3, tiles = 5, tile = 256;
    const size_t wsBytes = blocks * 2 * tile * sizeof(float), outBytes = blocks * tiles * tile * sizeof(float);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    uint8_t *ws = nullptr, *out = nullptr;
    aclrtMalloc((void**)&ws, wsBytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc((void**)&out, outBytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemset(out, outBytes, 0, outBytes);
    produce_consume<<<blocks, nullptr, stream>>>(ws, out, tiles, deadlock ? 1 : 0);
    aclrtSynchronizeStream(stream);
    std::vector<float> host(blocks * tiles * tile);
    aclrtMemcpy(host.data(), outBytes, out, outBytes, ACL_MEMCPY_DEVICE_TO_HOST);
    size_t wrong = 0;
    for (uint32_t b = 0; b < blocks; ++b)
        for (uint32_t t = 0; t < tiles; ++t)
            for (uint32_t i = 0; i < tile; ++i)
                wrong += host[(b * tiles + t) * tile + i] != TileValue(b, t, i) * 2.0f + 1.0f;
    aclrtFree(ws);
    aclrtFree(out);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    std::printf("mixed_tiles: %zu wrong elements\n", wrong);
    return wrong == 0 ? 0 : 1;
}
