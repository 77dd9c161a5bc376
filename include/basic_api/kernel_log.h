// ASCENDC_ASSERT and KERNEL_LOG (CANN's impl/basic_api/kernel_log.h, reached through
// kernel_operator.h). Kernels and the high-level APIs write checks as
// `ASCENDC_ASSERT(cond, { KERNEL_LOG(KERNEL_ERROR, "fmt", args...); })`. In CANN's device compile
// (not ASCENDC_CPU_DEBUG) both expand to nothing: the condition is not evaluated and the log
// level names (KERNEL_DEBUG, KERNEL_INFO, KERNEL_WARN, KERNEL_ERROR) need no declaration. A
// kernel here is that device build, so the same holds; the checks that matter at run time are
// the simulator's own diagnostics.
#pragma once

#ifndef ASCENDC_ASSERT
#define ASCENDC_ASSERT(cond, behavior)
#endif
#ifndef ASCENDC_ASSERT_WARNING
#define ASCENDC_ASSERT_WARNING(cond, behavior)
#endif
#ifndef KERNEL_LOG
#define KERNEL_LOG(level, format, ...)
#endif
