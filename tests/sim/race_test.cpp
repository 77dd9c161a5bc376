// The cross-core race detector (GM_RACE): what orders GM accesses of different cores (SyncAll,
// cross-core flags, IBSet/IBWait, atomics of one kind) and what does not, and that disjoint bytes
// inside overlapping spans (each core's columns of every row) are not a race.
// Built like a kernel (see diagnostics_test.cpp): a tail-called API would report its caller's line.
#pragma GCC optimize("no-optimize-sibling-calls")

#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include "kernel_harness.h"
#include "kernel_operator.h"

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::GmScope;
using akg::test::KernelRun;
using akg::test::RunKernel;
using akg::test::RunTyped;

#define MARK(var) var = __LINE__

namespace {

size_t Races(const KernelRun& run) {
    size_t n = 0;
    for (auto& d : run.result.diagnostics) n += d.code == "GM_RACE";
    return n;
}

void ExpectClean(const KernelRun& run) {
    EXPECT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
}

bool EndsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The run's one diagnostic is GM_RACE at `here`, naming `there` as the other access.
void ExpectRace(const KernelRun& run, int here, int there) {
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    const auto& d = run.result.diagnostics[0];
    EXPECT_EQ(d.code, "GM_RACE");
    EXPECT_TRUE(run.result.completed);  // reported, not stopped: the values are the sequential order's
    EXPECT_TRUE(EndsWith(d.location, "race_test.cpp:" + std::to_string(here))) << d.location;
    EXPECT_NE(d.message.find("race_test.cpp:" + std::to_string(there) + ","), std::string::npos) << d.message;
}

// A vector core's copy of `n` floats between GM and a UB scratch buffer.
struct Ub {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    LocalTensor<float> t;
    explicit Ub(uint32_t bytes = 4096) {
        pipe.InitBuffer(buf, bytes);
        t = buf.Get<float>();
    }
    // Orders the vector unit and the DMA queues of this core (not what this file tests).
    static void Fence() { PipeBarrier<PIPE_ALL>(); }
};

}  // namespace

// Core 0 writes a tile that core 1 reads with nothing between them, and the same with SyncAll.
TEST(Race, WriteThenReadOnAnotherCoreNeedsSyncAll) {
    for (bool sync : {false, true}) {
        GmScope scope;
        GmBuffer<float> x(64, "x"), y(64, "y");
        int write = 0, read = 0;
        auto run = RunKernel(2, [&] {
            Ub ub;
            GlobalTensor<float> gx, gy;
            gx.SetGlobalBuffer((__gm__ float*)x.data, 64);
            gy.SetGlobalBuffer((__gm__ float*)y.data, 64);
            if (GetBlockIdx() == 0) {
                Duplicate(ub.t, 3.0f, 64);
                Ub::Fence();
                MARK(write); DataCopy(gx, ub.t, 64);
            }
            if (sync) SyncAll();
            if (GetBlockIdx() == 1) {
                MARK(read); DataCopy(ub.t, gx, 64);
                Ub::Fence();
                DataCopy(gy, ub.t, 64);
            }
        });
        if (sync)
            ExpectClean(run);
        else
            ExpectRace(run, read, write);
    }
}

// Mode 2 flags hand a tile from the cube core to its vector cores: ordered. Without the wait the
// vector cores read what the cube core may not have written yet.
TEST(Race, CrossCoreFlagOrdersTheHandOff) {
    for (bool wait : {true, false}) {
        GmScope scope;
        GmBuffer<float> ws(128, "workspace"), out(128, "out");
        int write = 0, read = 0;
        auto run = RunTyped(KERNEL_TYPE_MIX_AIC_1_2, 1, [&] {
            GlobalTensor<float> w, o;
            w.SetGlobalBuffer((__gm__ float*)ws.data, 128);
            o.SetGlobalBuffer((__gm__ float*)out.data, 128);
            if ASCEND_IS_AIC {
                for (uint32_t i = 0; i < 128; ++i) { MARK(write); w.SetValue(i, float(i)); }
                CrossCoreSetFlag<2, PIPE_FIX>(3);
                return;
            }
            Ub ub;
            const uint32_t half = uint32_t(GetSubBlockIdx()) * 64;
            if (wait) CrossCoreWaitFlag(3);
            MARK(read); DataCopy(ub.t, w[half], 64);
            Ub::Fence();
            DataCopy(o[half], ub.t, 64);
        });
        if (wait) {
            ExpectClean(run);
        } else {
            // Both vector cores race with the cube core at the same two lines: one report. The
            // flag the AIC set is never waited for, which the scheduler does not mind.
            ASSERT_EQ(Races(run), 1u) << run.Codes();
            ExpectRace(run, read, write);
        }
    }
}

