// The tiling/inference log the host logging macros write to.
#include "error/host_log.h"

#include <cstdarg>
#include <cstdio>
#include <string>

#include "host/run_log.h"

namespace akg::host {

namespace {
thread_local std::string* g_runLog = nullptr;
}  // namespace

RunLogCapture::RunLogCapture(std::string* log) : previous_(g_runLog) { g_runLog = log; }
RunLogCapture::~RunLogCapture() { g_runLog = previous_; }

void AppendRunLog(const std::string& line) {
    if (g_runLog != nullptr) g_runLog->append(line).push_back('\n');
}

void HostLog(const char* level, const char* node, const char* fmt, ...) {
    if (g_runLog == nullptr || fmt == nullptr) return;
    va_list args;
    va_start(args, fmt);
    va_list measure;
    va_copy(measure, args);
    const int length = std::vsnprintf(nullptr, 0, fmt, measure);
    va_end(measure);
    std::string message(length > 0 ? static_cast<size_t>(length) : 0, '\0');
    if (length > 0) std::vsnprintf(message.data(), message.size() + 1, fmt, args);
    va_end(args);
    AppendRunLog(std::string("[") + (level ? level : "?") + "] " + (node ? node : "") + ": " + message);
}

}  // namespace akg::host
