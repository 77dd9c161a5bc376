// The goldens part of the cache: per task and seed, `goldens/<key>/` (inputs and the recorded
// call, which case processes read) and `expected/<key>/` (expected outputs, hidden from them).
// NPUKernelBench's Level 2 alone writes about 60 GB of it, so it is bounded: least recently used
// entries are evicted first (docs/evaluation-loop.md, "Goldens cache").
#pragma once

#include <cstdint>
#include <set>
#include <string>

namespace akg::harness {

// The default of `akgen bench --cache-max-gb`.
constexpr double kDefaultGoldenCacheGb = 20;

// Marks the entry whose goldens directory is `goldensDir` as used now (its modification time).
void TouchGolden(const std::string& goldensDir);

struct GoldenTrim {
    uint64_t bytesBefore = 0, bytesAfter = 0;
    int entries = 0, evicted = 0;
};

// Deletes least recently used entries under `cacheRoot` until goldens and expected outputs
// together take at most `maxBytes`. Never deletes an entry whose key is in `inUse`, nor one used
// within the last `minAgeSeconds` (another run sharing the cache may be reading it).
GoldenTrim TrimGoldens(const std::string& cacheRoot, uint64_t maxBytes, const std::set<std::string>& inUse,
                       double minAgeSeconds);

}  // namespace akg::harness
