#include "sim/race.h"

#include <algorithm>
#include <cstring>

#include "sim/runtime.h"

namespace akg::sim {

namespace {

// Runs held before a check (doubled while checks cannot drop enough), at most kMaxRuns (about
// 150 MB): past that the launch's later accesses go unchecked (docs/diagnostics.md, GM_RACE).
constexpr size_t kFirstCheck = size_t(1) << 16;
constexpr size_t kMaxRuns = size_t(1) << 21;
// A barrier checks the runs before it once this many are held, so that the ones it ordered
// before every core are dropped.
constexpr size_t kCheckAtBarrier = size_t(1) << 12;
// Per core, the call sites whose latest run the next access may extend.
constexpr size_t kOpenRuns = 8;
// A loop-mode transfer of more iterations than this is recorded as its span.
constexpr uint64_t kMaxLoopRuns = 1 << 16;
// Distinct pairs of call sites reported per launch.
constexpr size_t kMaxReports = 32;

// One 8-byte-aligned GM word's share of a run's value: its bytes in [lo, hi) (a partial word at a
// burst's edge keeps its mask, so it never equals the whole word), mixed with its address.
uint64_t WordHash(uintptr_t word, uintptr_t lo, uintptr_t hi) {
    uint64_t w = 0, mask = 0;
    for (uintptr_t a = std::max(word, lo); a < std::min(word + 8, hi); ++a) {
        w |= uint64_t(*reinterpret_cast<const uint8_t*>(a)) << (8 * (a - word));
        mask |= uint64_t(0xff) << (8 * (a - word));
    }
    if (lo <= word && word + 8 <= hi) std::memcpy(&w, reinterpret_cast<const void*>(word), 8);
    uint64_t h = (word * 0x9E3779B97F4A7C15ull) ^ w ^ (~mask * 0xC2B2AE3D27D4EB4Full);
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    return h;
}

}  // namespace

RaceDetector::RaceDetector(size_t cores)
    : cores_(cores), clock_(cores, Clock(cores, 0)), snaps_(cores), done_(cores, false), open_(cores), pending_(cores),
      seq_(cores, 0), dcciLine_(cores, UINTPTR_MAX), lastScalarStore_(cores),
      checkAt_(kFirstCheck), barrierCheckAt_(kCheckAtBarrier) {
    for (size_t c = 0; c < cores; ++c) clock_[c][c] = 1;
}

void RaceDetector::Tick(int core) { ++clock_[size_t(core)][size_t(core)]; }

void RaceDetector::Join(Clock& into, const Clock& from) {
    for (size_t k = 0; k < cores_ && k < from.size(); ++k) into[k] = std::max(into[k], from[k]);
}

void RaceDetector::OnInstr(int core, const Instr& in) {
    if (core < 0 || size_t(core) >= cores_) return;
    Landed(core);  // the previous instruction's stores are in GM now
    ++seq_[size_t(core)];
    // A flag word kept coherent by hand, as the official gm_by_dcache sample does: a scalar store
    // followed by a DataCacheCleanAndInvalid of its line publishes it (a release, like
    // WriteGmByPassDCache), and a scalar load of a line the core has just cleaned and invalidated
    // reads the latest published value (an acquire, like ReadGmByPassDCache). Such a load is a
    // poll, concurrent with the stores by design: it does not race (stores of different values
    // still race with each other).
    const uintptr_t kLine = 64;
    const bool cacheMaintenance = in.noData && in.nacc > 0 && in.acc[0].mem == Mem::GM;
    if (cacheMaintenance) {
        const uintptr_t line = in.acc[0].addr & ~(kLine - 1);
        dcciLine_[size_t(core)] = line;
        ScalarStore& s = lastScalarStore_[size_t(core)];
        if (s.seq != 0 && s.seq + 1 == seq_[size_t(core)] && (s.word & ~(kLine - 1)) == line) {
            flags_[s.word] = clock_[size_t(core)];
            Tick(core);
        }
        s.seq = 0;
        return;
    }
    const bool scalarWord = IsScalarGmWordAccess(in);
    const bool coherentLoad = scalarWord && !in.acc[0].write && (in.acc[0].addr & ~(kLine - 1)) == dcciLine_[size_t(core)];
    const int accesses = in.noData ? 0 : in.nacc;  // cache maintenance names bytes it does not access
    for (int i = 0; i < accesses; ++i) {
        const Access& a = in.acc[i];
        if (a.mem != Mem::GM || a.bytes == 0) continue;
        Run r;
        r.core = uint16_t(core);
        r.caller = in.caller;
        r.write = a.write;
        r.kind = in.gmSyncWords ? Kind::SyncWord : a.write && in.gmAtomic ? Kind::Atomic : Kind::Plain;
        r.polled = coherentLoad;
        if (r.kind == Kind::Atomic) {
            r.atomicOp = in.gmAtomic;
            r.atomicType = in.gmAtomicType;
        }
        const uint64_t loops = uint64_t(a.loops[0]) * a.loops[1];
        if (a.bursts == 0 || a.burst == 0 || loops > kMaxLoopRuns) {
            r.begin = a.addr;
            r.burst = a.bytes;
            Record(r);
            continue;
        }
        const bool contiguous = a.bursts == 1 || a.burstStride <= a.burst;
        const uint64_t inner = contiguous ? (a.bursts - 1) * a.burstStride + a.burst : a.burst;
        for (uint64_t j2 = 0; j2 < a.loops[1]; ++j2) {
            if (contiguous) {
                // The inner transfer is one block: the first loop makes its bursts.
                r.begin = a.addr + j2 * a.loopStride[1];
                r.burst = inner;
                r.count = a.loops[0];
                r.stride = a.loopStride[0];
                Record(r);
                continue;
            }
            for (uint64_t j1 = 0; j1 < a.loops[0]; ++j1) {
                r.begin = a.addr + j2 * a.loopStride[1] + j1 * a.loopStride[0];
                r.burst = a.burst;
                r.count = a.bursts;
                r.stride = a.burstStride;
                Record(r);
            }
        }
    }
    if (scalarWord && in.acc[0].write && !in.gmFlag) lastScalarStore_[size_t(core)] = {in.acc[0].addr, seq_[size_t(core)]};
    if (coherentLoad) {
        if (auto it = flags_.find(in.acc[0].addr); it != flags_.end()) {
            Join(clock_[size_t(core)], it->second);
            Tick(core);
        }
    }
    if (in.gmFlag && in.nacc > 0 && in.acc[0].mem == Mem::GM) {
        // The read observes the word's latest write (the cores run one after another here).
        const uintptr_t word = in.acc[0].addr;
        if (in.acc[0].write) {
            flags_[word] = clock_[size_t(core)];
            Tick(core);
        } else if (auto it = flags_.find(word); it != flags_.end()) {
            Join(clock_[size_t(core)], it->second);
            Tick(core);
        }
    }
    if (in.crossSet) {
        if (released_.size() <= in.crossSet) released_.resize(size_t(in.crossSet) + 1);
        released_[in.crossSet] = clock_[size_t(core)];
        Tick(core);
    }
    if (in.crossReleasedCount) {
        for (uint32_t k = 0; k < in.crossReleasedCount; ++k) {
            const uint32_t id = in.crossReleasedBy[k];
            if (id < released_.size()) Join(clock_[size_t(core)], released_[id]);
        }
        Tick(core);
    }
}

void RaceDetector::Arrive(int core, uint32_t scope) {
    Landed(core);
    if (arriving_.size() <= scope) {
        arriving_.resize(scope + 1);
        arrivals_.resize(scope + 1);
    }
    if (arriving_[scope].empty()) arriving_[scope].assign(cores_, 0);
    Join(arriving_[scope], clock_[size_t(core)]);
    arrivals_[scope].push_back(core);
    Tick(core);
}

void RaceDetector::Complete(uint32_t scope) {
    if (scope >= arriving_.size()) return;
    // Every participant leaves after every arrival: each takes the join of all of them.
    for (int core : arrivals_[scope]) {
        Join(clock_[size_t(core)], arriving_[scope]);
        Tick(core);
    }
    arriving_[scope].clear();
    arrivals_[scope].clear();
    // A barrier that leaves most runs held (cores outside its scope) raises the bar for the next.
    if (runs_.size() >= barrierCheckAt_) {
        Check();
        barrierCheckAt_ = std::max(kCheckAtBarrier, 2 * runs_.size());
    }
}

void RaceDetector::CoreDone(int core) {
    if (core >= 0 && size_t(core) < cores_) done_[size_t(core)] = true;
}

void RaceDetector::Record(Run r) {
    if (full_) return;
    if (r.count > 1 && r.stride <= r.burst) {  // overlapping or touching bursts: one block
        r.burst = (r.count - 1) * r.stride + r.burst;
        r.count = 1;
        r.stride = 0;
    }
    const size_t core = r.core;
    r.epoch = clock_[core][core];
    r.pass = pass_;
    r.first = r.last = seq_[core];
    if (snaps_[core].empty() || snaps_[core].back().epoch != r.epoch) snaps_[core].push_back({r.epoch, clock_[core]});

    std::vector<OpenRun>& open = open_[core];
    auto it = std::find_if(open.begin(), open.end(),
                           [&](const OpenRun& o) { return o.caller == r.caller && o.write == r.write; });
    if (it != open.end()) {
        Run& e = runs_[it->index];
        const bool same = e.pass == r.pass && e.epoch == r.epoch && e.kind == r.kind && e.polled == r.polled &&
                          e.atomicOp == r.atomicOp &&
                          e.atomicType == r.atomicType;
        // A store that overlaps the run's end lands twice in its value: the run keeps no value.
        if (same && e.count == 1 && r.count == 1 && r.begin >= e.begin && r.begin <= e.end()) {
            if (r.begin < e.end()) e.valued = false;
            e.burst = std::max(e.end(), r.end()) - e.begin;  // contiguous, moving forward
            e.last = r.last;
            Stored(core, it->index, r);
            return;
        }
        if (same && e.burst == r.burst && r.begin > e.begin) {
            // The next bursts of the same pattern (one row after another, one tile after another).
            const uint64_t s = e.count > 1 ? e.stride : r.count > 1 ? r.stride : r.begin - e.begin;
            if ((r.count == 1 || r.stride == s) && r.begin == e.begin + e.count * s) {
                e.count += r.count;
                e.stride = s;
                e.last = r.last;
                if (e.stride <= e.burst) {
                    e.burst = (e.count - 1) * e.stride + e.burst;
                    e.count = 1;
                    e.stride = 0;
                }
                Stored(core, it->index, r);
                return;
            }
        }
        it->index = runs_.size();
    } else {
        if (open.size() >= kOpenRuns) open.erase(open.begin());
        open.push_back({r.caller, r.write, runs_.size()});
    }
    r.valued = r.write && r.kind == Kind::Plain;
    runs_.push_back(r);
    Stored(core, runs_.size() - 1, r);
    if (runs_.size() >= checkAt_) {
        Check();
        if (runs_.size() >= checkAt_ / 2) checkAt_ *= 2;
        full_ = checkAt_ > kMaxRuns;
    }
}

void RaceDetector::Stored(size_t core, size_t index, const Run& r) {
    if (r.write && r.kind == Kind::Plain) pending_[core].push_back({index, r.begin, r.burst, r.stride, r.count});
}

void RaceDetector::Landed(int core) {
    for (const Pending& p : pending_[size_t(core)]) {
        Run& run = runs_[p.index];
        if (!run.valued) continue;
        const uintptr_t end = p.begin + (p.count - 1) * p.stride + p.burst;
        const GmRegion* g = FindGm(p.begin);
        if (!g || end > g->slackEnd) {  // out of bounds: the store did not happen
            run.valued = false;
            continue;
        }
        for (uint64_t i = 0; i < p.count; ++i) {
            const uintptr_t lo = p.begin + i * p.stride, hi = lo + p.burst;
            for (uintptr_t w = lo & ~uintptr_t(7); w < hi; w += 8) run.value += WordHash(w, lo, hi);
        }
    }
    pending_[size_t(core)].clear();
}

void RaceDetector::DropPending() {
    for (auto& core : pending_) {
        for (const Pending& p : core) runs_[p.index].valued = false;
        core.clear();
    }
}

void RaceDetector::Suspended(int core) {
    if (core >= 0 && size_t(core) < cores_) Landed(core);
}

const RaceDetector::Clock& RaceDetector::ClockAt(int core, uint32_t epoch) const {
    const std::vector<Snapshot>& s = snaps_[size_t(core)];
    auto it = std::lower_bound(s.begin(), s.end(), epoch, [](const Snapshot& x, uint32_t e) { return x.epoch < e; });
    return it->clock;  // every held run's epoch has its snapshot
}

bool RaceDetector::Ordered(const Run& a, const Run& b) const {
    return ClockAt(b.core, b.epoch)[a.core] >= a.epoch || ClockAt(a.core, a.epoch)[b.core] >= b.epoch;
}

bool RaceDetector::Conflict(const Run& a, const Run& b) {
    if (!a.write && !b.write) return false;
    if (a.polled || b.polled) return false;
    if (a.kind == Kind::SyncWord && b.kind == Kind::SyncWord) return false;
    // The same bytes stored to the same place land the same in either order.
    if (a.write && b.write && a.valued && b.valued && a.value == b.value && a.begin == b.begin &&
        a.burst == b.burst && a.count == b.count && (a.count == 1 || a.stride == b.stride))
        return false;
    // Accumulations of one op and type commute.
    return !(a.kind == Kind::Atomic && b.kind == Kind::Atomic && a.atomicOp == b.atomicOp &&
             a.atomicType == b.atomicType);
}

bool RaceDetector::ReadsItsOwnEqualStore(const Run& read, const Run& write) const {
    if (!write.valued) return false;
    auto from = std::lower_bound(runs_.begin(), runs_.end(), write.begin,
                                 [](const Run& x, uintptr_t b) { return x.begin < b; });
    for (auto it = from; it != runs_.end() && it->begin == write.begin; ++it)
        if (it->core == read.core && it->write && it->valued && it->value == write.value && it->burst == write.burst &&
            it->count == write.count && (it->count == 1 || it->stride == write.stride) && it->last < read.first)
            return true;
    return false;
}

bool RaceDetector::Overlap(const Run& a, const Run& b, uintptr_t* at) {
    const uintptr_t lo = std::max(a.begin, b.begin), hi = std::min(a.end(), b.end());
    if (lo >= hi) return false;
    // Bursts of one stride meet only if their offsets within the stride do.
    if (a.count > 1 && b.count > 1 && a.stride == b.stride) {
        const uint64_t rel = b.begin >= a.begin ? (b.begin - a.begin) % a.stride : (a.stride - (a.begin - b.begin) % a.stride) % a.stride;
        if (rel >= a.burst && rel + b.burst <= a.stride) return false;
    }
    // Walk the bursts of the run with fewer of them inside [lo, hi) and look each up in the other.
    auto burstsIn = [&](const Run& x) -> uint64_t {
        if (x.count == 1) return 1;
        const uint64_t first = lo > x.begin ? (lo - x.begin) / x.stride : 0;
        const uint64_t last = std::min<uint64_t>(x.count - 1, (hi - 1 - x.begin) / x.stride);
        return last >= first ? last - first + 1 : 0;
    };
    const bool walkA = burstsIn(a) <= burstsIn(b);
    const Run& x = walkA ? a : b;
    const Run& y = walkA ? b : a;
    uint64_t i = x.count == 1 || lo <= x.begin ? 0 : (lo - x.begin) / x.stride;
    for (; i < x.count; ++i) {
        const uintptr_t s = std::max<uintptr_t>(x.begin + i * x.stride, lo);
        const uintptr_t e = std::min<uintptr_t>(x.begin + i * x.stride + x.burst, hi);
        if (x.begin + i * x.stride >= hi) break;
        if (s >= e) continue;
        // The first burst of y that ends after s.
        uint64_t j = y.count == 1 || s <= y.begin ? 0 : (s - y.begin) / y.stride;
        if (y.begin + j * y.stride + y.burst <= s) ++j;
        if (j >= y.count) continue;
        const uintptr_t ys = y.begin + j * y.stride;
        if (ys < e) {
            *at = std::max(s, ys);
            return true;
        }
    }
    return false;
}

namespace {

const char* Verb(bool write, uint8_t kind, uint8_t atomicOp) {
    if (!write) return "reads";
    if (kind == 2) return "writes (a synchronisation word)";
    if (kind == 1)
        return atomicOp == uint8_t(AtomicOp::Add)   ? "atomically adds to"
               : atomicOp == uint8_t(AtomicOp::Max) ? "atomically maxes into"
                                                    : "atomically mins into";
    return "writes";
}

}  // namespace

void RaceDetector::Report(const Run& a, const Run& b, uintptr_t at) {
    // The later core in the sequential order is where the result depends on the earlier one.
    const Run& here = a.core > b.core ? a : b;
    const Run& there = a.core > b.core ? b : a;
    const std::pair<const void*, const void*> key{here.caller, there.caller};
    if (std::find(reported_.begin(), reported_.end(), key) != reported_.end() || reported_.size() >= kMaxReports)
        return;
    reported_.push_back(key);
    Runtime& rt = Rt();
    std::string where = Format("GM at 0x%lx", static_cast<unsigned long>(at));
    if (const GmRegion* g = FindGm(at))
        where = Format("byte %lu of GM tensor '%s'", static_cast<unsigned long>(at - g->begin), g->name.c_str());
    DiagOnCore(here.core, "GM_RACE", here.caller,
               Format("%s %s %s, and %s %s it at {related}, with no SyncAll, cross-core flag or other cross-core "
                      "synchronisation ordering the two: the cores run concurrently on the device, so the result "
                      "depends on which lands first",
                      CoreName(*rt.cores[here.core]).c_str(), Verb(here.write, uint8_t(here.kind), here.atomicOp),
                      where.c_str(), CoreName(*rt.cores[there.core]).c_str(),
                      Verb(there.write, uint8_t(there.kind), there.atomicOp)),
               there.caller);
}

void RaceDetector::Check() {
    DropPending();  // only the current instruction's stores can still be pending: they have not landed
    if (std::none_of(runs_.begin(), runs_.end(), [&](const Run& r) { return r.pass == pass_; })) return;
    std::sort(runs_.begin(), runs_.end(), [](const Run& x, const Run& y) { return x.begin < y.begin; });
    std::vector<size_t> active;  // runs whose span reaches the current one's start
    for (size_t i = 0; i < runs_.size(); ++i) {
        const Run& r = runs_[i];
        active.erase(std::remove_if(active.begin(), active.end(), [&](size_t k) { return runs_[k].end() <= r.begin; }),
                     active.end());
        for (size_t k : active) {
            const Run& a = runs_[k];
            if (a.core == r.core || (a.pass != pass_ && r.pass != pass_) || !Conflict(a, r) || Ordered(a, r)) continue;
            uintptr_t at = 0;
            if (!Overlap(a, r, &at)) continue;
            if (a.write != r.write && ReadsItsOwnEqualStore(a.write ? r : a, a.write ? a : r)) continue;
            Report(a, r, at);
        }
        active.push_back(i);
    }
    ++pass_;
    for (auto& o : open_) o.clear();
    Prune();
}

void RaceDetector::Prune() {
    // A run every other unfinished core is ordered after can race with nothing still to come.
    auto settled = [&](const Run& r) {
        for (size_t k = 0; k < cores_; ++k)
            if (k != r.core && !done_[k] && clock_[k][r.core] < r.epoch) return false;
        return true;
    };
    runs_.erase(std::remove_if(runs_.begin(), runs_.end(), settled), runs_.end());
    // Keep the snapshots of the epochs still held (runs_ is sorted by address, not epoch).
    std::vector<std::vector<uint32_t>> used(cores_);
    for (const Run& r : runs_) used[r.core].push_back(r.epoch);
    for (size_t c = 0; c < cores_; ++c) {
        std::sort(used[c].begin(), used[c].end());
        std::vector<Snapshot>& s = snaps_[c];
        s.erase(std::remove_if(s.begin(), s.end(),
                               [&](const Snapshot& x) {
                                   return !std::binary_search(used[c].begin(), used[c].end(), x.epoch);
                               }),
                s.end());
    }
}

void RaceDetector::Finish() {
    for (size_t c = 0; c < cores_; ++c) Landed(int(c));
    Check();
}

}  // namespace akg::sim
