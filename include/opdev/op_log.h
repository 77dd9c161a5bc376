// Logging and check macros of the aclnn layer (opdev). OP_LOGE takes an aclnn status code first,
// the others only a format; messages go to the log of the aclnn call in progress (shown when it
// fails), never to stdout.
#pragma once

#include "aclnn/aclnn_base.h"
#include "error/host_log.h"

#define OP_LOGD(...) ::akg::host::HostLog("D", "aclnn", __VA_ARGS__)
#define OP_LOGI(...) ::akg::host::HostLog("I", "aclnn", __VA_ARGS__)
#define OP_LOGW(...) ::akg::host::HostLog("W", "aclnn", __VA_ARGS__)
#define OP_LOGE(errorCode, ...) ((void)(errorCode), ::akg::host::HostLog("E", "aclnn", __VA_ARGS__))
#define OP_LOGE_WITHOUT_REPORT(errorCode, ...) OP_LOGE(errorCode, __VA_ARGS__)

// Returns `ret` when `cond` is false.
#define CHECK_RET(cond, ret)                                              \
    do {                                                                  \
        if (!(cond)) {                                                    \
            ::akg::host::HostLog("E", "aclnn", "check failed: %s", #cond); \
            return ret;                                                   \
        }                                                                 \
    } while (0)

// Runs `log_func` then `expr` when `cond` holds.
#define OP_CHECK(cond, log_func, expr) \
    do {                               \
        if (cond) {                    \
            log_func;                  \
            expr;                      \
        }                              \
    } while (0)
