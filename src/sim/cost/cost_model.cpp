// The cost model: records each core's checked instructions with their dependencies, then times
// them on per-core pipe timelines with GM bandwidth shared by all cores (docs/cost-model.md).
#include "sim/cost/cost_model.h"

#include <algorithm>
#include <limits>

#include "sim/runtime.h"

namespace akg::cost {

using sim::Instr;
using sim::Mem;
using sim::Pipe;
using sim::SyncKind;

const char* PipeLabel(size_t pipe) { return pipe < kPipes ? sim::PipeName(Pipe(pipe)) : "?"; }

namespace {

constexpr uint64_t kBlockBytes = 32;
constexpr uint64_t kGmPacket = 512;    // GM requests are served in 512-byte windows (section 3.5)
constexpr uint64_t kBankGroups = 16;   // UB: 16 bank groups of 32-byte rows (section 1.2)
constexpr uint64_t kBankBytes = 65536; // 3 banks per group: one per 64 KiB of UB

size_t PipeIndex(Pipe p) { return p < Pipe::ALL ? size_t(p) : size_t(Pipe::S); }

uint64_t RoundUp(uint64_t n, uint64_t to) { return (n + to - 1) / to * to; }

// Cycles of one 256-byte repeat for a vector instruction, by its table row's cost class.
double RepeatCycles(const PlatformTiming& t, const Instr& in) {
    if (in.costClass == sim::CostClass::Folded) return 1;  // the advanced APIs fold their steps into `repeats`
    const auto& cycles = t.vectorRepeatCycles[size_t(in.costClass)];
    const uint64_t elemSize = in.elements ? in.bytes / in.elements : 2;
    return elemSize <= 2 ? cycles.first : cycles.second;
}

// How many cycles one repeat needs because its UB rows collide: two reads or two writes in one
// bank group, or a read and a write in the same bank, serialize (section 1.2). The first repeat
// stands for all: contiguous operands advance together.
double BankConflictFactor(const Instr& in, uintptr_t ubBase) {
    uint32_t reads[kBankGroups] = {}, writes[kBankGroups] = {};
    uint8_t readBanks[kBankGroups] = {}, writeBanks[kBankGroups] = {};
    for (int i = 0; i < in.nacc; ++i) {
        const sim::Access& a = in.acc[i];
        if (a.mem != Mem::UB || a.bytes == 0 || a.addr < ubBase) continue;
        bool alsoWritten = false;  // a destination that is also read (MulAddDst) is one stream
        for (int j = 0; j < in.nacc && !a.write; ++j)
            alsoWritten |= in.acc[j].write && in.acc[j].addr == a.addr && in.acc[j].mem == Mem::UB;
        if (alsoWritten) continue;
        const uint64_t off = a.addr - ubBase;
        const uint64_t rows = std::min<uint64_t>(8, (a.bytes + kBlockBytes - 1) / kBlockBytes);
        for (uint64_t k = 0; k < rows; ++k) {
            const uint64_t at = off + k * kBlockBytes;
            const size_t group = (at / kBlockBytes) % kBankGroups;
            const uint8_t bank = uint8_t(1u << std::min<uint64_t>(at / kBankBytes, 7));
            if (a.write) {
                ++writes[group];
                writeBanks[group] |= bank;
            } else {
                ++reads[group];
                readBanks[group] |= bank;
            }
        }
    }
    uint32_t factor = 1;
    for (size_t g = 0; g < kBankGroups; ++g) {
        factor = std::max({factor, reads[g], writes[g]});
        if (readBanks[g] & writeBanks[g]) factor = std::max(factor, 2u);
    }
    return factor;
}

// Bytes a GM transfer costs: every burst rounded up to 32 bytes, plus a penalty for each burst
// whose GM start is not 512-byte aligned (sections 3.2, 3.3).
double GmChargedBytes(const PlatformTiming& t, const Instr& in, const sim::Access& gm) {
    const uint64_t bursts = std::max<uint32_t>(in.repeats, 1);
    const uint64_t burst = in.bytes / bursts;
    const uint64_t step = bursts > 1 && gm.bytes > burst ? (gm.bytes - burst) / (bursts - 1) : burst;
    // A burst that straddles more 512-byte windows than its length needs costs an extra packet.
    auto extraWindows = [&](uint64_t addr) {
        const uint64_t touched = (addr % kGmPacket + burst + kGmPacket - 1) / kGmPacket;
        return touched - (burst + kGmPacket - 1) / kGmPacket;
    };
    uint64_t extra = 0;
    if (step % kGmPacket == 0)
        extra = bursts * extraWindows(gm.addr);
    else
        for (uint64_t i = 0; i < bursts; ++i) extra += extraWindows(gm.addr + i * step);
    return double(bursts * RoundUp(burst, kBlockBytes)) + double(extra) * t.gmUnalignedBurstBytes;
}

// Cycles per fractal of the cube for an element size (section 2.3).
double CubeCycles(const PlatformTiming& t, uint64_t elemSize) {
    return elemSize >= 4 ? t.cubeCyclesPerFractalB32 : elemSize == 1 ? t.cubeCyclesPerFractalB8 : t.cubeCyclesPerFractalB16;
}

void AddDep(Op& op, const std::vector<Op>& ops, int32_t j) {
    if (j < 0 || size_t(j) >= ops.size() || ops[j].pipe == op.pipe) return;  // one pipe runs in order
    int32_t& d = op.dep[ops[j].pipe];
    d = std::max(d, j);
}

// Data hazards on local memory: a read waits for the last writer, a write for the last writer
// and every reader since. With auto-sync the compiler and TQue insert exactly these waits; with
// manual sync a correct kernel's events imply them.
void AddHazards(CoreRecord& c, const sim::Access& a, Op& op, int32_t idx, const uint8_t* memBase) {
    auto& table = c.blocks[size_t(a.mem)];
    if (table.empty()) table.resize(sim::MemCapacity(a.mem) / kBlockBytes + 1);
    const uintptr_t base = reinterpret_cast<uintptr_t>(memBase);
    if (!memBase || a.addr < base) return;
    const uint64_t first = (a.addr - base) / kBlockBytes;
    const uint64_t last = std::min<uint64_t>((a.addr - base + a.bytes + kBlockBytes - 1) / kBlockBytes, table.size());
    for (uint64_t b = first; b < last; ++b) {
        BlockUse& u = table[b];
        AddDep(op, c.ops, u.writer);
        if (a.write) {
            for (int32_t r : u.reader) AddDep(op, c.ops, r);
            u.writer = idx;
            u.reader.fill(-1);
        } else {
            u.reader[op.pipe] = idx;
        }
    }
}

// The scalar unit reaches GM through the core's data cache (64-byte lines): a scalar access of
// an element whose line is not there first waits for GM (scalar_gm_miss_cycles) and brings the
// line in, so the other elements of the line cost only the access. A ReadGmByPassDCache /
// WriteGmByPassDCache goes to GM every time; DataCacheCleanAndInvalid drops the line it names.
// Direct-mapped over dcache_bytes: the associativity is not published.
double DataCacheCycles(CoreRecord& c, const Instr& in, const PlatformTiming& t) {
    constexpr uint64_t kLine = 64;
    double cycles = 0;
    if (c.dcache.empty()) c.dcache.resize(std::max<uint32_t>(1, t.dcacheBytes / kLine), 0);
    for (int i = 0; i < in.nacc; ++i) {
        const sim::Access& a = in.acc[i];
        if (a.mem != Mem::GM) continue;
        if (in.gmFlag) {
            cycles += t.scalarGmMissCycles;
            continue;
        }
        if (!a.element && !in.noData) continue;  // tiling reads, DumpTensor: not scalar element work
        for (uint64_t line = a.addr / kLine; line <= (a.addr + std::max<uint64_t>(a.bytes, 1) - 1) / kLine; ++line) {
            uint64_t& slot = c.dcache[line % c.dcache.size()];
            if (in.noData) {
                if (slot == line + 1) slot = 0;
            } else if (slot != line + 1) {
                slot = line + 1;
                cycles += t.scalarGmMissCycles;
            }
        }
    }
    return cycles;
}

}  // namespace

void CostModel::Impl::Record(int core, const Instr& in) {
    if (launches.empty() || core < 0) return;
    LaunchRecord& launch = launches.back();
    if (size_t(core) >= launch.cores.size()) launch.cores.resize(core + 1);
    CoreRecord& c = launch.cores[core];
    sim::Runtime* rt = sim::RtIfLaunched();
    const auto* memBase = rt && size_t(core) < rt->cores.size() ? &rt->cores[core]->memBase : nullptr;
    const PlatformTiming& t = platform.timing;
    ++launch.instructions;

    Op op;
    op.api = in.api;
    op.caller = in.caller;
    op.pipe = uint8_t(PipeIndex(in.pipe));
    const int32_t idx = int32_t(c.ops.size());
    switch (in.sync) {
        case SyncKind::SetFlag:
            if (in.syncDst == Pipe::ALL) {
                // Cross-core: completes when its pipe's earlier work has; a wait on another core
                // that it released depends on it.
                op.kind = OpKind::SetFlag;
                op.pipe = uint8_t(PipeIndex(in.syncSrc));
                launch.crossSetOps[in.crossSet] = {core, idx};
            } else {
                op.kind = OpKind::SetFlag;
                op.pipe = uint8_t(PipeIndex(in.syncSrc));
                c.pendingSets[{int(in.syncSrc), int(in.syncDst), in.eventId}].push_back(idx);
            }
            break;
        case SyncKind::WaitFlag:
            if (in.syncSrc == Pipe::ALL) {
                // Cross-core: the scalar unit stops issuing until the releasing sets completed.
                op.kind = OpKind::WaitFlag;
                op.pipe = 0;
                op.cycles = t.scalarIssueCycles;
                for (uint32_t k = 0; k < in.crossReleasedCount; ++k)
                    if (auto it = launch.crossSetOps.find(in.crossReleasedBy[k]); it != launch.crossSetOps.end())
                        c.crossDeps[idx].push_back(it->second);
            } else {
                op.kind = OpKind::WaitFlag;
                op.pipe = uint8_t(PipeIndex(in.syncDst));
                auto& q = c.pendingSets[{int(in.syncSrc), int(in.syncDst), in.eventId}];
                if (!q.empty()) {
                    op.dep[PipeIndex(in.syncSrc)] = q.front();
                    q.pop_front();
                }
            }
            break;
        case SyncKind::Barrier:
            if (in.timing == sim::Timing::SyncAll) {
                op.kind = OpKind::SyncAll;
            } else if (in.pipe == Pipe::ALL) {
                op.kind = OpKind::BarrierAll;
            } else {
                op.kind = OpKind::Barrier;
                op.cycles = in.pipe == Pipe::V ? t.pipeBarrierCycles : 0;
            }
            break;
        case SyncKind::QueueEnque:
        case SyncKind::QueueDeque:
        case SyncKind::QueueAlloc:
        case SyncKind::QueueFree:
            op.kind = OpKind::Marker;  // the hand-off itself is the data hazard AddHazards records
            break;
        case SyncKind::None:
            op.kind = in.timing == sim::Timing::Scalar ? OpKind::Scalar : OpKind::Work;
            break;
    }

    if (op.kind == OpKind::Scalar) {
        op.cycles = t.scalarAccessCycles * double(std::max<uint64_t>(1, (in.bytes + 7) / 8)) +
                    DataCacheCycles(c, in, t);
        // Consecutive scalar accesses form one run: the scalar unit executes them back to back.
        Op* run = !c.ops.empty() && c.ops.back().kind == OpKind::Scalar ? &c.ops.back() : nullptr;
        Op& target = run ? *run : op;
        const int32_t at = run ? idx - 1 : idx;
        for (int i = 0; i < in.nacc; ++i)
            if (in.acc[i].mem != Mem::GM && memBase)
                AddHazards(c, in.acc[i], target, at, (*memBase)[size_t(in.acc[i].mem)]);
        if (run) {
            ++run->count;
            run->cycles += op.cycles;
            return;
        }
        c.ops.push_back(op);
        return;
    }
    if (op.kind != OpKind::Work) {
        c.ops.push_back(op);
        return;
    }

    const sim::Access* gm = nullptr;
    Mem localDst = Mem::COUNT;
    for (int i = 0; i < in.nacc; ++i) {
        const sim::Access& a = in.acc[i];
        if (a.mem == Mem::GM) {
            if (!gm) gm = &a;
        } else {
            op.cubeCore |= a.mem != Mem::UB;  // only the cube core has L1, L0 and the bias table
            if (a.write) localDst = a.mem;
            if (memBase) AddHazards(c, a, op, idx, (*memBase)[size_t(a.mem)]);
        }
    }
    op.bytes = in.bytes;
    // How the instruction's row says it is timed (include/akg/sim/instr_rows.h, Timing).
    switch (in.timing) {
        case sim::Timing::SimtVf:
            // A SIMT VF: its threads' accesses at the warps' issue rate, its GM bytes on the
            // shared GM path like a DMA's (src/sim/simt.cpp).
            op.cycles = t.vectorStartCycles + double(in.elements) / t.simtAccessesPerCycle;
            op.gmBytes = double(in.bytes);
            launch.gmRead += in.bytes;
            break;
        case sim::Timing::VfStep:
            // A register instruction of a SIMD VF (src/sim/reg_compute.cpp): its 256-byte
            // steps, by its row's cost class; the VF's launch paid the vector start.
            op.cycles = double(std::max<uint32_t>(in.repeats, 1)) * RepeatCycles(t, in);
            launch.vectorElements += in.elements;
            break;
        case sim::Timing::UbCopy:
            op.cycles = t.vectorStartCycles + double(in.bytes) / t.ubToUbBytesPerCycle;
            break;
        case sim::Timing::Vector: {
            const double conflicts =
                t.vectorBankConflicts && memBase
                    ? BankConflictFactor(in, reinterpret_cast<uintptr_t>((*memBase)[size_t(Mem::UB)]))
                    : 1.0;
            op.cycles = t.vectorStartCycles + double(in.repeats) * RepeatCycles(t, in) * conflicts;
            op.ubPortShare = (conflicts - 1) / conflicts;
            launch.vectorElements += in.elements;
            break;
        }
        case sim::Timing::Dma:
            op.cycles = t.dmaInstrCycles;
            if (gm) {
                op.cycles += double(std::max<uint32_t>(in.repeats, 1)) * t.dmaBurstCycles;
                op.gmBytes = GmChargedBytes(t, in, *gm);
                op.gmWrite = gm->write;
                (gm->write ? launch.gmWrite : launch.gmRead) += in.bytes;
                if (!gm->write && rt && size_t(core) < rt->cores.size())
                    for (auto& [begin, end] : rt->cores[core]->l2Bypass)
                        op.l2Bypass |= gm->addr >= begin && gm->addr < end;
                if (op.l2Bypass) launch.gmReadBypassingL2 += in.bytes;
            } else {
                op.cycles += double(in.bytes) / t.l1ToUbBytesPerCycle;
            }
            break;
        case sim::Timing::Mte1:
            op.cycles = t.mte1StartCycles +
                        double(in.bytes) / (localDst == Mem::L0B ? t.l1ToL0bBytesPerCycle : t.l1ToL0aBytesPerCycle);
            break;
        case sim::Timing::Fixpipe:
            op.cycles = t.dmaInstrCycles + double(in.bytes) / t.fixpipeBytesPerCycle;
            if (gm) {
                // Fixpipe's GM writes share the GM path like MTE3's (section 3.1: all GM traffic
                // goes through L2).
                op.gmBytes = GmChargedBytes(t, in, *gm);
                op.gmWrite = gm->write;
                (gm->write ? launch.gmWrite : launch.gmRead) += in.bytes;
            }
            break;
        case sim::Timing::Cube:
            op.cycles = double(std::max<uint32_t>(in.repeats, 1)) *
                        CubeCycles(t, in.elements ? in.bytes / in.elements : 2);
            break;
        case sim::Timing::Scalar:
        case sim::Timing::Sync:
        case sim::Timing::SyncAll: break;  // not work: recorded above
    }
    c.ops.push_back(op);
}

namespace {

constexpr double kUnknown = std::numeric_limits<double>::infinity();  // a GM transfer in flight

// One core's progress: the scalar unit issues in program order into per-pipe queues; each pipe
// starts its queue's head once the pipe is free and the head's dependencies have completed.
struct CoreRun {
    size_t issued = 0;  // next op the scalar unit handles
    double scalar = 0;
    std::array<double, kPipes> pipeFree{};
    std::array<std::deque<int32_t>, kPipes> queue;
    std::array<double, kPipes> lastStart{};  // when the pipe last took an op from its queue
    std::array<bool, kPipes> stalled{};      // the scalar unit waits for room in the queue
    std::vector<double> issueAt;
    bool atSyncAll = false;
    // Vector ops with a UB port share, in start order: while one runs, this core's DMA slows.
    struct PortWindow {
        double from, until, share;
    };
    std::deque<PortWindow> ubWindows;
};

struct Flow {
    double begin;
    size_t core;
    int32_t op;
    double left;  // bytes still to move
    size_t pool;  // kHbm or kL2
    double cap;   // the moving core's per-core rate
};

// GM transfers go to HBM through L2 and share its bandwidth. When every read of a launch
// bypasses L2 (SetL2CacheHint(CACHE_MODE_DISABLE)) and the writes fit in L2, nothing evicts
// them: writes then complete at L2 bandwidth (the published Add, section 5.1 cases 4 -> 5).
constexpr size_t kHbm = 0, kL2 = 1, kPools = 2;

// All cores of a launch advance together in time; GM transfers in flight share the aggregate
// bandwidth equally, each at most one core's path (a fluid model: exact for equal shares).
class Timeline {
public:
    Timeline(const PlatformSpec& p, std::vector<CoreRecord>& cores, bool writesStayInL2)
        : t_(p.timing),
          cores_(cores),
          runs_(cores.size()),
          aggregate_{p.timing.gmBandwidthGBps * 1e3 / p.clockMHz, p.timing.l2PeakGBps * 1e3 / p.clockMHz},
          writesStayInL2_(writesStayInL2) {
        for (size_t k = 0; k < cores.size(); ++k) {
            cores[k].start.assign(cores[k].ops.size(), 0);
            cores[k].finish.assign(cores[k].ops.size(), kUnknown);
            cores[k].busy.fill(0);
            runs_[k].issueAt.assign(cores[k].ops.size(), 0);
        }
    }

