// Routes the host logging macros (error/host_log.h) into the log of the run in progress.
#pragma once

#include <string>

namespace akg::host {

// While alive, this thread's HostLog messages are appended to `*log`.
class RunLogCapture {
public:
    explicit RunLogCapture(std::string* log);
    ~RunLogCapture();
    RunLogCapture(const RunLogCapture&) = delete;
    RunLogCapture& operator=(const RunLogCapture&) = delete;

private:
    std::string* previous_;
};

// Appends one line to the log of the run in progress (no-op outside a run).
void AppendRunLog(const std::string& line);

}  // namespace akg::host
