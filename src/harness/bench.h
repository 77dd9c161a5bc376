// `akgen bench`: evaluate candidates of many tasks (design §5–§7). The parent process
// schedules units — one candidate of one task — onto up to `jobs` unit processes, owns the
// Python workers (goldens and judging) and is the only writer of the run directory's records.
// A unit process isolates itself (no network, expected outputs hidden), builds the candidate
// and runs every case in a fresh sandboxed child (sandbox.h).
#pragma once

#include <csignal>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/golden_cache.h"
#include "harness/python_worker.h"
#include "harness/sandbox.h"
#include "harness/task_set.h"
#include "run/op_runner.h"

namespace akg::harness {

inline constexpr const char* kDefaultSoc = "Ascend910B1";

struct BenchOptions {
    std::string tasksRoot;
    TaskFilter filter;
    std::string samplesRoot;  // empty: the tasks' own answer/K
    std::vector<int> answers; // with samplesRoot empty: which answer/K (empty: all)
    CandidateMode mode = CandidateMode::KernelOnly;
    std::string runDir;
    int jobs = 1;
    CaseSplit split = CaseSplit::All;
    int trials = 1;
    uint64_t seed = 0;
    // The platform every task runs on. Empty: a task's own (kTaskSocFile), else kDefaultSoc.
    std::string soc;
    std::string rule = "default";  // "default" or "strict"
    // What a simulator diagnostic that does not stop the run does to its case. "fail" (the
    // default): the case fails with it. "report": the case is judged on its values, as
    // NPUKernelBench judges on a device, and keeps the diagnostic in its record. A fatal
    // diagnostic fails the case either way: the run did not complete.
    std::string diagnostics = "fail";
    bool resume = false;
    int shardIndex = 0, shardCount = 1;  // --shard i/N: units with index % N == i
    SandboxLimits limits;
    double goldenTimeoutSeconds = 1800;
    std::string python;       // interpreter with torch; empty: $AKGEN_PYTHON or /usr/bin/python3
    bool keepWork = false;    // keep every case's returned tensors
    bool progress = true;     // progress on stderr (a bar on a terminal, lines otherwise)
    std::string referenceRun; // a run of the tasks' answers: speedups and fast_p against its times
    // Python workers the caller keeps alive across runs (`akgen serve` evaluates one candidate per
    // run and cannot pay torch's start-up each time); at most this many units run at once. Empty:
    // the run starts `jobs` workers of its own and stops them at its end.
    std::vector<PythonWorker*> pythonWorkers;
    // Goldens and expected outputs in the cache are kept within this many GiB, least recently
    // used evicted first (harness/golden_cache.h); 0: no limit.
    double cacheMaxGb = kDefaultGoldenCacheGb;
    // Set non-zero (to the signal's number, by a SIGINT/SIGTERM handler) to end the run early: its
    // unit processes and Python workers are killed, finished records kept, and RunBench returns
    // the "interrupted" error. Polled about once a second; null: never.
    const volatile std::sig_atomic_t* interrupt = nullptr;
};

struct BenchOutcome {
    nlohmann::json summary;        // summary.json
    std::vector<SkippedTask> skipped;
    int units = 0, unitsRun = 0;
    std::string error;             // a failure of the run itself (bad options, unwritable run dir)
    // With `error` from a run that started: "disk_full", "interrupted", "records" or "run_dir"
    // (docs/evaluation-loop.md); the run directory then continues with --resume. Empty otherwise.
    std::string errorClass;
};

BenchOutcome RunBench(const BenchOptions& options);

}  // namespace akg::harness
