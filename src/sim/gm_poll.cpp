// Spin-waits on GM. On the device a core that loops reading a flag word in GM (GetValue after
// DataCacheCleanAndInvalid, a raw `volatile __gm__` load, ReadGmByPassDCache) sees another core's
// write as soon as it lands. Here the cores run one after another until one blocks, so such a
// loop would spin forever with the writer never scheduled. A scalar GM read of a word the core
// already read with the same value, no GM write in the launch since, is such a poll: the core
// blocks until another core writes GM, and the scheduler runs the others meanwhile. A loop that
// merely re-reads a constant goes on unchanged once no other core can run (ReleasePollers).
#include <algorithm>
#include <cstring>

#include "sim/runtime.h"

namespace akg::sim {

void NoteGmPoll(Core& c, const Instr& in) {
    Runtime& rt = Rt();
    for (int i = 0; i < in.nacc; ++i) {
        if (in.acc[i].mem != Mem::GM || !in.acc[i].write) continue;
        ++rt.gmWrites;
        if (rt.gmPollers) {
            rt.gmPollers = false;
            WakeCores(Core::Wait::GmPoll);
        }
        return;
    }
    if (!IsScalarGmWordAccess(in) || c.pollExemptAt == rt.gmWrites) return;
    const Access* read = &in.acc[0];
    uint64_t value = 0;
    std::memcpy(&value, reinterpret_cast<const void*>(read->addr), read->bytes);
    if (c.pollEpoch != rt.gmWrites) {  // GM changed: earlier reads prove nothing
        c.pollEpoch = rt.gmWrites;
        c.pollCount = 0;
    }
    const size_t held = std::min(c.pollCount, Core::kPollReads);
    for (size_t i = 0; i < held; ++i) {
        const Core::PollRead& r = c.pollReads[i];
        if (r.addr != read->addr || r.bytes != read->bytes || r.value != value) continue;
        c.pollCount = 0;
        c.waitKind = Core::Wait::GmPoll;
        c.waitLabel = Format("a loop polling the GM word at 0x%llx, unchanged since its last read",
                             static_cast<unsigned long long>(read->addr));
        c.waitCaller = in.caller;
        rt.gmPollers = true;
        BlockCurrentCore();
        return;
    }
    // A poll loop reads each of its flag words once per round: 64 hold a loop over many cores' words.
    c.pollReads[c.pollCount++ % Core::kPollReads] = {read->addr, value, uint8_t(read->bytes)};
}

bool ReleasePollers(Runtime& rt) {
    bool any = false;
    for (auto& c : rt.cores) {
        if (c->state != CoreState::Blocked || c->waitKind != Core::Wait::GmPoll) continue;
        c->state = CoreState::Ready;
        c->waitKind = Core::Wait::None;
        c->pollExemptAt = rt.gmWrites;
        any = true;
    }
    rt.gmPollers = false;
    return any;
}

}  // namespace akg::sim
