// Running untrusted code in a child process (design §5). Two layers:
//  - Isolate(): called once at the start of a unit process (one candidate of one task): a
//    private network namespace (no network) and mount namespace in which the directories
//    holding expected outputs, and /proc, are covered by empty tmpfs mounts.
//  - RunSandboxed(): each case in a fresh forked child with wall-clock, CPU and address-space
//    limits and a seccomp filter that traps process creation, exec, sockets, ptrace and
//    namespace or mount changes. The child reports through a pipe; what it cannot report
//    (a signal, a limit, a trapped system call) the parent classifies.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace akg::harness {

struct SandboxLimits {
    double wallSeconds = 300;
    double cpuSeconds = 300;
    size_t addressSpaceBytes = size_t(12) << 30;  // 0: unlimited
};

// What the machine allowed; recorded in run.json ("sandbox").
struct IsolationReport {
    bool network = false;  // private network namespace
    bool mounts = false;   // private mount namespace with hidden directories
    std::string error;     // why a layer is missing
};

IsolationReport Isolate(const std::vector<std::string>& hiddenDirs);

enum class SandboxOutcome {
    Finished,        // the child ran to completion and reported
    Timeout,         // wall-clock or CPU limit
    MemoryLimit,     // the address-space limit was hit
    Violation,       // a forbidden system call was attempted
    Crash,           // killed by a signal, or exited without reporting
};
const char* SandboxOutcomeName(SandboxOutcome o);

struct SandboxResult {
    SandboxOutcome outcome = SandboxOutcome::Crash;
    std::string report;  // what the child wrote with its `report` callback
    std::string detail;  // for failures: signal, system call, limit
    double seconds = 0;
};

// Runs `body` in a forked child under the limits and the seccomp filter. `body` returns the
// report text, passed back to the parent. Allocation failures inside `body` (std::bad_alloc)
// count as MemoryLimit. The child starts with an empty environment.
SandboxResult RunSandboxed(const SandboxLimits& limits, const std::function<std::string()>& body);

// Whether the seccomp filter could be installed on this machine (probed once in a child).
bool SeccompAvailable();

}  // namespace akg::harness