// IBSet / IBWait: core 1 reads what core 0 wrote before raising the flag.
TEST(Race, IbSetIbWaitOrderTheCores) {
    GmScope scope;
    GmBuffer<int32_t> sync(256, "sync");
    for (int i = 0; i < 256; ++i) sync[i] = 0;
    GmBuffer<float> x(64, "x"), y(64, "y");
    auto run = RunKernel(2, [&] {
        Ub ub;
        TBuf<TPosition::VECCALC> wsBuf;
        ub.pipe.InitBuffer(wsBuf, 32);
        LocalTensor<int32_t> wsUb = wsBuf.Get<int32_t>();
        GlobalTensor<int32_t> wsGm;
        wsGm.SetGlobalBuffer((__gm__ int32_t*)sync.data, 256);
        GlobalTensor<float> gx, gy;
        gx.SetGlobalBuffer((__gm__ float*)x.data, 64);
        gy.SetGlobalBuffer((__gm__ float*)y.data, 64);
        if (GetBlockIdx() == 1) {
            IBWait(wsGm, wsUb, 0, 0);
            DataCopy(ub.t, gx, 64);
            Ub::Fence();
            DataCopy(gy, ub.t, 64);
            return;
        }
        Duplicate(ub.t, 1.5f, 64);
        Ub::Fence();
        DataCopy(gx, ub.t, 64);
        Ub::Fence();
        IBSet(wsGm, wsUb, 0, 0);
    });
    ExpectClean(run);
    for (int i = 0; i < 64; ++i) ASSERT_EQ(y[i], 1.5f) << i;
}

// Every core accumulates into the same output with SetAtomicAdd: the adds commute. Mixing in one
// plain write, or an atomic max, is a race.
TEST(Race, AtomicAddsOfOneKindDoNotRace) {
    constexpr uint32_t kCores = 4;
    for (int variant = 0; variant < 3; ++variant) {
        GmScope scope;
        GmBuffer<float> out(64, "out");
        for (int i = 0; i < 64; ++i) out[i] = 0;
        int add = 0, other = 0;
        auto run = RunKernel(kCores, [&] {
            Ub ub;
            GlobalTensor<float> o;
            o.SetGlobalBuffer((__gm__ float*)out.data, 64);
            Duplicate(ub.t, float(GetBlockIdx() + 1), 64);
            Ub::Fence();
            if (variant > 0 && GetBlockIdx() == kCores - 1) {
                if (variant == 1) {
                    MARK(other); DataCopy(o, ub.t, 64);
                } else {
                    SetAtomicMax<float>();
                    MARK(other); DataCopy(o, ub.t, 64);
                    SetAtomicNone();
                }
                return;
            }
            SetAtomicAdd<float>();
            MARK(add); DataCopy(o, ub.t, 64);
            SetAtomicNone();
        });
        if (variant == 0) {
            ExpectClean(run);
            for (int i = 0; i < 64; ++i) ASSERT_EQ(out[i], 10.0f) << i;
        } else {
            ExpectRace(run, other, add);
        }
    }
}

