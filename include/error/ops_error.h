// Logging and check macros of CANN's operator libraries (OPS_LOG_*, OPS_CHECK, ...). Messages
// go to the log of the current tiling/inference run, never to stdout. Each macro is defined
// only if the including code has not defined it already.
#pragma once

#include <string>

#include "error/host_log.h"
#include "graph/types.h"

namespace akg::host {
inline const char* LogNodeName(const char* name) { return name; }
inline const char* LogNodeName(const std::string& name) { return name.c_str(); }
}  // namespace akg::host

#ifndef OPS_LOG_D
#define OPS_LOG_D(node, ...) ::akg::host::HostLog("D", ::akg::host::LogNodeName(node), __VA_ARGS__)
#endif
#ifndef OPS_LOG_I
#define OPS_LOG_I(node, ...) ::akg::host::HostLog("I", ::akg::host::LogNodeName(node), __VA_ARGS__)
#endif
#ifndef OPS_LOG_W
#define OPS_LOG_W(node, ...) ::akg::host::HostLog("W", ::akg::host::LogNodeName(node), __VA_ARGS__)
#endif
#ifndef OPS_LOG_E
#define OPS_LOG_E(node, ...) ::akg::host::HostLog("E", ::akg::host::LogNodeName(node), __VA_ARGS__)
#endif

// Logs and runs `expr` (typically a return) when `ptr` is null.
#ifndef OPS_LOG_E_IF_NULL
#define OPS_LOG_E_IF_NULL(context, ptr, expr)                                          \
    do {                                                                               \
        if ((ptr) == nullptr) {                                                        \
            ::akg::host::HostLog("E", (context)->GetNodeName(), "%s is nullptr", #ptr); \
            expr;                                                                      \
        }                                                                              \
    } while (0)
#endif

// Runs `log_func` then `expr` when `cond` holds.
#ifndef OPS_CHECK
#define OPS_CHECK(cond, log_func, expr) \
    do {                                \
        if (cond) {                     \
            log_func;                   \
            expr;                       \
        }                               \
    } while (0)
#endif

#ifndef OPS_REPORT_VECTOR_INNER_ERR
#define OPS_REPORT_VECTOR_INNER_ERR(op, ...) ::akg::host::HostLog("E", ::akg::host::LogNodeName(op), __VA_ARGS__)
#endif
#ifndef OPS_REPORT_CUBE_INNER_ERR
#define OPS_REPORT_CUBE_INNER_ERR(op, ...) ::akg::host::HostLog("E", ::akg::host::LogNodeName(op), __VA_ARGS__)
#endif
