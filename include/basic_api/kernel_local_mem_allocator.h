// LocalMemAllocator: LocalTensors placed one after another in a local memory without TPipe (the
// direct-launch samples' style). Its buffers are ordinary local buffers to the checker.
#pragma once

#include "basic_api/kernel_tpipe.h"

namespace AscendC {

enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };

template <Hardware hard>
class LocalMemAllocator {
    static_assert(hard != Hardware::GM && hard != Hardware::MAX, "LocalMemAllocator places tensors in a local memory");

public:
    // The logical position a tensor of this memory has by default.
    static constexpr TPosition kPosition = hard == Hardware::UB    ? TPosition::VECCALC
                                           : hard == Hardware::L1  ? TPosition::A1
                                           : hard == Hardware::L0A ? TPosition::A2
                                           : hard == Hardware::L0B ? TPosition::B2
                                           : hard == Hardware::L0C ? TPosition::CO1
                                                                   : TPosition::C2;

    __aicore__ inline LocalMemAllocator() = default;

    template <typename T, uint32_t tileSize>
    AKG_API LocalTensor<T> Alloc() {
        return Place<T>(tileSize, AKG_CALLER);
    }
    template <TPosition pos, typename T, uint32_t tileSize>
    AKG_API LocalTensor<T> Alloc() {
        return Place<T>(tileSize, AKG_CALLER, pos);
    }
    template <typename T>
    AKG_API LocalTensor<T> Alloc(uint32_t tileSize) {
        return Place<T>(tileSize, AKG_CALLER);
    }
    template <TPosition pos, typename T>
    AKG_API LocalTensor<T> Alloc(uint32_t tileSize) {
        return Place<T>(tileSize, AKG_CALLER, pos);
    }
    // The offset of the first free byte.
    __aicore__ inline uint32_t GetCurAddr() const { return used_; }

private:
    template <typename T>
    LocalTensor<T> Place(uint32_t tileSize, const void* caller, TPosition pos = kPosition) {
        const uint32_t bytes = uint32_t(tileSize * sizeof(T));
        const uintptr_t addr = akg::sim::BufInit(pos, bytes, caller);
        used_ += (bytes + 31) / 32 * 32;
        return LocalTensor<T>::FromAddress(addr, tileSize, pos);
    }
    uint32_t used_ = 0;
};

}  // namespace AscendC