// Split K: each core computes a partial product and adds it into the one output by reading it,
// adding and writing back. Without atomics every core's read-modify-write races with the
// others'; with SetAtomicAdd it is clean.
TEST(Race, SplitKAccumulationNeedsAtomics) {
    constexpr uint32_t kCores = 4, kM = 8, kK = 64;  // out[m] = sum_k a[m][k] * b[k]
    for (bool atomic : {false, true}) {
        GmScope scope;
        GmBuffer<float> a(kM * kK, "a"), b(kK, "b"), out(kM, "out");
        for (uint32_t i = 0; i < kM * kK; ++i) a[i] = float(i % 7);
        for (uint32_t i = 0; i < kK; ++i) b[i] = 1.0f;
        for (uint32_t i = 0; i < kM; ++i) out[i] = 0;
        int load = 0, store = 0;
        auto run = RunKernel(kCores, [&] {
            GlobalTensor<float> ga, gb, go;
            ga.SetGlobalBuffer((__gm__ float*)a.data, kM * kK);
            gb.SetGlobalBuffer((__gm__ float*)b.data, kK);
            go.SetGlobalBuffer((__gm__ float*)out.data, kM);
            const uint32_t k0 = uint32_t(GetBlockIdx()) * (kK / kCores);
            float partial[kM] = {};
            for (uint32_t m = 0; m < kM; ++m)
                for (uint32_t k = k0; k < k0 + kK / kCores; ++k) partial[m] += ga.GetValue(m * kK + k) * gb.GetValue(k);
            Ub ub;
            if (atomic) {
                for (uint32_t m = 0; m < kM; ++m) ub.t.SetValue(m, partial[m]);
                Ub::Fence();
                SetAtomicAdd<float>();
                DataCopyPad(go, ub.t, DataCopyExtParams{1, kM * sizeof(float), 0, 0, 0});
                SetAtomicNone();
                return;
            }
            for (uint32_t m = 0; m < kM; ++m) {
                float sum = 0;
                MARK(load); sum = go.GetValue(m);
                MARK(store); go.SetValue(m, sum + partial[m]);
            }
        });
        if (atomic) {
            ExpectClean(run);
        } else {
            // Core 1's read of what core 0 wrote, and core 1's write over it.
            EXPECT_GE(Races(run), 1u) << run.Codes();
            bool named = false;
            for (auto& d : run.result.diagnostics)
                named |= EndsWith(d.location, "race_test.cpp:" + std::to_string(load)) &&
                         d.message.find("race_test.cpp:" + std::to_string(store) + ",") != std::string::npos;
            EXPECT_TRUE(named) << run.Codes();
        }
        // The sequential order computes the full sum either way: only the detector tells.
        for (uint32_t m = 0; m < kM; ++m) {
            float want = 0;
            for (uint32_t k = 0; k < kK; ++k) want += a[m * kK + k];
            EXPECT_EQ(out[m], want) << m;
        }
    }
}

// Each core writes its own 16 columns of every row of a 16 x 64 matrix with one strided DataCopy
// (DataCopyPad in the second form): the spans overlap, the bytes do not. Columns of 24 do overlap.
TEST(Race, StridedColumnSplitIsDisjoint) {
    constexpr uint32_t kCores = 4, kRows = 16, kCols = 64;
    for (int form = 0; form < 3; ++form) {
        GmScope scope;
        GmBuffer<float> out(kRows * kCols + 64, "out");
        int line = 0;
        auto run = RunKernel(kCores, [&] {
            Ub ub(kRows * 32 * sizeof(float));
            GlobalTensor<float> o;
            o.SetGlobalBuffer((__gm__ float*)out.data, kRows * kCols + 64);
            const uint32_t me = uint32_t(GetBlockIdx());
            Duplicate(ub.t, float(me), kRows * 32);
            Ub::Fence();
            if (form == 0) {
                // blockLen 2 blocks (16 floats), the rows 64 floats apart: a gap of 6 blocks.
                DataCopy(o[me * 16], ub.t, DataCopyParams(kRows, 2, 0, 6));
            } else if (form == 1) {
                DataCopyPad(o[me * 16], ub.t, DataCopyExtParams{kRows, 16 * sizeof(float), 0, 48 * sizeof(float), 0});
            } else {
                // 24 columns from every core's start: the last 8 are the next core's first 8.
                MARK(line); DataCopyPad(o[me * 16], ub.t, DataCopyExtParams{kRows, 24 * sizeof(float), 0, 40 * sizeof(float), 0});
            }
        });
        if (form < 2) {
            ExpectClean(run);
            for (uint32_t r = 0; r < kRows; ++r)
                for (uint32_t c = 0; c < kCols; ++c) ASSERT_EQ(out[r * kCols + c], float(c / 16)) << r << " " << c;
        } else {
            ExpectRace(run, line, line);
        }
    }
}

