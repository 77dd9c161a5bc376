// ArithProgression (CANN 8.x name) and Arange (its current name), the high-level index API:
// dst[i] = firstValue + i * diffValue for i < count, on half, float, int16_t or int32_t.
//
// Written, as the Atlas A2 implementation behaves, from basic instructions the simulator already
// checks and times: the first 32-byte block (or the whole sequence, when it is shorter) by scalar
// writes (half computed in float), then each further block of the first 256-byte repeat by an
// Adds of diffValue * blockLength to the block before it, then each further repeat by an Adds of
// diffValue * repeatLength to the repeat before it. So float sequences carry the rounding of those
// additions, as on the device, writes reach the 32-byte alignment of the last block (the whole
// first repeat once count exceeds it), and the vector mask is left as the last Adds set it.
#pragma once

#include <cstdint>
#include <type_traits>

#include "basic_api/kernel_base_types.h"
#include "basic_api/kernel_operator_block_sync_intf.h"
#include "basic_api/kernel_operator_vec_binary_scalar_intf.h"
#include "basic_api/kernel_operator_vec_mask_intf.h"
#include "basic_api/kernel_tensor.h"
#include "basic_api/kernel_tpipe.h"

namespace AscendC {
namespace akg_adv {

// The step between two elements n apart, in int64 for integers and float otherwise.
template <typename T>
inline T ProgressionStep(T diff, int32_t n) {
    if constexpr (std::is_integral_v<T>) return static_cast<T>(static_cast<int64_t>(diff) * n);
    else return static_cast<T>(static_cast<float>(diff) * static_cast<float>(n));
}

template <typename T>
inline void ScalarProgression(const LocalTensor<T>& dst, T first, T diff, int32_t n) {
    for (int32_t i = 0; i < n; ++i) {
        if constexpr (std::is_same_v<T, half>)
            dst.SetValue(i, static_cast<T>(static_cast<float>(first) + static_cast<float>(diff) * static_cast<float>(i)));
        else
            dst.SetValue(i, static_cast<T>(first + diff * static_cast<T>(i)));
    }
}

template <HardEvent event>
inline void WaitFor() {
    const auto id = GetTPipePtr()->FetchEventID(event);
    SetFlag<event>(id);
    WaitFlag<event>(id);
}

}  // namespace akg_adv

template <typename T>
__aicore__ inline void ArithProgression(const LocalTensor<T>& dst, const T firstValue, const T diffValue,
                                        const int32_t count) {
    static_assert(akg::sim::kOneOf<T, half, float, int16_t, int32_t>,
                  "ArithProgression: data type not supported on this SoC (half, float, int16_t, int32_t)");
    constexpr int32_t blockLength = ONE_BLK_SIZE / sizeof(T);
    constexpr int32_t repeatLength = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    if (count <= blockLength) {
        akg_adv::WaitFor<HardEvent::V_S>();
        akg_adv::ScalarProgression(dst, firstValue, diffValue, count);
        akg_adv::WaitFor<HardEvent::S_V>();
        return;
    }
    akg_adv::ScalarProgression(dst, firstValue, diffValue, blockLength);
    akg_adv::WaitFor<HardEvent::S_V>();
    const UnaryRepeatParams contiguous(1, 1, 1, 1);
    const int32_t blocks = count > repeatLength ? DEFAULT_BLK_NUM : (count + blockLength - 1) / blockLength;
    SetVectorMask<T>(0, (uint64_t(1) << blockLength) - 1);
    PipeBarrier<PIPE_V>();
    for (int32_t b = 1; b < blocks; ++b) {
        Adds<T, false>(dst[b * blockLength], dst[(b - 1) * blockLength],
                       akg_adv::ProgressionStep(diffValue, blockLength), MASK_PLACEHOLDER, 1, contiguous);
        PipeBarrier<PIPE_V>();
    }
    if (count <= repeatLength) return;
    const UnaryRepeatParams repeatStrided(1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE);
    const int32_t repeats = count / repeatLength;
    const int32_t tail = count % repeatLength;
    const T repeatStep = akg_adv::ProgressionStep(diffValue, repeatLength);
    ResetMask();
    PipeBarrier<PIPE_V>();
    for (int32_t r = 1; r < repeats; ++r) {
        Adds<T, false>(dst[r * repeatLength], dst[(r - 1) * repeatLength], repeatStep, MASK_PLACEHOLDER, 1,
                       repeatStrided);
        PipeBarrier<PIPE_V>();
    }
    if (tail > 0) {
        SetVectorMask<T>((tail + blockLength - 1) / blockLength * blockLength);
        PipeBarrier<PIPE_V>();
        Adds<T, false>(dst[repeats * repeatLength], dst[(repeats - 1) * repeatLength], repeatStep, MASK_PLACEHOLDER,
                       1, repeatStrided);
        PipeBarrier<PIPE_V>();
    }
}

template <typename T>
__aicore__ inline void Arange(const LocalTensor<T>& dst, const T firstValue, const T diffValue, const int32_t count) {
    ArithProgression(dst, firstValue, diffValue, count);
}

}  // namespace AscendC
