// Checking a reference answer (or any candidate) of an NPUKernelBench-layout task on every case:
// goldens from the task's PyTorch reference, replay of its pybind glue on the simulator, judged
// by the task's own rule. The first, in-process form of `akgen bench`.
#pragma once

#include <string>
#include <vector>

#include "run/runner.h"

namespace akg::harness {

struct CaseOutcome {
    std::string caseId;
    bool passed = false;
    std::string stage;   // golden, build, tiling, run, judge, done
    std::string error;   // why it failed
    std::vector<sim::Diagnostic> diagnostics;
    double maxAbsError = 0, maxRelError = 0;
    int mismatches = 0;
};

struct TaskOutcome {
    std::string task;  // level/Category/Op
    std::string error;  // a failure that affects every case (golden step, build)
    std::vector<CaseOutcome> cases;
    int Passed() const;
};

struct CheckOptions {
    run::RunOptions run;
    std::string workDir;  // where goldens and outputs go
    uint64_t seed = 0;
    std::string python;   // interpreter with torch; empty: $AKGEN_PYTHON or /usr/bin/python3
    // Keep every case's inputs, expected and returned tensors. By default a passing case's
    // directory is removed once judged, and a failing one is kept for inspection unless its
    // tensors are larger than kKeptCaseBytes (NPUKernelBench cases reach gigabytes).
    bool keepWork = false;
};

inline constexpr uintmax_t kKeptCaseBytes = 256ull << 20;

// `candidateDir` holds op_host/ and op_kernel/ (e.g. TASK/answer/0).
TaskOutcome CheckTask(const std::string& taskDir, const std::string& candidateDir, const CheckOptions& options);

// Case ids of validation/test_cases.csv, in file order.
std::vector<std::string> ReadCaseIds(const std::string& taskDir, std::string* error);

std::string PythonInterpreter(const std::string& configured);
std::string TaskScript();

}  // namespace akg::harness
