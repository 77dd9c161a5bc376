// A long-lived `akgen_task.py serve` process: the harness's Python steps (goldens, judging) as
// requests over pipes, so torch and the task modules load once per worker instead of once per
// call (about two seconds each). The same protocol serves the C++ judge (native_judge.h): a
// worker built with a server function forks and runs it instead of the interpreter.
#pragma once

#include <sys/types.h>

#include <functional>
#include <string>

#include <nlohmann/json.hpp>

namespace akg::harness {

// The interpreter with torch: `configured`, else $AKGEN_PYTHON, else /usr/bin/python3.
std::string PythonInterpreter(const std::string& configured);
// src/harness/python/akgen_task.py: the Python steps.
std::string TaskScript();
// src/harness/python/akgen_golden.py: what decides a golden's content (its cache key).
std::string GoldenScript();

class PythonWorker {
public:
    explicit PythonWorker(std::string interpreter) : interpreter_(std::move(interpreter)) {}
    // A worker whose process is a fork of the caller running `server` (requests on stdin,
    // replies on stdout) and exiting when it returns.
    explicit PythonWorker(std::function<void()> server) : server_(std::move(server)) {}
    ~PythonWorker();
    PythonWorker(const PythonWorker&) = delete;
    PythonWorker& operator=(const PythonWorker&) = delete;

    // Sends one request and waits up to `timeoutSeconds` for its reply. Starts the process on
    // first use; a worker that died or timed out is killed and restarted by the next request.
    // On failure, returns {"ok": false, "error": ...} with what the process said on stderr.
    nlohmann::json Request(const nlohmann::json& request, double timeoutSeconds);

    // Starts the process unless it runs. Unit processes must not start it themselves: it would
    // inherit their isolation (and die with them).
    bool EnsureRunning(std::string* error);
    void Stop();
    // False (and the worker reset, to restart on the next request) when the process has gone,
    // for instance killed by a unit process that shared it.
    bool Alive();

private:
    bool Start(std::string* error);
    std::string TakeStderr();

    std::string interpreter_;
    std::function<void()> server_;
    pid_t pid_ = -1;
    int toChild_ = -1, fromChild_ = -1, errChild_ = -1;
    uint64_t nextId_ = 0;
    std::string pending_;  // reply bytes read past the last newline
    std::string stderr_;   // the tail of the process's stderr, for error messages
};

}  // namespace akg::harness
