// GroupBarrier: the Wait group's AIVs (Wait) proceed once every AIV of the Arrive group has
// called Arrive in the same round; an Arrive of a later round first waits until every Wait of the
// round before it has returned. The counters live in the caller's zeroed, 512-byte aligned GM
// workspace; each core's object counts its own rounds.
#pragma once

#include "basic_api/kernel_tensor.h"

namespace akg::sim {
void GroupBarrierCheck(const void* workspace, uint32_t arriveSize, uint32_t waitSize, const void* caller);
void GroupBarrierArrive(const void* workspace, uint32_t arriveSize, uint32_t waitSize, uint32_t index,
                        uint32_t round, const void* caller);
void GroupBarrierWait(const void* workspace, uint32_t arriveSize, uint32_t waitSize, uint32_t index,
                      uint32_t round, const void* caller);
}  // namespace akg::sim

namespace AscendC {

// The unit that sends the group's messages; only MTE3_MODE is supported.
enum class PipeMode : uint8_t { SCALAR_MODE = 0, MTE3_MODE = 1, MAX };

template <PipeMode pipeMode>
class GroupBarrier {
public:
    AKG_API GroupBarrier(GM_ADDR groupWorkspace, uint32_t arriveSizeIn, uint32_t waitSizeIn)
        : workspace_(groupWorkspace), arriveSize_(arriveSizeIn), waitSize_(waitSizeIn) {
        static_assert(pipeMode == PipeMode::MTE3_MODE, "GroupBarrier: only PipeMode::MTE3_MODE is supported");
        akg::sim::GroupBarrierCheck(workspace_, arriveSize_, waitSize_, AKG_CALLER);
    }
    AKG_API void Arrive(uint32_t arriveIndex) {
        akg::sim::GroupBarrierArrive(workspace_, arriveSize_, waitSize_, arriveIndex, round_, AKG_CALLER);
        ++round_;
        arrived_ = true;
    }
    AKG_API void Wait(uint32_t waitIndex) {
        // A core that arrived this round waits for that round; otherwise for its next one.
        const uint32_t round = arrived_ ? round_ - 1 : round_;
        akg::sim::GroupBarrierWait(workspace_, arriveSize_, waitSize_, waitIndex, round, AKG_CALLER);
        if (!arrived_) ++round_;
    }
    // One 512-byte cache line per member of the larger group.
    __aicore__ inline uint64_t GetWorkspaceLen() {
        return uint64_t(arriveSize_ > waitSize_ ? arriveSize_ : waitSize_) * kCacheLine;
    }

private:
    static constexpr uint64_t kCacheLine = 512;
    GM_ADDR workspace_;
    uint32_t arriveSize_;
    uint32_t waitSize_;
    uint32_t round_ = 1;
    bool arrived_ = false;
};

}  // namespace AscendC