// A core that reads back only its own writes, and cores that only read one input, never race.
TEST(Race, OwnWritesAndSharedReadsAreClean) {
    GmScope scope;
    GmBuffer<float> x(256, "x"), y(256, "y");
    for (int i = 0; i < 256; ++i) x[i] = float(i);
    auto run = RunKernel(4, [&] {
        Ub ub;
        GlobalTensor<float> gx, gy;
        gx.SetGlobalBuffer((__gm__ float*)x.data, 256);
        gy.SetGlobalBuffer((__gm__ float*)y.data, 256);
        const uint32_t me = uint32_t(GetBlockIdx());
        DataCopy(ub.t, gx, 256);  // every core reads all of x
        Ub::Fence();
        DataCopy(gy[me * 64], ub.t[me * 64], 64);
        Ub::Fence();
        DataCopy(ub.t, gy[me * 64], 64);
    });
    ExpectClean(run);
}

// A user-level flag in GM: core 0 publishes its tile, then raises the flag with
// WriteGmByPassDCache; core 1 reads the tile only after ReadGmByPassDCache saw the flag. The
// flag orders the two. Core 1 reading the tile without looking at the flag is a race.
TEST(Race, GmFlagWordOrdersTheHandOff) {
    for (bool lookAtFlag : {true, false}) {
        GmScope scope;
        GmBuffer<float> x(64, "x"), y(64, "y");
        GmBuffer<int32_t> flag(8, "flag");
        flag[0] = 0;
        int write = 0, read = 0;
        auto run = RunKernel(2, [&] {
            Ub ub;
            GlobalTensor<float> gx, gy;
            gx.SetGlobalBuffer((__gm__ float*)x.data, 64);
            gy.SetGlobalBuffer((__gm__ float*)y.data, 64);
            if (GetBlockIdx() == 0) {
                Duplicate(ub.t, 5.0f, 64);
                Ub::Fence();
                MARK(write); DataCopy(gx, ub.t, 64);
                Ub::Fence();
                DataSyncBarrier<MemDsbT::DDR>();
                WriteGmByPassDCache<int32_t>(flag.data, 1);
                return;
            }
            if (lookAtFlag && ReadGmByPassDCache<int32_t>(flag.data) != 1) return;
            MARK(read); DataCopy(ub.t, gx, 64);
            Ub::Fence();
            DataCopy(gy, ub.t, 64);
        });
        if (lookAtFlag) {
            ExpectClean(run);
            EXPECT_EQ(y[63], 5.0f);
        } else {
            ExpectRace(run, read, write);
        }
    }
}