    void Run() {
        AdvanceAll();
        for (;;) {
            if (active_.empty() && pending_.empty()) {
                if (!ReleaseSyncAll()) break;
                continue;
            }
            std::array<size_t, kPools> flows{};
            for (auto& f : active_) ++flows[f.pool];
            // A pool's fair share, capped per flow by its core's rate (the cube core's engines have
            // their own, aic_gm_bytes_per_cycle).
            std::array<double, kPools> poolRate{};
            for (size_t pool = 0; pool < kPools; ++pool)
                poolRate[pool] = aggregate_[pool] / double(std::max<size_t>(flows[pool], 1));
            // Until the next event, a flow moves at that rate less its core's UB port share.
            double next = pending_.empty() ? kUnknown : pending_.begin()->first.first;
            for (auto& f : active_) {
                auto& windows = runs_[f.core].ubWindows;
                while (!windows.empty() && windows.front().until <= now_) windows.pop_front();
                if (!windows.empty())
                    next = std::min(next, windows.front().from > now_ ? windows.front().from : windows.front().until);
            }
            auto rateOf = [&](const Flow& f) {
                const auto& windows = runs_[f.core].ubWindows;
                const bool shared = !windows.empty() && windows.front().from <= now_;
                return std::min(f.cap, poolRate[f.pool]) * (shared ? 1 - windows.front().share : 1);
            };
            double firstDone = kUnknown;
            for (auto& f : active_) firstDone = std::min(firstDone, now_ + f.left / rateOf(f));
            next = std::min(next, firstDone);
            for (auto& f : active_) f.left -= (next - now_) * rateOf(f);
            now_ = next;
            while (!pending_.empty() && pending_.begin()->first.first <= now_) {
                active_.push_back(pending_.begin()->second);
                pending_.erase(pending_.begin());
            }
            if (next != firstDone) continue;
            // Completed transfers (those within rounding of done), in a fixed order.
            std::vector<Flow> done;
            for (size_t i = 0; i < active_.size();) {
                if (active_[i].left <= 1e-6 * poolRate[active_[i].pool]) {
                    done.push_back(active_[i]);
                    active_[i] = active_.back();
                    active_.pop_back();
                } else {
                    ++i;
                }
            }
            std::sort(done.begin(), done.end(), [](const Flow& a, const Flow& b) {
                return std::tie(a.core, a.op) < std::tie(b.core, b.op);
            });
            for (auto& f : done) {
                CoreRecord& c = cores_[f.core];
                const Op& op = c.ops[f.op];
                c.finish[f.op] = now_;
                runs_[f.core].pipeFree[op.pipe] = now_;
                c.busy[op.pipe] += now_ - c.start[f.op];
            }
            AdvanceAll();
        }
        for (size_t k = 0; k < cores_.size(); ++k) cores_[k].endCycles = EndOf(runs_[k]);
    }

private:
    static double EndOf(const CoreRun& run) {
        double end = run.scalar;
        for (double f : run.pipeFree) end = std::max(end, f);
        return end;
    }
    static bool Idle(const CoreRun& run) {
        for (size_t p = 0; p < kPipes; ++p)
            if (!run.queue[p].empty() || run.pipeFree[p] == kUnknown) return false;
        return true;
    }

