// Simulated time (design §2): the cost model is one more consumer of the checked instruction
// stream. It times every instruction on its core's pipes (S, V, M, MTE1, MTE2, MTE3, FIX),
// respecting the scalar unit's in-order issue, SetFlag/WaitFlag events, data hazards on local
// memory (what TQue hand-offs and auto-sync enforce), barriers and SyncAll, and lets all cores
// share GM bandwidth. Usage, for one launch:
//
//     akg::cost::CostModel model(platform);
//     sim::Launch(platform, args, {&model});          // or RunOptions::observers
//     akg::cost::KernelTime t = model.Result();        // t.kernelUs, t.pipeRatio, ...
//     double bound = akg::cost::HardwareBoundUs(platform, {readBytes, writeBytes});
//
// Numbers come from PlatformSpec::timing (platforms/*.json); design and limits:
// docs/cost-model.md.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "akg/launch/launch.h"

namespace akg::cost {

constexpr size_t kPipes = 7;  // S, V, M, MTE1, MTE2, MTE3, FIX (sim::Pipe order)
const char* PipeLabel(size_t pipe);

struct KernelTime {
    bool valid = false;         // at least one launch was observed
    double kernelUs = 0;        // like msprof's Task Duration: slowest core + launch overhead
    double slowestCoreUs = 0;   // like aiv_time
    double launchOverheadUs = 0;
    std::vector<double> coreUs;                 // per core of the (last) launch
    std::array<double, kPipes> pipeBusyUs{};    // mean over cores of each pipe's busy time
    std::array<double, kPipes> pipeRatio{};     // mean over cores of busy / core time (aiv_*_ratio)
    size_t boundPipe = 0;                       // the pipe with the highest ratio
    uint64_t gmReadBytes = 0;
    uint64_t gmWriteBytes = 0;
    double achievedGBps = 0;    // (read + write) / kernel time
    uint64_t vectorElements = 0;
    double vectorOpsPerSecond = 0;  // element operations of the vector unit per second
    uint64_t instructions = 0;
    uint32_t launches = 0;      // kernel time, bytes and counts add up over launches
};

class CostModel : public sim::InstrObserver {
public:
    explicit CostModel(const PlatformSpec& platform);
    ~CostModel() override;
    CostModel(const CostModel&) = delete;
    CostModel& operator=(const CostModel&) = delete;

    void OnLaunch(uint32_t blockDim) override;
    void OnInstr(int core, const sim::Instr& in) override;

    // Times everything observed so far (computed once, then cached until the next launch).
    const KernelTime& Result();
    // Forgets every observed launch (one model can then time the next case from zero).
    void Reset();
    // Chrome Trace Event JSON of the last launch: one process per core, one thread per pipe,
    // instruction names with their source lines, flow arrows from SetFlag to WaitFlag. Call it
    // while the kernel's shared object is still loaded (source lines come from its debug info).
    bool WriteTrace(const std::string& path, std::string* error);
    // The per-pipe table `akgen run --profile` prints.
    std::string ProfileTable();

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;
};

// Minimum work of one operator call, the way CANN Bench anchors its score: every input read
// once, every output written once, and the arithmetic the op cannot avoid.
struct Workload {
    uint64_t readBytes = 0;
    uint64_t writeBytes = 0;
    double cubeFlops = 0;       // 2 * M * N * K for a matmul, at the fp16 rate
    double vectorElements = 0;  // element operations the vector unit must perform (16-bit rate)
};

// T_hw in µs: launch overhead of one core plus the largest of reading at HBM peak, moving reads
// and writes at L2 peak (writes may stay in L2), cube peak and vector peak over every core.
// A candidate simulated below it is a model or anti-cheat bug (see BelowBound).
double HardwareBoundUs(const PlatformSpec& platform, const Workload& work);
inline bool BelowBound(const KernelTime& t, double boundUs) { return t.valid && t.kernelUs < boundUs; }

}  // namespace akg::cost
