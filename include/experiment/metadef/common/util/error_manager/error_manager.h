// Error-report macros of GE's error manager (REPORT_INNER_ERROR, ...), for host code that includes
// this header for them. Reports go to the log of the current tiling/inference run.
#pragma once

#include "error/host_log.h"

#ifndef REPORT_INNER_ERROR
#define REPORT_INNER_ERROR(code, ...) ::akg::host::HostLog("E", code, __VA_ARGS__)
#endif
#ifndef REPORT_CALL_ERROR
#define REPORT_CALL_ERROR(code, ...) ::akg::host::HostLog("E", code, __VA_ARGS__)
#endif