    // The latest completion among an op's dependencies (kUnknown while one is in flight).
    static double DepsDone(const CoreRecord& c, const Op& op) {
        double dep = 0;
        for (int32_t d : op.dep)
            if (d >= 0) dep = std::max(dep, c.finish[d]);
        return dep;
    }

    // The latest completion among the cross-core sets op `i` waits for (kUnknown while one has
    // not completed yet).
    double CrossDepsDone(const CoreRecord& c, int32_t i) const {
        auto it = c.crossDeps.find(i);
        if (it == c.crossDeps.end()) return 0;
        double dep = 0;
        for (auto [core, op] : it->second) dep = std::max(dep, cores_[size_t(core)].finish[size_t(op)]);
        return dep;
    }

    // Moves a core forward as far as what is known allows; true if it moved.
    bool Advance(size_t k) {
        CoreRecord& c = cores_[k];
        CoreRun& run = runs_[k];
        bool moved = false;
        for (bool progress = true; progress; moved |= progress) {
            progress = IssueOps(c, run);
            for (size_t p = 1; p < kPipes; ++p) progress |= StartPipe(k, c, run, p);
        }
        return moved;
    }
    // Cross-core waits make one core's progress depend on another's: repeat until none moves.
    void AdvanceAll() {
        for (bool moved = true; moved;) {
            moved = false;
            for (size_t k = 0; k < cores_.size(); ++k) moved |= Advance(k);
        }
    }

