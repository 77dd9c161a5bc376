// The cross-core race detector (GM_RACE, docs/diagnostics.md): the cores of a launch run one
// after another here, but concurrently on the device, so a GM byte one core writes and another
// reads or writes with nothing ordering the two is a result the device does not guarantee. It is
// part of the runtime (the scheduler's barriers and flags feed it); Issue() hands it each instruction.
//
// Happens-before is tracked with a vector clock per core (as FastTrack / ThreadSanitizer do):
// program order within a core, a release (CrossCoreSetFlag, IBSet, GroupBarrier::Arrive,
// NotifyNextBlock: an Instr's crossSet) to the waits it released (crossReleasedBy), a GM flag
// word's write to the reads that see it (Read/WriteGmByPassDCache: Instr::gmFlag), and a barrier
// (the SyncAll family) from every participant's arrival to every participant's departure. GM
// accesses are recorded as strided runs (bursts of the DMA, merged while a core keeps moving
// forward through a tensor at one call site) stamped with the core's epoch, and checked against
// each other with a sweep over their spans at barriers, when many have gathered, and at the end
// of the launch. Runs every core is already ordered after are dropped, which bounds the memory of
// kernels that synchronise; the rest is bounded by kMaxRuns.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "akg/sim/sim.h"

namespace akg::sim {

class RaceDetector {
public:
    explicit RaceDetector(size_t cores);

    // An issued instruction of `core`: its GM accesses, and its release or acquire edges.
    void OnInstr(int core, const Instr& in);
    // A barrier of `scope`: each participant arrives, the last one completes it, and then every
    // participant is ordered after every arrival.
    void Arrive(int core, uint32_t scope);
    void Complete(uint32_t scope);
    // `core` stopped running (it blocked, yielded or finished): what it stored has landed.
    void Suspended(int core);
    // A finished core accesses nothing more: nothing needs keeping for it.
    void CoreDone(int core);
    // Checks what is left and reports every race found (GM_RACE diagnostics).
    void Finish();

    size_t RunsHeld() const { return runs_.size(); }

private:
    enum class Kind : uint8_t { Plain, Atomic, SyncWord };
    struct Run {
        uintptr_t begin = 0;
        uint64_t burst = 0;   // bytes of each burst
        uint64_t stride = 0;  // between burst starts (count > 1)
        uint64_t count = 1;   // bursts
        const void* caller = nullptr;
        uint32_t epoch = 0;
        uint32_t pass = 0;  // the check round it was recorded in
        uint16_t core = 0;
        bool write = false;
        bool polled = false;  // a load of a flag word kept coherent by hand: it never races
        Kind kind = Kind::Plain;
        uint8_t atomicOp = 0;
        DType atomicType = DType::F32;
        // A plain write whose landed bytes were all seen: `value` sums a hash of each 8-byte word
        // with its address, so the same bytes stored the same way give the same value however
        // the stores were split.
        bool valued = false;
        uint64_t value = 0;
        // The core's instructions the run spans (its program order, finer than epochs).
        uint64_t first = 0, last = 0;
        uintptr_t end() const { return begin + (count - 1) * stride + burst; }
    };
    using Clock = std::vector<uint32_t>;
    struct Snapshot {
        uint32_t epoch;
        Clock clock;
    };
    // The bursts of a core's latest instruction, stored into runs_[index]: hashed once they have
    // landed (Landed), before the core's next instruction or when it stops running.
    struct Pending {
        size_t index;
        uintptr_t begin;
        uint64_t burst, stride, count;
    };
    // A core's recent runs per call site and kind, for merging the next one into.
    struct OpenRun {
        const void* caller;
        bool write;
        size_t index;
    };

    void Record(Run r);
    // A plain store's bursts went into runs_[index]: pending until they land.
    void Stored(size_t core, size_t index, const Run& r);
    // Adds the landed bytes of `core`'s pending stores to their runs' values.
    void Landed(int core);
    // Before runs_ is reordered: every pending store loses its value (its bytes have not landed).
    void DropPending();
    void Tick(int core);
    void Join(Clock& into, const Clock& from);
    const Clock& ClockAt(int core, uint32_t epoch) const;
    bool Ordered(const Run& a, const Run& b) const;
    static bool Conflict(const Run& a, const Run& b);
    // Whether `read`'s core stored the same bytes as `write`, the same way, before the read:
    // the read then sees those bytes whichever store lands last. Needs runs_ sorted by begin.
    bool ReadsItsOwnEqualStore(const Run& read, const Run& write) const;
    static bool Overlap(const Run& a, const Run& b, uintptr_t* at);
    void Report(const Run& a, const Run& b, uintptr_t at);
    // Checks the runs recorded since the last check against everything held, then drops the runs
    // no core can still race with.
    void Check();
    void Prune();

    size_t cores_;
    std::vector<Clock> clock_;                 // per core
    std::vector<std::vector<Snapshot>> snaps_;  // per core: its clock in each epoch it touched GM
    std::vector<Clock> released_;              // per release id (Instr::crossSet)
    std::unordered_map<uintptr_t, Clock> flags_;  // per GM flag word: its last writer's clock
    std::vector<Clock> arriving_;              // per barrier scope: the join of its arrivals so far
    std::vector<std::vector<int>> arrivals_;   // ... and who arrived
    std::vector<bool> done_;
    std::vector<std::vector<OpenRun>> open_;  // per core
    std::vector<std::vector<Pending>> pending_;  // per core
    std::vector<uint64_t> seq_;                  // per core: instructions seen
    // Per core, for flag words kept coherent by hand (a scalar GM access next to a
    // DataCacheCleanAndInvalid of its cache line): the line the core last cleaned and
    // invalidated, and its last scalar GM store (the word, and the instruction: 0 for none).
    std::vector<uintptr_t> dcciLine_;
    struct ScalarStore {
        uintptr_t word = 0;
        uint64_t seq = 0;
    };
    std::vector<ScalarStore> lastScalarStore_;
    std::vector<Run> runs_;
    uint32_t pass_ = 0;
    size_t checkAt_, barrierCheckAt_;
    bool full_ = false;  // kMaxRuns reached: recording stopped
    std::vector<std::pair<const void*, const void*>> reported_;
};

}  // namespace akg::sim
