// The acl runtime of direct-launch programs (include/acl/acl.h): one simulated device of the
// default platform. Device memory is GM from the simulator's allocator, so kernels' accesses are
// bounds-checked against each buffer and reads past a buffer's end fault on a guard page.
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <set>
#include <string>

#include "acl/acl.h"
#include "akg/launch/launch.h"

namespace {

struct AclState {
    bool initialized = false;
    int32_t device = -1;  // set by aclrtSetDevice
    std::set<void*> streams, contexts, hostBuffers;
    std::string lastError;
};
AclState& State() {
    static AclState s;
    return s;
}

// Records and prints why a call failed; returns `code`.
aclError Fail(aclError code, const char* api, const char* fmt, ...) __attribute__((format(printf, 3, 4)));
aclError Fail(aclError code, const char* api, const char* fmt, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    State().lastError = std::string(api) + ": " + buf + " (error " + std::to_string(code) + ")";
    std::fprintf(stderr, "akgen: %s\n", State().lastError.c_str());
    return code;
}

bool IsDevice(const void* p, size_t bytes) {
    size_t size = 0;
    const void* base = akg::sim::GmBufferOf(p, &size);
    return base && static_cast<const uint8_t*>(p) + bytes <= static_cast<const uint8_t*>(base) + size;
}
bool TouchesDevice(const void* p) {
    size_t size = 0;
    return akg::sim::GmBufferOf(p, &size) != nullptr;
}

// The device side of a copy must lie inside one buffer, the host side outside every one.
aclError CheckSide(const char* api, const char* what, const void* p, size_t bytes, bool device) {
    if (device && !IsDevice(p, bytes))
        return Fail(ACL_ERROR_INVALID_PARAM, api, "the %s (%p, %zu bytes) is not inside one aclrtMalloc buffer", what,
                    p, bytes);
    if (!device && TouchesDevice(p))
        return Fail(ACL_ERROR_INVALID_PARAM, api, "the %s (%p) is device memory, but the copy kind says host", what, p);
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclInit(const char*) {
    if (State().initialized) return Fail(ACL_ERROR_REPEAT_INITIALIZE, "aclInit", "called twice");
    State().initialized = true;
    return ACL_SUCCESS;
}

// aclInit is optional here (the official hello_world never calls it, many samples finalize
// without it); only a second aclInit is an error.
aclError aclFinalize() {
    State().initialized = false;
    return ACL_SUCCESS;
}

const char* aclGetRecentErrMsg() { return State().lastError.empty() ? nullptr : State().lastError.c_str(); }

aclError aclrtSetDevice(int32_t deviceId) {
    if (deviceId != 0)
        return Fail(ACL_ERROR_RT_INVALID_DEVICEID, "aclrtSetDevice", "device %d: the simulator has device 0 only",
                    deviceId);
    State().device = deviceId;
    return ACL_SUCCESS;
}

aclError aclrtResetDevice(int32_t deviceId) {
    if (deviceId != 0 || State().device != deviceId)
        return Fail(ACL_ERROR_RT_INVALID_DEVICEID, "aclrtResetDevice", "device %d was not set", deviceId);
    State().device = -1;
    return ACL_SUCCESS;
}

aclError aclrtGetDevice(int32_t* deviceId) {
    if (!deviceId) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice", "null pointer");
    if (State().device < 0) return Fail(ACL_ERROR_RT_INVALID_DEVICEID, "aclrtGetDevice", "no device was set");
    *deviceId = State().device;
    return ACL_SUCCESS;
}

aclError aclrtGetDeviceCount(uint32_t* count) {
    if (!count) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount", "null pointer");
    *count = 1;
    return ACL_SUCCESS;
}

aclError aclrtSynchronizeDevice() { return ACL_SUCCESS; }  // launches are synchronous

const char* aclrtGetSocName() {
    static const akg::PlatformSpec platform;
    return platform.socVersion.c_str();
}

aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
    if (!context) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateContext", "null pointer");
    if (deviceId != 0) return Fail(ACL_ERROR_RT_INVALID_DEVICEID, "aclrtCreateContext", "device %d", deviceId);
    *context = new int(deviceId);
    State().contexts.insert(*context);
    State().device = deviceId;
    return ACL_SUCCESS;
}

aclError aclrtDestroyContext(aclrtContext context) {
    if (!State().contexts.erase(context)) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyContext", "unknown context");
    delete static_cast<int*>(context);
    return ACL_SUCCESS;
}

aclError aclrtSetCurrentContext(aclrtContext context) {
    if (!State().contexts.count(context))
        return Fail(ACL_ERROR_INVALID_PARAM, "aclrtSetCurrentContext", "unknown context");
    return ACL_SUCCESS;
}

aclError aclrtCreateStream(aclrtStream* stream) {
    if (!stream) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateStream", "null pointer");
    *stream = new int(0);
    State().streams.insert(*stream);
    return ACL_SUCCESS;
}

aclError aclrtDestroyStream(aclrtStream stream) {
    if (!State().streams.erase(stream)) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyStream", "unknown stream");
    delete static_cast<int*>(stream);
    return ACL_SUCCESS;
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
    // The default stream (nullptr) always exists.
    if (stream && !State().streams.count(stream))
        return Fail(ACL_ERROR_INVALID_PARAM, "aclrtSynchronizeStream", "unknown stream");
    return ACL_SUCCESS;
}

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy) {
    if (!devPtr || size == 0) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc", "null pointer or size 0");
    try {
        *devPtr = akg::sim::GmAlloc(size, "aclrtMalloc buffer of " + std::to_string(size) + " bytes");
    } catch (const std::bad_alloc&) {
        return Fail(ACL_ERROR_RT_MEMORY_ALLOCATION, "aclrtMalloc", "cannot allocate %zu bytes", size);
    }
    return ACL_SUCCESS;
}

