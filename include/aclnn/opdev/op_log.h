// OP_LOG* macros of CANN's op-dev (aclnn) layer, for host code that includes this header for its
// logging only. Messages go to the log of the current tiling/inference run, never to stdout.
// Each macro is defined only if the including code has not defined it already. A call with the
// node alone (`OP_LOGD("message")`, which opbase's macros accept) logs the node with no message.
#pragma once

#include "error/ops_error.h"

#ifndef OP_LOGD
#define OP_LOGD(node, ...) ::akg::host::HostLog("D", ::akg::host::LogNodeName(node), ##__VA_ARGS__)
#endif
#ifndef OP_LOGI
#define OP_LOGI(node, ...) ::akg::host::HostLog("I", ::akg::host::LogNodeName(node), ##__VA_ARGS__)
#endif
#ifndef OP_LOGW
#define OP_LOGW(node, ...) ::akg::host::HostLog("W", ::akg::host::LogNodeName(node), ##__VA_ARGS__)
#endif
#ifndef OP_LOGE
#define OP_LOGE(node, ...) ::akg::host::HostLog("E", ::akg::host::LogNodeName(node), ##__VA_ARGS__)
#endif
#ifndef OP_LOGE_WITHOUT_REPORT
#define OP_LOGE_WITHOUT_REPORT(node, ...) ::akg::host::HostLog("E", ::akg::host::LogNodeName(node), ##__VA_ARGS__)
#endif
