// `akgen solve`: per task, a multi-turn repair loop — generate, evaluate with the harness on the
// public cases, tell the model what went wrong, regenerate — up to T turns or a token budget.
// Every turn (the messages sent, the answer, the verdict, the feedback) is one JSONL line:
// the trajectory is training data (docs/gen.md).
#pragma once

#include <string>
#include <vector>

#include "gen/client.h"
#include "harness/sandbox.h"
#include "harness/task_set.h"

namespace akg::gen {

struct SolveOptions {
    std::string tasksRoot;
    harness::TaskFilter filter;
    harness::CandidateMode mode = harness::CandidateMode::KernelOnly;
    std::string outDir;
    int shardIndex = 0, shardCount = 1;  // --shard i/N: tasks with index % N == i
    int maxTurns = 4;
    int64_t tokenBudget = 0;   // per task, total tokens; 0: none
    std::string promptsDir;
    std::string apiDocsDir;    // empty: docs/api of the source tree
    std::string soc = "Ascend910B1";
    ClientConfig client;
    SamplingParams sampling;
    harness::SandboxLimits limits;
    std::string python;        // as BenchOptions::python
    bool progress = true;
    // > 0: a correct kernel is solved only at this simulated speedup over the task's answer/0;
    // below it the model gets its times per case and another turn.
    double targetSpeedup = 0;
};

struct SolveOutcome {
    int tasks = 0, solved = 0, alreadyDone = 0;
    Usage usage;
    std::vector<harness::SkippedTask> skipped;
    std::string error;
};

// OUT/trajectories.jsonl (one line per turn), OUT/turns/<task>/turn<t>/{samples,run}/ (each
// turn's candidate and evaluation), OUT/samples/ (each task's last candidate, in the run layout
// `akgen bench --samples` reads). A task whose final turn is recorded is not asked again.
SolveOutcome RunSolve(const SolveOptions& options);

}  // namespace akg::gen
