// Simulated element-wise throughput: a double-buffered multi-core Add written the way real
// kernels are (TQue in/out, DataCopy, count-form Add), launched on simulated AIV cores. Reports
// elements per second of host time; the simulator runs all cores on one host thread, so this is
// also the per-host-core figure. Results: docs/performance.md.
#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#include "akg/launch/launch.h"
#include "kernel_operator.h"

namespace {

using namespace AscendC;

constexpr int32_t kBufferNum = 2;

template <typename T>
struct AddArgs {
    GM_ADDR x;  // GM_ADDR is a macro for a pointer type: one declarator each
    GM_ADDR y;
    GM_ADDR z;
    uint32_t total, tile;
};

template <typename T>
class AddKernel {
public:
    __aicore__ void Init(const AddArgs<T>& a) {
        const uint32_t cores = GetBlockNum();
        const uint32_t perCore = a.total / cores;
        const uint32_t begin = perCore * GetBlockIdx();
        count_ = GetBlockIdx() + 1 == cores ? a.total - begin : perCore;
        tile_ = a.tile;
        x_.SetGlobalBuffer((__gm__ T*)a.x + begin, count_);
        y_.SetGlobalBuffer((__gm__ T*)a.y + begin, count_);
        z_.SetGlobalBuffer((__gm__ T*)a.z + begin, count_);
        pipe_.InitBuffer(inX_, kBufferNum, tile_ * sizeof(T));
        pipe_.InitBuffer(inY_, kBufferNum, tile_ * sizeof(T));
        pipe_.InitBuffer(outZ_, kBufferNum, tile_ * sizeof(T));
    }
    __aicore__ void Process() {
        for (uint32_t done = 0; done < count_; done += tile_) {
            const uint32_t n = count_ - done < tile_ ? count_ - done : tile_;
            LocalTensor<T> x = inX_.template AllocTensor<T>();
            LocalTensor<T> y = inY_.template AllocTensor<T>();
            DataCopy(x, x_[done], n);
            DataCopy(y, y_[done], n);
            inX_.EnQue(x);
            inY_.EnQue(y);
            x = inX_.template DeQue<T>();
            y = inY_.template DeQue<T>();
            LocalTensor<T> z = outZ_.template AllocTensor<T>();
            Add(z, x, y, n);
            outZ_.EnQue(z);
            inX_.FreeTensor(x);
            inY_.FreeTensor(y);
            z = outZ_.template DeQue<T>();
            DataCopy(z_[done], z, n);
            outZ_.FreeTensor(z);
        }
    }

private:
    TPipe pipe_;
    TQue<QuePosition::VECIN, kBufferNum> inX_, inY_;
    TQue<QuePosition::VECOUT, kBufferNum> outZ_;
    GlobalTensor<T> x_, y_, z_;
    uint32_t count_ = 0, tile_ = 0;
};

template <typename T>
void AddEntry(void** args) {
    AddKernel<T> k;
    k.Init(*static_cast<AddArgs<T>*>(args[0]));
    k.Process();
}

// state.range(0): elements in total; state.range(1): elements per tile; state.range(2): the race
// detector on (1) or off (0; its cost is the ratio to the same case with it on).
template <typename T>
void BM_SimAdd(benchmark::State& state) {
    const uint32_t total = uint32_t(state.range(0));
    const uint32_t tile = uint32_t(state.range(1));
    AddArgs<T> a{};
    a.total = total;
    a.tile = tile;
    a.x = static_cast<GM_ADDR>(akg::sim::GmAlloc(total * sizeof(T), "x"));
    a.y = static_cast<GM_ADDR>(akg::sim::GmAlloc(total * sizeof(T), "y"));
    a.z = static_cast<GM_ADDR>(akg::sim::GmAlloc(total * sizeof(T), "z"));
    // All three arrays touched before timing, as the baseline's vectors are: the first launch
    // must not pay z's page faults.
    std::memset(a.x, 0, total * sizeof(T));
    std::memset(a.y, 0, total * sizeof(T));
    std::memset(a.z, 0, total * sizeof(T));
    akg::sim::LaunchArgs launch;
    launch.entry = AddEntry<T>;
    void* argv[] = {&a};
    launch.args.assign(argv, argv + 1);
    launch.blockDim = 48;
    launch.detectRaces = state.range(2) != 0;
    akg::PlatformSpec platform;
    for (auto _ : state) {
        akg::sim::LaunchResult r = akg::sim::Launch(platform, launch);
        if (!r.completed || !r.diagnostics.empty()) {
            state.SkipWithError(r.diagnostics.empty() ? "launch did not complete" : r.diagnostics[0].code.c_str());
            break;
        }
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * total);
    state.SetBytesProcessed(int64_t(state.iterations()) * total * sizeof(T) * 3);
    akg::sim::GmFreeAll();
}

// The host's own ceiling for the same work: a plain loop over GM-sized arrays, no simulation.
// docs/performance.md reports the simulator as a ratio of this, measured in the same run.
void BM_HostAddBaseline(benchmark::State& state) {
    const size_t total = size_t(state.range(0));
    std::vector<float> x(total, 1.0f), y(total, 2.0f), z(total);
    for (auto _ : state) {
        const float* xp = x.data();
        const float* yp = y.data();
        float* zp = z.data();
        for (size_t i = 0; i < total; ++i) zp[i] = xp[i] + yp[i];
        benchmark::DoNotOptimize(zp);
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(total));
}
BENCHMARK(BM_HostAddBaseline)->Arg(48 << 20)->Arg(48 << 16)->Unit(benchmark::kMillisecond);

// 48 Mi elements (1 Mi per core, so every DataCopy length stays 32-byte aligned): large enough
// that per-launch setup is noise. The tile sizes span what real
// kernels use: 8 KiB-per-buffer tiles up to the 3x2 buffers filling most of the 192 KiB UB.
BENCHMARK(BM_SimAdd<float>)->Args({48 << 20, 2048, 1})->Args({48 << 20, 8192, 1})->Unit(benchmark::kMillisecond);
// The same Add with GM that fits the host's last-level cache: the simulator's own cost without
// the host's DRAM bandwidth (three 4-byte streams per element) as the ceiling.
BENCHMARK(BM_SimAdd<float>)->Args({48 << 16, 8192, 1})->Args({48 << 18, 8192, 1})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SimAdd<half>)->Args({48 << 20, 4096, 1})->Args({48 << 20, 16384, 1})->Unit(benchmark::kMillisecond);
// Small tiles measure the per-instruction cost of the stream and checker rather than the math.
BENCHMARK(BM_SimAdd<float>)->Args({48 << 16, 64, 1})->Unit(benchmark::kMillisecond);
// The race detector's cost: the same cases with it off.
BENCHMARK(BM_SimAdd<float>)
    ->Args({48 << 20, 8192, 0})
    ->Args({48 << 16, 64, 0})
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
