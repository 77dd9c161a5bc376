// Logging and check macros of opbase (`op_common/log/log.h`, reached as `log/log.h` in the
// hicann/ops-* repositories). Messages go to the log of the current tiling/inference run
// (akg::host::HostLog), never to stdout; each macro is defined only if not defined already.
#pragma once

#include <set>
#include <string>

#include "aclnn/opdev/op_log.h"
#include "graph/types.h"
// Operators of the ops-* repositories call memset_s / EOK and use std::set without including
// their headers: in CANN the headers below opbase's log.h bring them in.
#include "securec.h"

// Runs `log_func` then `expr` (typically a return) when `cond` holds.
#ifndef OP_CHECK_IF
#define OP_CHECK_IF(cond, log_func, expr) OPS_CHECK(cond, log_func, expr)
#endif

// Logs and returns ge::GRAPH_FAILED when `ptr` is null.
#ifndef OP_CHECK_NULL_WITH_CONTEXT
#define OP_CHECK_NULL_WITH_CONTEXT(context, ptr) OPS_CHECK_NULL_WITH_CONTEXT(context, ptr)
#endif