    bool IssueOps(CoreRecord& c, CoreRun& run) {
        bool progress = false;
        for (; run.issued < c.ops.size() && !run.atSyncAll; ++run.issued, progress = true) {
            const int32_t i = int32_t(run.issued);
            const Op& op = c.ops[i];
            const size_t p = op.pipe;
            if (op.kind == OpKind::Scalar || (p == 0 && op.kind != OpKind::Marker && op.kind != OpKind::BarrierAll &&
                                              op.kind != OpKind::SyncAll)) {
                // Executes on the scalar unit: waits for its dependencies.
                const double dep = std::max(DepsDone(c, op), CrossDepsDone(c, i));
                if (dep == kUnknown) return progress;
                c.start[i] = std::max(run.scalar, dep);
                c.finish[i] = c.start[i] + op.cycles;
                run.scalar = c.finish[i];
                c.busy[0] += op.cycles;
                continue;
            }
            switch (op.kind) {
                case OpKind::Marker:
                    c.start[i] = c.finish[i] = run.scalar;
                    run.scalar += t_.scalarIssueCycles;
                    c.busy[0] += t_.scalarIssueCycles;
                    continue;
                case OpKind::BarrierAll:
                case OpKind::SyncAll: {
                    if (!Idle(run)) return progress;
                    const double at = EndOf(run);
                    c.start[i] = c.finish[i] = at;
                    run.scalar = at;
                    run.pipeFree.fill(at);
                    if (op.kind == OpKind::SyncAll) {
                        run.atSyncAll = true;
                        return true;
                    }
                    continue;
                }
                default: {
                    // Into pipe p's queue; a full queue stalls the scalar unit until it drains one.
                    double issue = run.scalar;
                    if (run.queue[p].size() >= t_.pipeQueueDepth) {
                        run.stalled[p] = true;
                        return progress;
                    }
                    if (run.stalled[p]) issue = std::max(issue, run.lastStart[p]);
                    run.stalled[p] = false;
                    run.issueAt[i] = issue;
                    run.scalar = issue + t_.scalarIssueCycles;
                    c.busy[0] += t_.scalarIssueCycles;
                    run.queue[p].push_back(i);
                    continue;
                }
            }
        }
        return progress;
    }

