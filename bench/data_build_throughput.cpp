// akgen data build on a synthetic run of 10,000 samples (100 tasks x 100 samples, every outcome:
// tests/data/synthetic_runs.h): wall time of BuildRecords, which must stay under 30 s.
// usage: akg_bench_data_build [--tasks N] [--samples K] [--dir DIR]
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include "data/records.h"
#include "data/synthetic_runs.h"

int main(int argc, char** argv) {
    int tasks = 100, samples = 100;
    std::string dir = (std::filesystem::temp_directory_path() / "akg-bench-data").string();
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--tasks")) tasks = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--samples")) samples = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--dir")) dir = argv[i + 1];
    }
    std::filesystem::remove_all(dir);
    const auto t0 = std::chrono::steady_clock::now();
    const std::string run = akg::data::testing::WriteSyntheticRun({dir, tasks, samples});
    const auto t1 = std::chrono::steady_clock::now();
    akg::data::BuildOptions o;
    o.runs = {run};
    o.outDir = dir + "/data";
    o.speedMargin = 0.05;
    const akg::data::BuildOutcome r = akg::data::BuildRecords(o);
    const auto t2 = std::chrono::steady_clock::now();
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    auto seconds = [](const timeval& t) { return double(t.tv_sec) + t.tv_usec / 1e6; };
    if (!r.error.empty()) {
        std::fprintf(stderr, "akg_bench_data_build: %s\n", r.error.c_str());
        return 2;
    }
    // A build that read nothing (the synthetic tasks judged malformed, say) is fast and measures nothing.
    if (r.manifest.value("record_count", 0) == 0) {
        std::fprintf(stderr, "akg_bench_data_build: no records were built from the synthetic run\n");
        return 2;
    }
    const double write = std::chrono::duration<double>(t1 - t0).count(), build = std::chrono::duration<double>(t2 - t1).count();
    std::printf("samples: %d (%d tasks x %d)\nwriting the synthetic run: %.2f s\nakgen data build: %.2f s wall, %s records "
                "(%.0f samples/s)\nCPU of the whole process (run writing included): %.2f s user, %.2f s system\n"
                "target: < 30 s: %s\n",
                tasks * samples, tasks, samples, write, build, r.manifest["record_count"].dump().c_str(),
                tasks * samples / build, seconds(usage.ru_utime), seconds(usage.ru_stime), build < 30 ? "met" : "MISSED");
    std::filesystem::remove_all(dir);
    return build < 30 ? 0 : 1;
}