aclError aclrtMallocHost(void** hostPtr, size_t size) {
    if (!hostPtr || size == 0) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost", "null pointer or size 0");
    *hostPtr = std::aligned_alloc(64, (size + 63) / 64 * 64);
    if (!*hostPtr) return Fail(ACL_ERROR_BAD_ALLOC, "aclrtMallocHost", "cannot allocate %zu bytes", size);
    State().hostBuffers.insert(*hostPtr);
    return ACL_SUCCESS;
}

aclError aclrtFree(void* devPtr) {
    if (!akg::sim::GmFree(devPtr))
        return Fail(ACL_ERROR_INVALID_PARAM, "aclrtFree", "%p is not a buffer aclrtMalloc returned (or was freed)",
                    devPtr);
    return ACL_SUCCESS;
}

aclError aclrtFreeHost(void* hostPtr) {
    if (!State().hostBuffers.erase(hostPtr))
        return Fail(ACL_ERROR_INVALID_PARAM, "aclrtFreeHost",
                    "%p is not a buffer aclrtMallocHost returned (or was freed)", hostPtr);
    std::free(hostPtr);
    return ACL_SUCCESS;
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
    const char* api = "aclrtMemcpy";
    if (!dst || !src) return Fail(ACL_ERROR_INVALID_PARAM, api, "null pointer");
    if (count > destMax) return Fail(ACL_ERROR_INVALID_PARAM, api, "count %zu exceeds destMax %zu", count, destMax);
    bool dstDevice = false, srcDevice = false;
    switch (kind) {
        case ACL_MEMCPY_HOST_TO_HOST: break;
        case ACL_MEMCPY_HOST_TO_DEVICE: dstDevice = true; break;
        case ACL_MEMCPY_DEVICE_TO_HOST: srcDevice = true; break;
        case ACL_MEMCPY_DEVICE_TO_DEVICE: dstDevice = srcDevice = true; break;
        case ACL_MEMCPY_DEFAULT:
            dstDevice = TouchesDevice(dst);
            srcDevice = TouchesDevice(src);
            break;
        default: return Fail(ACL_ERROR_INVALID_PARAM, api, "unknown copy kind %d", int(kind));
    }
    if (aclError e = CheckSide(api, "destination", dst, count, dstDevice)) return e;
    if (aclError e = CheckSide(api, "source", src, count, srcDevice)) return e;
    std::memmove(dst, src, count);
    return ACL_SUCCESS;
}

aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream) {
    if (stream && !State().streams.count(stream))
        return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpyAsync", "unknown stream");
    return aclrtMemcpy(dst, destMax, src, count, kind);
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
    if (count > maxCount) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset", "count %zu exceeds maxCount %zu", count, maxCount);
    if (aclError e = CheckSide("aclrtMemset", "buffer", devPtr, count, true)) return e;
    std::memset(devPtr, value, count);
    return ACL_SUCCESS;
}

}  // extern "C"

// Round to nearest even, as the host's half conversion does.
float aclFloat16ToFloat(aclFloat16 value) {
    _Float16 h;
    std::memcpy(&h, &value, sizeof h);
    return float(h);
}
aclFloat16 aclFloatToFloat16(float value) {
    const _Float16 h = static_cast<_Float16>(value);
    aclFloat16 bits;
    std::memcpy(&bits, &h, sizeof bits);
    return bits;
}
