// assert / ascendc_assert in kernel code (CANN's utils/debug/asc_assert.h): when the condition is
// false, the device prints "[ASSERT] file:line: Assertion `expr' <message>" and stops the kernel.
// Here that is the fatal diagnostic KERNEL_ASSERT at the assert's line, with the printed text in
// the device log. Outside a launch (host code) it prints and aborts, as the C library's assert.
#pragma once

#include <cstdio>

#include "akg/sim/sim.h"

namespace akg::sim {
// Out of line, so that its return address is the assert's line in the kernel.
[[noreturn]] void KernelAssertFailed(const char* text);
}  // namespace akg::sim

namespace akg::detail {

template <typename... Args>
[[noreturn]] __attribute__((always_inline)) inline void AssertFailed(const char* expr, const char* file, int line,
                                                                     const char* fmt = nullptr, Args... args) {
    char message[1024];
    int n = std::snprintf(message, sizeof message, "[ASSERT] %s:%d: Assertion `%s'", file, line, expr);
    if (fmt && n > 0 && n < int(sizeof message) - 1) {
        message[n++] = ' ';
        if constexpr (sizeof...(Args) == 0)
            std::snprintf(message + n, sizeof message - size_t(n), "%s", fmt);
        else
            std::snprintf(message + n, sizeof message - size_t(n), fmt, args...);
    }
    ::akg::sim::KernelAssertFailed(message);
}

}  // namespace akg::detail

#define ascendc_assert(expr, ...) \
    ((expr) ? (void)0 : ::akg::detail::AssertFailed(#expr, __FILE__, __LINE__, ##__VA_ARGS__))
#undef assert
#define assert(expr, ...) ascendc_assert(expr, ##__VA_ARGS__)
