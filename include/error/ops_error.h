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
// A context (tiling, inference, parse) names its node.
template <typename Context>
auto LogNodeName(const Context* context) -> decltype(context->GetNodeName()) {
    return context->GetNodeName();
}
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

#ifndef OPS_ERR_IF
#define OPS_ERR_IF(cond, log_func, expr) OPS_CHECK(cond, log_func, expr)
#endif

// The tiling-side names of the same checks (CANN's op_tiling error_log.h / op_log.h).
#ifndef VECTOR_INNER_ERR_REPORT_TILIING
#define VECTOR_INNER_ERR_REPORT_TILIING(op, ...) ::akg::host::HostLog("E", ::akg::host::LogNodeName(op), __VA_ARGS__)
#endif
#ifndef OP_TILING_CHECK
#define OP_TILING_CHECK(cond, log_func, expr) OPS_CHECK(cond, log_func, expr)
#endif
// Logs and returns `ret` (GRAPH_FAILED for the short form) when `ptr` is null.
#ifndef OPS_CHECK_NULL_WITH_CONTEXT_RET
#define OPS_CHECK_NULL_WITH_CONTEXT_RET(context, ptr, ret)                             \
    do {                                                                               \
        if ((ptr) == nullptr) {                                                        \
            ::akg::host::HostLog("E", (context)->GetNodeName(), "%s is nullptr", #ptr); \
            return ret;                                                                \
        }                                                                              \
    } while (0)
#endif
#ifndef OPS_CHECK_NULL_WITH_CONTEXT
#define OPS_CHECK_NULL_WITH_CONTEXT(context, ptr) OPS_CHECK_NULL_WITH_CONTEXT_RET(context, ptr, ::ge::GRAPH_FAILED)
#endif
