#include "harness/golden_cache.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <vector>

namespace akg::harness {

namespace fs = std::filesystem;

namespace {

uint64_t TreeBytes(const fs::path& dir) {
    std::error_code ec;
    uint64_t total = 0;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file(ec)) total += it->file_size(ec);
    return total;
}

struct Entry {
    std::string key;
    fs::file_time_type used;
    uint64_t bytes;
};

}  // namespace

void TouchGolden(const std::string& goldensDir) {
    utimensat(AT_FDCWD, goldensDir.c_str(), nullptr, 0);  // now; a missing entry is made later
}

GoldenTrim TrimGoldens(const std::string& cacheRoot, uint64_t maxBytes, const std::set<std::string>& inUse,
                       double minAgeSeconds) {
    GoldenTrim trim;
    const fs::path goldens = fs::path(cacheRoot) / "goldens", expected = fs::path(cacheRoot) / "expected";
    std::vector<Entry> entries;
    std::error_code ec;
    for (auto& d : fs::directory_iterator(goldens, ec)) {
        const std::string key = d.path().filename().string();
        if (!d.is_directory(ec)) continue;
        if (key.find('.') != std::string::npos) {  // an eviction that was interrupted
            fs::remove_all(d.path(), ec);
            continue;
        }
        entries.push_back({key, d.last_write_time(ec), TreeBytes(d.path()) + TreeBytes(expected / key)});
        trim.bytesBefore += entries.back().bytes;
    }
    trim.entries = int(entries.size());
    trim.bytesAfter = trim.bytesBefore;
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.used < b.used; });
    const auto youngest = fs::file_time_type::clock::now() -
                          std::chrono::duration_cast<fs::file_time_type::duration>(
                              std::chrono::duration<double>(minAgeSeconds));
    for (const Entry& e : entries) {
        if (trim.bytesAfter <= maxBytes) break;
        if (inUse.count(e.key) || e.used > youngest) continue;
        // Out of sight first (one rename; HasGolden no longer finds its cases), then deleted:
        // an interrupted eviction never leaves goldens whose expected outputs are gone.
        const fs::path doomed = goldens / (e.key + ".evicted");
        fs::rename(goldens / e.key, doomed, ec);
        if (ec) continue;
        fs::remove_all(expected / e.key, ec);
        fs::remove_all(doomed, ec);
        fs::remove(goldens / (e.key + ".lock"), ec);
        trim.bytesAfter -= e.bytes;
        ++trim.evicted;
    }
    return trim;
}

}  // namespace akg::harness
