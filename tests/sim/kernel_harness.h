// Runs kernel code written inline in a test on simulated cores, with GM buffers the test owns.
#pragma once

#include <functional>
#include <vector>

#include "akg/launch.h"

namespace akg::test {

struct KernelRun {
    sim::LaunchResult result;
    bool HasDiag(const std::string& code) const {
        for (auto& d : result.diagnostics)
            if (d.code == code) return true;
        return false;
    }
    std::string Codes() const {
        std::string s;
        for (auto& d : result.diagnostics) s += d.code + "(" + d.location + ": " + d.message + ") ";
        return s;
    }
};

// The kernel body runs once per core; GetBlockIdx() tells which.
inline KernelRun RunKernel(uint32_t blockDim, std::function<void()> body, uint64_t tilingKey = 0) {
    static std::function<void()>* current = nullptr;
    current = &body;
    sim::LaunchArgs args;
    args.entry = [](void**) { (*current)(); };
    args.blockDim = blockDim;
    args.tilingKey = tilingKey;
    KernelRun run;
    run.result = sim::Launch(sim::PlatformSpec{}, args);
    current = nullptr;
    return run;
}

// A GM buffer of n elements of T, released with the test.
template <typename T>
struct GmBuffer {
    T* data;
    size_t n;
    explicit GmBuffer(size_t count, const char* name = "gm") : n(count) {
        data = static_cast<T*>(sim::GmAlloc(count * sizeof(T), name));
    }
    GM_ADDR addr() const { return reinterpret_cast<GM_ADDR>(data); }
    T& operator[](size_t i) { return data[i]; }
};

struct GmScope {
    ~GmScope() { sim::GmFreeAll(); }
};

}  // namespace akg::test
