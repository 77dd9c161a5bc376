// metadef's base/err_msg.h (inc/external/base): REPORT_INNER_ERR_MSG(error_code, format, ...), the
// error-message report that operator host code (ops-transformer's mc2_log.h) calls beside its log.
// Reports go to the log of the current tiling/inference run, with the error code as the node name.
#pragma once

#include "error/host_log.h"

#ifndef REPORT_INNER_ERR_MSG
#define REPORT_INNER_ERR_MSG(error_code, ...) ::akg::host::HostLog("E", error_code, __VA_ARGS__)
#endif