// A spin-wait on a flag word kept coherent by hand (the official gm_by_dcache): core 0, scheduled
// first, loops on DataCacheCleanAndInvalid + GetValue until core 1 has published its tile and set
// the flag with SetValue + DataCacheCleanAndInvalid. The loop's second unchanged read blocks
// core 0 until core 1 writes GM (else it would spin forever, core 1 never scheduled); the flag
// is a release / acquire pair and its polls do not race. Without the publishing dcci the tile
// read races with its write.
TEST(Race, SpinWaitOnACoherentFlagWordLetsTheWriterRun) {
    for (bool publish : {true, false}) {
        GmScope scope;
        GmBuffer<float> x(64, "x"), y(64, "y");
        GmBuffer<int32_t> flag(16, "flag");
        int write = 0, read = 0;
        auto run = RunKernel(2, [&] {
            Ub ub;
            GlobalTensor<float> gx, gy;
            GlobalTensor<int32_t> gf;
            gx.SetGlobalBuffer((__gm__ float*)x.data, 64);
            gy.SetGlobalBuffer((__gm__ float*)y.data, 64);
            gf.SetGlobalBuffer((__gm__ int32_t*)flag.data, 16);
            if (GetBlockIdx() == 1) {
                Duplicate(ub.t, 5.0f, 64);
                Ub::Fence();
                MARK(write); DataCopy(gx, ub.t, 64);
                Ub::Fence();
                gf.SetValue(0, 1);
                if (publish) DataCacheCleanAndInvalid<int32_t, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(gf);
                return;
            }
            for (;;) {
                DataCacheCleanAndInvalid<int32_t, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(gf);
                if (gf.GetValue(0) == 1) break;
            }
            MARK(read); DataCopy(ub.t, gx, 64);
            Ub::Fence();
            DataCopy(gy, ub.t, 64);
        });
        ASSERT_TRUE(run.result.completed) << run.Codes();
        EXPECT_EQ(y[63], 5.0f);
        if (publish) ExpectClean(run);
        else ExpectRace(run, write, read);
    }
}

// A loop that re-reads a constant GM word with no other core left to write GM goes on: the
// poll's block is released when nothing else can run.
TEST(Race, RereadingAConstantWordIsNoDeadlock) {
    GmScope scope;
    GmBuffer<int32_t> param(8, "param"), out(8, "out");
    param[0] = 3;
    auto run = RunKernel(1, [&] {
        GlobalTensor<int32_t> p, o;
        p.SetGlobalBuffer((__gm__ int32_t*)param.data, 8);
        o.SetGlobalBuffer((__gm__ int32_t*)out.data, 8);
        int32_t sum = 0;
        for (int i = 0; i < 4; ++i) sum += p.GetValue(0);
        o.SetValue(0, sum);
    });
    ExpectClean(run);
    EXPECT_EQ(out[0], 12);
}

// Every core that finds something sets the same flag to the same value (NPUKernelBench's
// NonFiniteCheckOp), and every core zero-fills the one output before a barrier (its Sasum): the
// bytes land the same in either order, and cache maintenance on the flag is no read of it. Two
// cores storing different values to one place still race.
TEST(Race, SameBytesStoredByManyCoresDoNotRace) {
    for (bool sameValue : {true, false}) {
        GmScope scope;
        GmBuffer<float> flag(8, "found"), out(8, "out");
        int store = 0, other = 0;
        auto run = RunKernel(2, [&] {
            GlobalTensor<float> f, o;
            f.SetGlobalBuffer((__gm__ float*)flag.data, 8);
            o.SetGlobalBuffer((__gm__ float*)out.data, 8);
            Ub ub;
            Duplicate(ub.t, 0.0f, 8);
            Ub::Fence();
            DataCopyPad(o, ub.t, DataCopyExtParams{1, sizeof(float), 0, 0, 0});
            const float v = sameValue ? 1.0f : float(GetBlockIdx());
            if (GetBlockIdx() == 0) {
                MARK(other); f.SetValue(0, v);
            } else {
                MARK(store); f.SetValue(0, v);
            }
            DataCacheCleanAndInvalid<float, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(f);
        });
        if (sameValue) {
            ExpectClean(run);
            EXPECT_EQ(flag[0], 1.0f);
        } else {
            ExpectRace(run, store, other);
        }
    }
}

