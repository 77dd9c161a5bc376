// The cost model against Atlas A2 boards: simulates our own versions of the published kernels
// (tests/sim/cost_kernels.h) at full size on Ascend910B1 and prints simulated vs measured time,
// per-pipe times and the error, plus the host time the model itself took. Results are recorded
// in docs/cost-model.md and docs/performance.md.
//
//     akg_bench_cost_calibration [--platform platforms/Ascend910B1.json] [--scalar-rows R] [--check]
//
// --check (the CTest cost.calibration) fails unless every case is within 30 % of the board and
// the variants come out in the board's order.
// The scalar-loop case issues three instructions per element; by default it runs on R = 256 of
// its 8192 rows and the time is scaled by 8192 / R (the loop is one serial chain, so time is
// linear in rows); `--scalar-rows 8192` simulates it whole.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "run/op_runner.h"
#include "sim/cost_kernels.h"

namespace {

using akg::cost::KernelTime;
using akg::costk::AddArgs;
using akg::costk::CopyArgs;

struct Case {
    const char* name;
    double boardUs;      // Task Duration
    double boardVecUs;   // aiv_vec_time (negative: not published)
    double boardMte2Us;  // aiv_mte2_time
    const char* note;
};

double Now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Model time per case, in the order printed, for --check.
std::vector<std::pair<std::string, double>> g_modelled;
std::vector<double> g_errors;
std::vector<std::string> g_boundViolations;

// The lower bound of the case's op (akg::cost::HardwareBoundUs), set before its cases run.
double g_boundUs = 0;

void Print(const Case& c, const KernelTime& t, double scale, double hostSeconds) {
    const double us = t.kernelUs * scale;
    g_modelled.push_back({c.name, us});
    g_errors.push_back((us - c.boardUs) / c.boardUs);
    if (us < g_boundUs || c.boardUs < g_boundUs) g_boundViolations.push_back(c.name);
    const double vec = t.pipeBusyUs[1] * scale, mte2 = t.pipeBusyUs[4] * scale;
    std::printf("| %s | %.2f | %.2f | %+.1f %% | %.2f | %.3f / %s | %.1f / %.1f | %s | %.2f s | %s |\n", c.name,
                c.boardUs, us,
                100.0 * (us - c.boardUs) / c.boardUs, g_boundUs, vec,
                c.boardVecUs >= 0 ? std::to_string(c.boardVecUs).substr(0, 7).c_str() : "—", mte2, c.boardMte2Us,
                akg::cost::PipeLabel(t.boundPipe), hostSeconds, c.note);
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    std::string platformName = "Ascend910B1";
    uint32_t scalarRows = 256;
    bool check = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--check")) check = true;
        if (i + 1 < argc && !std::strcmp(argv[i], "--platform")) platformName = argv[++i];
        else if (i + 1 < argc && !std::strcmp(argv[i], "--scalar-rows")) scalarRows = uint32_t(std::stoul(argv[++i]));
    }
    akg::PlatformSpec platform;
    std::string error;
    if (!akg::run::LoadPlatform(platformName, &platform, &error)) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
    }
    std::printf("platform %s, %.0f MHz\n\n", platform.socVersion.c_str(), platform.clockMHz);
    std::printf("| case | board us | model us | error | T_hw us | vec us model / board | MTE2 us model / board | bound | "
                "host | note |\n");
    std::printf("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");

    // ---- Add, 8192 x 8192 half (section 5.1) ----
    {
        const uint32_t m = 8192, n = 8192;
        const size_t elems = size_t(m) * n;
        AddArgs a{};
        a.x = static_cast<half*>(akg::sim::GmAlloc(elems * 2, "x"));
        a.y = static_cast<half*>(akg::sim::GmAlloc(elems * 2, "y"));
        a.z = static_cast<half*>(akg::sim::GmAlloc(elems * 2, "z"));
        std::memset(a.x, 0, elems * 2);
        std::memset(a.y, 0, elems * 2);
        a.m = m;
        a.n = n;
        g_boundUs = akg::cost::HardwareBoundUs(platform, {2 * elems * 2, elems * 2, 0, double(elems)});
        auto run = [&](const Case& c, uint32_t cores, uint32_t tile, std::function<void()> body, double scale = 1) {
            a.tile = tile;
            bool ok = false;
            const double t0 = Now();
            KernelTime t = akg::costk::Simulate(platform, cores, body, &ok);
            const double host = Now() - t0;
            if (!ok) std::printf("| %s | launch failed |\n", c.name);
            Print(c, t, scale, host);
        };
        {
            AddArgs part = a;
            part.m = scalarRows;
            part.tile = 4096;
            const Case c{"Add 0: scalar loop, 1 core, 8 KiB", 1239689.1, 0.015, 5916.341,
                         scalarRows < m ? "simulated on a row slice, scaled" : ""};
            bool ok = false;
            const double t0 = Now();
            KernelTime t = akg::costk::Simulate(platform, 1, [&] { akg::costk::AddScalar(part); }, &ok);
            const double host = Now() - t0;
            // Only the core's own time scales with the rows; the launch overhead does not.
            KernelTime scaled = t;
            const double s = double(m) / scalarRows;
            scaled.kernelUs = t.slowestCoreUs * s + t.launchOverheadUs;
            for (auto& b : scaled.pipeBusyUs) b *= s;
            Print(c, scaled, 1, host);
        }
        run({"Add 1: vector, 1 core, 8 KiB", 6909.6, 761.65, 6208.762, ""}, 1, 4096,
            [&] { akg::costk::AddVector<1>(a); });
        run({"Add 2: 48 cores, 8 KiB", 306.58, 15.885, 215.485, ""}, 48, 4096, [&] { akg::costk::AddVector<1>(a); });
        run({"Add 3: 48 cores, 32 KiB", 268.5, 12.845, 184.369, ""}, 48, 16384, [&] { akg::costk::AddVector<1>(a); });
        run({"Add 4: + double buffer", 264.02, 12.846, 250.528, ""}, 48, 16384, [&] { akg::costk::AddVector<2>(a); });
        run({"Add 4s: same, static tensors + SetFlag/WaitFlag", 264.02, 12.846, 250.528, "case 4 as published"}, 48,
            16384, [&] { akg::costk::AddStatic(a, false, false); });
        run({"Add 5: + L2 bypass for x, y", 187.68, 12.846, 175.997, ""}, 48, 16384,
            [&] { akg::costk::AddStatic(a, false, true); });
        run({"Add 6: + no bank conflict", 184.52, 6.954, 171.611, ""}, 48, 16256,
            [&] { akg::costk::AddStatic(a, true, true); });
        {
            // The simulator alone on case 4 (no observer): what the cost model adds to host time.
            static AddArgs* current = nullptr;
            current = &a;
            a.tile = 16384;
            akg::sim::LaunchArgs args;
            args.entry = [](void**) { akg::costk::AddVector<2>(*current); };
            args.blockDim = 48;
            args.resolveLocations = false;
            const double t0 = Now();
            akg::sim::Launch(platform, args);
            std::printf("| (host time of case 4 without the cost model: %.2f s) |\n", Now() - t0);
        }
        akg::sim::GmFreeAll();
    }

    // ---- Pure GM->UB copy, 12288 x 12288 half, 48 AIV (section 5.2) ----
    {
        auto copy = [&](const Case& c, uint32_t n, uint32_t tileM, uint32_t tileN, bool toL1 = false) {
            const uint32_t m = 12288;
            CopyArgs a{};
            a.src = static_cast<half*>(akg::sim::GmAlloc(size_t(m) * n * 2, "src"));
            g_boundUs = akg::cost::HardwareBoundUs(platform, {uint64_t(m) * n * 2, 0, 0, 0});
            a.m = m;
            a.n = n;
            a.tileM = tileM;
            a.tileN = tileN;
            bool ok = false;
            const double t0 = Now();
            KernelTime t = toL1 ? akg::costk::Simulate(platform, 24, [&] { akg::costk::CopyToL1Nd2Nz(a); }, &ok,
                                                       nullptr, AIC)
                                : akg::costk::Simulate(platform, 48, [&] { akg::costk::CopyToUb(a); }, &ok);
            const double host = Now() - t0;
            if (!ok) std::printf("| %s | launch failed |\n", c.name);
            Print(c, t, 1, host);
            akg::sim::GmFreeAll();
        };
        copy({"Copy 1: 128 B per DataCopyPad", 564.84, -1, 548.161, ""}, 12288, 1, 64);
        copy({"Copy 2: 64 x 128 B (8 KiB)", 233.54, -1, 220.772, ""}, 12288, 64, 64);
        copy({"Copy 3: 64 x 2 KiB (128 KiB)", 215.82, -1, 202.657, ""}, 12288, 64, 1024);
        copy({"Copy 4: same, N = 12287 (unaligned)", 275.3, -1, 259.047, ""}, 12287, 64, 1024);
        // The cube cores' ND2NZ copy into L1, 24 AIC.
        copy({"Copy 5: GM->L1 ND2NZ 64 x 64", 300.71, -1, 283.51, ""}, 12288, 64, 64, true);
        copy({"Copy 6: GM->L1 ND2NZ 64 x 256", 230.24, -1, 214.52, ""}, 12288, 64, 256, true);
        copy({"Copy 7: same, N = 12287 (unaligned)", 438.76, -1, 422.52, ""}, 12287, 64, 256, true);
    }
    if (!check) return 0;
    int failures = 0;
    for (size_t i = 0; i < g_errors.size(); ++i)
        if (std::abs(g_errors[i]) > 0.30) {
            std::printf("check: %s is %+.1f %% off the board\n", g_modelled[i].first.c_str(), 100 * g_errors[i]);
            ++failures;
        }
    // The board's order: Add 0 > 1 > 2 > 3 > 4 > 5 > 6, copies 1 > 4 > 2 > 3, ND2NZ copies 7 > 5 > 6.
    auto at = [&](const char* prefix) {
        for (auto& [name, us] : g_modelled)
            if (name.rfind(prefix, 0) == 0) return us;
        return -1.0;
    };
    const std::vector<std::pair<const char*, const char*>> slower = {
        {"Add 0", "Add 1"},  {"Add 1", "Add 2"},  {"Add 2", "Add 3"},  {"Add 3", "Add 4:"},
        {"Add 4:", "Add 5"}, {"Add 5", "Add 6"},  {"Copy 1", "Copy 4"}, {"Copy 4", "Copy 2"},
        {"Copy 2", "Copy 3"}, {"Copy 7", "Copy 5"}, {"Copy 5", "Copy 6"}};
    for (auto& [a, b] : slower)
        if (!(at(a) > at(b))) {
            std::printf("check: %s (%.2f us) should be slower than %s (%.2f us)\n", a, at(a), b, at(b));
            ++failures;
        }
    for (auto& name : g_boundViolations) {
        std::printf("check: %s: the board or the model is below T_hw\n", name.c_str());
        ++failures;
    }
    std::printf("check: %s\n",
                failures ? "FAILED" : "every case within 30 %, in the board's order, board and model above T_hw");
    return failures ? 1 : 0;
}
