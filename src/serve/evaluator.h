// The evaluator behind `akgen serve`: one candidate of one task through the harness's own
// entry point (RunBench on one task and one sample: sandbox, anti-cheat, goldens cache,
// content-hash build cache), its verdict read back from the run's records.
//
// Evaluations run in evaluator processes (`akgen serve --evaluator`), single-threaded, each
// with a persistent Python worker, one job at a time over pipes. The server only forks and
// execs them, so a unit process is never forked from a multi-threaded server, and a request
// past its deadline or abandoned by its client is stopped by killing the evaluator's process
// group and starting a fresh one.
#pragma once

#include <sys/types.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/python_worker.h"
#include "harness/sandbox.h"
#include "harness/task_set.h"

namespace akg::serve {

struct EvaluatorOptions {
    std::string stateDir;  // <state>/work/<job> per evaluation, <state>/reference/ the answers' runs
    std::string soc = "Ascend910B1";
    harness::SandboxLimits limits;
    std::string python;
};

// One evaluation: the candidate's files (relative to its src/) for a task.
struct EvaluationJob {
    std::string job;  // unique name of its work directory
    harness::TaskRef task;
    harness::CandidateMode mode = harness::CandidateMode::KernelOnly;
    harness::CaseSplit split = harness::CaseSplit::All;
    std::map<std::string, std::string> files;
};

nlohmann::json ToJson(const EvaluationJob& job);
bool FromJson(const nlohmann::json& j, EvaluationJob* job, std::string* error);

// The verdict (docs/serve.md, "Response"): compiled, passed, class, cases, diagnostics,
// max errors, simulated time, speedup. Hidden cases show pass/fail and class only.
nlohmann::json Evaluate(const EvaluatorOptions& options, harness::PythonWorker& python, const EvaluationJob& job);

// The evaluator process's loop: one job per line on stdin, one {"job", "verdict"} line on
// stdout per job; returns at end of input.
int RunEvaluatorLoop(const EvaluatorOptions& options);

// The server's handle on one evaluator process.
class EvaluatorProcess {
public:
    explicit EvaluatorProcess(std::vector<std::string> argv) : argv_(std::move(argv)) {}
    ~EvaluatorProcess() { Stop(); }
    EvaluatorProcess(const EvaluatorProcess&) = delete;
    EvaluatorProcess& operator=(const EvaluatorProcess&) = delete;

    enum class Outcome { Done, Stopped, Died };
    // Sends the job and waits for its verdict; `stop()` is asked every 200 ms whether to give up
    // (a deadline passed, the client left): then the process group is killed and Stopped returned.
    Outcome Run(const EvaluationJob& job, const std::function<bool()>& stop, nlohmann::json* verdict,
                std::string* error);
    void Stop();

private:
    bool Start(std::string* error);

    std::vector<std::string> argv_;
    pid_t pid_ = -1;
    int toChild_ = -1, fromChild_ = -1;
    std::string pending_;
};

}  // namespace akg::serve
