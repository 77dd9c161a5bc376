// The sink behind the logging/check macros of the host headers (error/ops_error.h, ...): messages
// go to the log of the tiling or inference run in progress (akg::host::TilingResult::log), never
// to stdout. Outside a run they are dropped.
#pragma once

namespace akg::host {

// printf-style; `level` is "D", "I", "W" or "E".
void HostLog(const char* level, const char* node, const char* fmt, ...);
// A line with the node and no message.
inline void HostLog(const char* level, const char* node) { HostLog(level, node, "%s", ""); }

}  // namespace akg::host
