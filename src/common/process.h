// Running child processes: a command with captured output and a wall-clock limit.
#pragma once

#include <string>
#include <vector>

namespace akg {

struct ProcessResult {
    int exitCode = -1;   // exit status, or -1 if killed by a signal or never started
    int signal = 0;      // terminating signal, 0 if none
    bool timedOut = false;
    std::string output;  // stdout and stderr, interleaved
    double seconds = 0;
};

// Runs argv[0] (searched in PATH) with `argv`, optionally in `cwd`. The child is killed (its
// whole process group) when `timeoutSeconds` elapses; 0 means no limit.
ProcessResult RunProcess(const std::vector<std::string>& argv, double timeoutSeconds = 0, const std::string& cwd = "");

// Kills (SIGKILL) the process group of every RunProcess call in progress in this process.
// Async-signal-safe: for a handler that ends a process which may be waiting for a compiler
// (whose own children, in that group, would otherwise run on).
void KillRunningProcesses();

std::string ShellQuote(const std::string& s);

}  // namespace akg