    bool StartPipe(size_t k, CoreRecord& c, CoreRun& run, size_t p) {
        bool progress = false;
        auto& q = run.queue[p];
        while (!q.empty() && run.pipeFree[p] != kUnknown) {
            const int32_t i = q.front();
            const Op& op = c.ops[i];
            const double dep = DepsDone(c, op);
            if (dep == kUnknown) break;
            const double st = std::max({run.issueAt[i], run.pipeFree[p], dep});
            double en = st + op.cycles;
            c.start[i] = st;
            q.pop_front();
            run.lastStart[p] = st;
            progress = true;
            if (op.gmBytes > 0) {
                const double begin = std::max(en, now_);
                const size_t pool = op.gmWrite && writesStayInL2_ ? kL2 : kHbm;
                const double cap = op.cubeCore ? t_.aicGmBytesPerCycle : t_.coreGmBytesPerCycle;
                pending_.emplace(std::make_pair(begin, std::make_pair(k, i)), Flow{begin, k, i, op.gmBytes, pool, cap});
                run.pipeFree[p] = kUnknown;
                break;
            }
            c.finish[i] = en;
            if (op.ubPortShare > 0) run.ubWindows.push_back({st, en, op.ubPortShare});
            if (op.kind == OpKind::SetFlag) continue;  // does not hold the pipe
            run.pipeFree[p] = en;
            if (op.kind == OpKind::Work || op.kind == OpKind::Barrier) c.busy[p] += en - st;
        }
        return progress;
    }

