// Internals of the cost model shared by its recorder/timeline (cost_model.cpp) and its outputs
// (report.cpp). Only src/sim/cost sees this header.
#pragma once

#include <deque>
#include <map>
#include <tuple>

#include "akg/launch/cost.h"

namespace akg::cost {

enum class OpKind : uint8_t {
    Work,        // occupies its pipe for `cycles` (+ GM transfer time)
    Scalar,      // executes on the scalar unit itself (`count` merged GetValue/SetValue)
    SetFlag,     // on the source pipe: completes when the pipe's earlier work has
    WaitFlag,    // on the destination pipe: holds it until the matching SetFlag completed
    Barrier,     // PipeBarrier<pipe>
    BarrierAll,  // PipeBarrier<PIPE_ALL>: the scalar unit waits for every pipe
    SyncAll,     // cross-core barrier
    Marker,      // bookkeeping the scalar unit issues (TQue calls, cross-core flags)
};

// One recorded instruction (or a run of merged scalar accesses).
struct Op {
    const char* api = "";
    const void* caller = nullptr;
    OpKind kind = OpKind::Work;
    uint8_t pipe = 0;
    bool gmWrite = false;
    bool l2Bypass = false;  // a GM read the kernel marked CACHE_MODE_DISABLE
    bool cubeCore = false;  // moved by the cube core's engines (its per-core GM rate applies)
    uint32_t count = 1;
    double cycles = 0;     // fixed occupancy
    double gmBytes = 0;    // bytes charged on the shared GM path (with alignment penalties)
    // Share of a vector op's cycles spent on second accesses of conflicting UB bank groups: the
    // core's DMA transfers to and from UB wait in those cycles (docs/cost-model.md).
    double ubPortShare = 0;
    uint64_t bytes = 0;    // bytes the instruction moves (statistics)
    std::array<int32_t, kPipes> dep;  // per pipe: the latest op of that pipe this one waits for
    Op() { dep.fill(-1); }
};

// Per 32-byte block of a local memory: the last op that wrote it and the last reader per pipe.
struct BlockUse {
    int32_t writer = -1;
    std::array<int32_t, kPipes> reader;
    BlockUse() { reader.fill(-1); }
};

struct CoreRecord {
    std::vector<Op> ops;
    std::array<std::vector<BlockUse>, size_t(sim::Mem::COUNT)> blocks;
    std::map<std::tuple<int, int, int>, std::deque<int32_t>> pendingSets;  // (src, dst, id) -> SetFlag ops
    // A CrossCoreWaitFlag op -> the (core, op) of the CrossCoreSetFlags that released it.
    std::map<int32_t, std::vector<std::pair<int32_t, int32_t>>> crossDeps;
    std::vector<double> start, finish;  // of the last timing pass
    double endCycles = 0;
    std::array<double, kPipes> busy{};
    std::vector<uint64_t> dcache;  // the data cache's slots: the GM line (address / 64) + 1, 0 empty
};

struct LaunchRecord {
    uint32_t blockDim = 0;
    std::vector<CoreRecord> cores;
    std::map<uint32_t, std::pair<int32_t, int32_t>> crossSetOps;  // Instr::crossSet -> (core, op)
    uint64_t gmRead = 0, gmWrite = 0, vectorElements = 0, instructions = 0;
    uint64_t gmReadBypassingL2 = 0;
    double slowestCycles = 0;
    bool timed = false;
};

struct CostModel::Impl {
    PlatformSpec platform;
    std::vector<LaunchRecord> launches;
    KernelTime result;
    bool resultValid = false;

    void Record(int core, const sim::Instr& in);
    void Time(LaunchRecord& launch);
    double CyclesToUs(double cycles) const { return cycles / platform.clockMHz; }
};

}  // namespace akg::cost