// Whole tiles every core writes with the same bytes (an output each core computes in full, a
// zero-fill, the same rows fixpiped by both vector cores of a mixed launch) land the same in
// either order, contiguous or row by row with gaps; tiles whose bytes differ between the cores
// race. (The same bytes stored in a different split, one copy against two, are still reported:
// runs are compared whole.)
TEST(Race, SameTilesStoredByManyCoresDoNotRace) {
    for (bool sameValue : {true, false}) {
        GmScope scope;
        GmBuffer<float> out(2048, "out"), rows(2048, "rows");
        int tile = 0, strided = 0;
        auto run = RunKernel(2, [&] {
            GlobalTensor<float> o, r;
            o.SetGlobalBuffer((__gm__ float*)out.data, 2048);
            r.SetGlobalBuffer((__gm__ float*)rows.data, 2048);
            Ub ub(8192);
            CreateVecIndex(ub.t, sameValue ? 0.0f : float(GetBlockIdx()), 1024);
            Ub::Fence();
            MARK(tile); DataCopy(o, ub.t, 1024);
            MARK(strided); DataCopy(r, ub.t, DataCopyParams(16, 4, 0, 4));  // 16 rows of 32 floats, 64 apart
        });
        if (sameValue) {
            ExpectClean(run);
            for (int i = 0; i < 1024; ++i) ASSERT_EQ(out[i], float(i));
            for (int row = 0; row < 16; ++row) ASSERT_EQ(rows[row * 64 + 5], float(row * 32 + 5));
        } else {
            EXPECT_EQ(Races(run), 2u) << run.Codes();
            EXPECT_NE(run.Codes().find("race_test.cpp:" + std::to_string(tile) + ":"), std::string::npos) << run.Codes();
            EXPECT_NE(run.Codes().find("race_test.cpp:" + std::to_string(strided) + ":"), std::string::npos)
                << run.Codes();
        }
    }
}

// Both vector cores of a mixed Matmul launch write the same C to a workspace and each reads it
// back (the official batch_matmul_iterate_n_batch): a core that reads bytes after storing them
// itself sees them whichever core's equal store lands last. Reading before its own store races.
TEST(Race, ReadingBackItsOwnEqualStoreDoesNotRace) {
    for (bool readFirst : {false, true}) {
        GmScope scope;
        GmBuffer<float> work(1024, "work");
        int store = 0, load = 0;
        auto run = RunKernel(2, [&] {
            GlobalTensor<float> w;
            w.SetGlobalBuffer((__gm__ float*)work.data, 1024);
            Ub ub(8192);
            LocalTensor<float> back = ub.t[1024];
            CreateVecIndex(ub.t, 0.0f, 1024);
            Ub::Fence();
            if (readFirst) {
                MARK(load); DataCopy(back, w, 1024);
            }
            MARK(store); DataCopy(w, ub.t, 1024);
            Ub::Fence();
            if (!readFirst) {
                MARK(load); DataCopy(back, w, 1024);
            }
        });
        if (!readFirst) {
            ExpectClean(run);
        } else {
            EXPECT_GE(Races(run), 1u) << run.Codes();
            EXPECT_NE(run.Codes().find("race_test.cpp:" + std::to_string(load) + ":"), std::string::npos) << run.Codes();
        }
    }
}

// An atomic add of the same bytes another core stores plainly is still a race: the sum depends on
// whether the store lands first.
TEST(Race, SameBytesAddedAtomicallyAndStoredPlainlyRace) {
    GmScope scope;
    GmBuffer<float> out(8, "out");
    int plain = 0, added = 0;
    auto run = RunKernel(2, [&] {
        GlobalTensor<float> o;
        o.SetGlobalBuffer((__gm__ float*)out.data, 8);
        Ub ub;
        Duplicate(ub.t, 2.0f, 8);
        Ub::Fence();
        if (GetBlockIdx() == 0) {
            MARK(plain); DataCopyPad(o, ub.t, DataCopyExtParams{1, sizeof(float), 0, 0, 0});
        } else {
            SetAtomicAdd<float>();
            MARK(added); DataCopyPad(o, ub.t, DataCopyExtParams{1, sizeof(float), 0, 0, 0});
            SetAtomicNone();
        }
    });
    ExpectRace(run, added, plain);
}