    // Releases the cores waiting in SyncAll once every unfinished core waits there.
    bool ReleaseSyncAll() {
        double release = 0;
        bool any = false;
        for (size_t k = 0; k < cores_.size(); ++k) {
            if (!runs_[k].atSyncAll) continue;
            any = true;
            release = std::max(release, runs_[k].scalar);
        }
        if (!any) return false;
        release += t_.syncAllCycles;
        for (size_t k = 0; k < cores_.size(); ++k) {
            CoreRun& run = runs_[k];
            if (!run.atSyncAll) continue;
            cores_[k].finish[run.issued] = release;
            run.scalar = release;
            run.pipeFree.fill(release);
            run.atSyncAll = false;
            ++run.issued;
        }
        now_ = std::max(now_, release);
        AdvanceAll();
        return true;
    }

    const PlatformTiming& t_;
    std::vector<CoreRecord>& cores_;
    std::vector<CoreRun> runs_;
    const std::array<double, kPools> aggregate_;  // bytes per cycle for all cores together
    const bool writesStayInL2_;
    double now_ = 0;
    std::map<std::pair<double, std::pair<size_t, int32_t>>, Flow> pending_;  // by begin, core, op
    std::vector<Flow> active_;
};

}  // namespace

void CostModel::Impl::Time(LaunchRecord& launch) {
    const bool writesStayInL2 = launch.gmRead > 0 && launch.gmReadBypassingL2 == launch.gmRead &&
                                launch.gmWrite <= platform.l2Size;
    Timeline(platform, launch.cores, writesStayInL2).Run();
    for (auto& c : launch.cores) {  // recording is over: drop what only it needed
        for (auto& table : c.blocks) std::vector<BlockUse>().swap(table);
        c.pendingSets.clear();
        c.crossDeps.clear();
    }
    launch.crossSetOps.clear();
    launch.slowestCycles = 0;
    for (auto& c : launch.cores) launch.slowestCycles = std::max(launch.slowestCycles, c.endCycles);
    launch.timed = true;
}

CostModel::CostModel(const PlatformSpec& platform) : impl_(std::make_unique<Impl>()) { impl_->platform = platform; }
CostModel::~CostModel() = default;

void CostModel::OnLaunch(uint32_t blockDim) {
    impl_->launches.emplace_back();
    impl_->launches.back().blockDim = blockDim;
    impl_->launches.back().cores.resize(blockDim);
    impl_->resultValid = false;
}

void CostModel::OnInstr(int core, const sim::Instr& in) { impl_->Record(core, in); }

void CostModel::Reset() {
    impl_->launches.clear();
    impl_->resultValid = false;
}

const KernelTime& CostModel::Result() {
    Impl& m = *impl_;
    if (m.resultValid) return m.result;
    KernelTime r;
    const PlatformTiming& t = m.platform.timing;
    for (auto& launch : m.launches) {
        if (!launch.timed) m.Time(launch);
        const double overhead = t.launchUs + t.launchUsPerCore * double(std::max<uint32_t>(launch.blockDim, 1) - 1);
        r.valid = true;
        ++r.launches;
        r.slowestCoreUs = m.CyclesToUs(launch.slowestCycles);
        r.launchOverheadUs = overhead;
        r.kernelUs += r.slowestCoreUs + overhead;
        r.gmReadBytes += launch.gmRead;
        r.gmWriteBytes += launch.gmWrite;
        r.vectorElements += launch.vectorElements;
        r.instructions += launch.instructions;
    }
    if (r.valid) {
        const LaunchRecord& last = m.launches.back();
        size_t counted = 0;
        for (auto& c : last.cores) {
            r.coreUs.push_back(m.CyclesToUs(c.endCycles));
            if (c.endCycles <= 0) continue;
            ++counted;
            for (size_t p = 0; p < kPipes; ++p) {
                r.pipeBusyUs[p] += m.CyclesToUs(c.busy[p]);
                r.pipeRatio[p] += c.busy[p] / c.endCycles;
            }
        }
        for (size_t p = 0; p < kPipes && counted; ++p) {
            r.pipeBusyUs[p] /= double(counted);
            r.pipeRatio[p] /= double(counted);
            if (r.pipeRatio[p] > r.pipeRatio[r.boundPipe]) r.boundPipe = p;
        }
        const double seconds = r.kernelUs * 1e-6;
        if (seconds > 0) {
            r.achievedGBps = double(r.gmReadBytes + r.gmWriteBytes) / seconds / 1e9;
            r.vectorOpsPerSecond = double(r.vectorElements) / seconds;
        }
    }
    m.result = r;
    m.resultValid = true;
    return m.result;
}

double HardwareBoundUs(const PlatformSpec& platform, const Workload& work) {
    const PlatformTiming& t = platform.timing;
    const double hz = platform.clockMHz * 1e6;
    const double read = double(work.readBytes) / (t.hbmPeakGBps * 1e9);
    const double l2 = double(work.readBytes + work.writeBytes) / (t.l2PeakGBps * 1e9);
    // 16x16x16 MACs per cycle per cube core (section 2.3).
    const double cube = work.cubeFlops / (2.0 * 4096 * hz * std::max<uint32_t>(platform.aicCores, 1));
    // One 256-byte repeat of 16-bit elements per cycle per vector core (section 2.1), the 310P's
    // extra Vector Cores included (a bound must hold for KERNEL_TYPE_MIX_VECTOR_CORE launches).
    const double vec =
        work.vectorElements / (128.0 * hz * std::max<uint32_t>(platform.aivCores + platform.vectorCores, 1));
    return t.launchUs + 1e6 * std::max({read, l2, cube, vec});
}

}  // namespace akg::cost
