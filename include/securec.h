// The bounds-checked C functions of Huawei's secure C library (securec) that CANN's headers bring
// into host code: each checks its destination size first and returns 0 on success or an errno
// value (EINVAL for a null pointer, ERANGE when the data does not fit), as the library documents.
#pragma once

#include <cerrno>
#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <cstring>

#ifndef EOK
#define EOK 0
#endif
using errno_t = int;

inline errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count) {
    if (!dest || !src) return EINVAL;
    if (count > destMax) return ERANGE;
    std::memmove(dest, src, count);  // overlap is the caller's error; copying it safely costs nothing
    return EOK;
}

inline errno_t memmove_s(void* dest, size_t destMax, const void* src, size_t count) {
    if (!dest || !src) return EINVAL;
    if (count > destMax) return ERANGE;
    std::memmove(dest, src, count);
    return EOK;
}

inline errno_t memset_s(void* dest, size_t destMax, int c, size_t count) {
    if (!dest) return EINVAL;
    if (count > destMax) return ERANGE;
    std::memset(dest, c, count);
    return EOK;
}

inline errno_t strcpy_s(char* dest, size_t destMax, const char* src) {
    if (!dest || !src || destMax == 0) return EINVAL;
    const size_t n = std::strlen(src);
    if (n + 1 > destMax) {
        dest[0] = '\0';
        return ERANGE;
    }
    std::memcpy(dest, src, n + 1);
    return EOK;
}

// Appends `src` to the string in `dest` (securec's strcat_s); when the result does not fit,
// dest is emptied.
inline errno_t strcat_s(char* dest, size_t destMax, const char* src) {
    if (!dest || !src || destMax == 0) return EINVAL;
    const size_t have = strnlen(dest, destMax), n = std::strlen(src);
    if (have == destMax || have + n + 1 > destMax) {
        dest[0] = '\0';
        return ERANGE;
    }
    std::memcpy(dest + have, src, n + 1);
    return EOK;
}

// Formatted output of at most `count` characters into `strDest` of `destMax` bytes, always
// terminated: the number of characters written, or -1 when the text was cut short (at `count`, with
// what fits kept, or at `destMax`, with strDest emptied) or an argument is invalid (securec's
// vsnprintf_s / snprintf_s).
inline int vsnprintf_s(char* strDest, size_t destMax, size_t count, const char* format, va_list argList) {
    if (!strDest || destMax == 0) return -1;
    if (!format) {
        strDest[0] = '\0';
        return -1;
    }
    const size_t limit = count < destMax - 1 ? count : destMax - 1;
    const int n = std::vsnprintf(strDest, limit + 1, format, argList);
    if (n < 0) {
        strDest[0] = '\0';
        return -1;
    }
    if (static_cast<size_t>(n) > limit) {
        if (count >= destMax) strDest[0] = '\0';
        return -1;
    }
    return n;
}

inline int snprintf_s(char* strDest, size_t destMax, size_t count, const char* format, ...) {
    va_list args;
    va_start(args, format);
    const int n = vsnprintf_s(strDest, destMax, count, format, args);
    va_end(args);
    return n;
}
