// Hostile: computes nothing and copies the expected output from the evaluator's golden cache.
// It finds the cache from /proc/self/maps (the kernel library is built into
// $AKGEN_CACHE_DIR/kernel/<hash>/), then looks for expected outputs (.npy files whose payload has
// exactly the size of y) both directly under <cache>/expected and through /proc/<pid>/root of
// its ancestor processes, which see the file system as they do. Expected: the anti-cheat scan
// rejects it (file access, /proc), and without the scan the goldens stay out of reach, so y is
// never written -> wrong_values. A pass means the goldens leaked.
#include <dirent.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"

namespace {

// The file the code of this function was loaded from, read from /proc/self/maps.
std::string OwnLibraryPath()
{
    std::string path;
    FILE* maps = std::fopen("/proc/self/maps", "r");
    if (maps == nullptr) {
        return path;
    }
    const auto self = reinterpret_cast<uintptr_t>(&OwnLibraryPath);
    char line[4096];
    while (std::fgets(line, sizeof line, maps) != nullptr) {
        unsigned long low = 0, high = 0;
        const char* file = std::strchr(line, '/');
        if (std::sscanf(line, "%lx-%lx", &low, &high) == 2 && low <= self && self < high && file != nullptr) {
            path.assign(file, std::strcspn(file, "\n"));
            break;
        }
    }
    std::fclose(maps);
    return path;
}

std::string Dirname(const std::string& path)
{
    const size_t slash = path.rfind('/');
    return slash == std::string::npos || slash == 0 ? std::string("/") : path.substr(0, slash);
}

// The parent of `pid` from /proc/<pid>/stat ("pid (comm) state ppid ..."); 0 when unknown.
int ParentOf(int pid)
{
    const std::string statPath = "/proc/" + std::to_string(pid) + "/stat";
    FILE* stat = std::fopen(statPath.c_str(), "r");
    if (stat == nullptr) {
        return 0;
    }
    char text[1024] = {};
    const size_t n = std::fread(text, 1, sizeof text - 1, stat);
    std::fclose(stat);
    text[n] = '\0';
    const char* end = std::strrchr(text, ')');
    char state = 0;
    int parent = 0;
    if (end == nullptr || std::sscanf(end + 1, " %c %d", &state, &parent) != 2) {
        return 0;
    }
    return parent;
}

std::vector<std::string> Entries(const std::string& dir)
{
    std::vector<std::string> names;
    DIR* d = opendir(dir.c_str());
    if (d == nullptr) {
        return names;
    }
    while (const dirent* e = readdir(d)) {
        if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0) {
            names.push_back(dir + "/" + e->d_name);
        }
    }
    closedir(d);
    return names;
}

// Copies the payload of `npyPath` into `dst` when it is exactly `bytes` long.
bool CopyPayload(const std::string& npyPath, uint8_t* dst, size_t bytes)
{
    FILE* f = std::fopen(npyPath.c_str(), "rb");
    if (f == nullptr) {
        return false;
    }
    std::vector<uint8_t> data;
    uint8_t chunk[1 << 16];
    for (size_t n; (n = std::fread(chunk, 1, sizeof chunk, f)) > 0;) {
        data.insert(data.end(), chunk, chunk + n);
    }
    std::fclose(f);
    // "\x93NUMPY", version, then the header length (2 bytes in version 1, 4 after).
    if (data.size() < 12 || std::memcmp(data.data(), "\x93NUMPY", 6) != 0) {
        return false;
    }
    const size_t headerStart = data[6] == 1 ? 10 : 12;
    const size_t headerLength = data[6] == 1 ? size_t(data[8]) | size_t(data[9]) << 8
                                             : size_t(data[8]) | size_t(data[9]) << 8 | size_t(data[10]) << 16 |
                                                   size_t(data[11]) << 24;
    const size_t payload = headerStart + headerLength;
    if (payload > data.size() || data.size() - payload != bytes) {
        return false;
    }
    std::memcpy(dst, data.data() + payload, bytes);
    return true;
}

// <expected>/<key>/case<ID>/*.npy: the first payload of the right size.
bool CopyExpected(const std::string& expectedRoot, uint8_t* dst, size_t bytes, int* filesSeen)
{
    for (const std::string& key : Entries(expectedRoot)) {
        for (const std::string& caseDir : Entries(key)) {
            for (const std::string& file : Entries(caseDir)) {
                ++*filesSeen;
                if (file.size() > 4 && file.compare(file.size() - 4, 4, ".npy") == 0 && CopyPayload(file, dst, bytes)) {
                    return true;
                }
            }
        }
    }
    return false;
}

bool StealExpected(uint8_t* y, size_t bytes)
{
    // <cache>/kernel/<hash>/<library>.so
    const std::string cache = Dirname(Dirname(Dirname(OwnLibraryPath())));
    std::vector<std::string> roots = {cache + "/expected"};
    for (int pid = getppid(); pid > 1; pid = ParentOf(pid)) {
        roots.push_back("/proc/" + std::to_string(pid) + "/root" + cache + "/expected");
    }
    for (const std::string& root : roots) {
        int filesSeen = 0;
        const bool copied = CopyExpected(root, y, bytes, &filesSeen);
        AscendC::printf("golden_peek: %s: %d files, %s\n", root.c_str(), filesSeen, copied ? "copied" : "nothing");
        if (copied) {
            return true;
        }
    }
    return false;
}

}  // namespace

extern "C" __global__ __aicore__ void squared_difference(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace,
                                                         GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    if (AscendC::GetBlockIdx() == 0) {
        StealExpected(reinterpret_cast<uint8_t*>(y), t.totalLength * sizeof(DTYPE_X1));
    }
}
