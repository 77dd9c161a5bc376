// matmul_tiling (lib/matmul/matmul_tiling.h): the split respects the platform's capacities for
// every input type, multi-core splits cover the shape within SetDim cores, impossible requests
// return -1, and the TCubeTiling it fills travels in an operator's tiling struct with the kernel
// struct's layout.
#include <gtest/gtest.h>

#include <cstring>

#include "akg/host/host_registry.h"
#include "tiling/tiling_api.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MatmulTestTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rows);
TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, cube);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace {

using matmul_tiling::CubeFormat;
using matmul_tiling::DataType;
using matmul_tiling::TPosition;
using platform_ascendc::CoreMemType;

struct Capacities {
    uint64_t l1 = 0, l0a = 0, l0b = 0, l0c = 0, bt = 0;
};

Capacities PlatformCapacities() {
    auto* p = platform_ascendc::PlatformAscendCManager::GetInstance();
    Capacities c;
    p->GetCoreMemSize(CoreMemType::L1, c.l1);
    p->GetCoreMemSize(CoreMemType::L0_A, c.l0a);
    p->GetCoreMemSize(CoreMemType::L0_B, c.l0b);
    p->GetCoreMemSize(CoreMemType::L0_C, c.l0c);
    p->GetCoreMemSize(CoreMemType::BT, c.bt);
    return c;
}

int Bytes(DataType t) { return t == DataType::DT_FLOAT ? 4 : t == DataType::DT_INT8 ? 1 : 2; }

// The constraints of CANN's TCubeTiling table that the kernel relies on.
void ExpectWithinCapacities(const AscendC::tiling::TCubeTiling& t, DataType in, bool bias, uint64_t l1Limit,
                            const std::string& what) {
    const Capacities cap = PlatformCapacities();
    const uint64_t e = Bytes(in), kAlign = std::max<uint64_t>(16, 32 / e);
    EXPECT_EQ(t.baseM % 16, 0) << what;
    EXPECT_EQ(t.baseN % 16, 0) << what;
    EXPECT_EQ(t.baseK % kAlign, 0u) << what;
    EXPECT_LE(uint64_t(t.baseM) * t.baseK * e * t.dbL0A, cap.l0a) << what;
    EXPECT_LE(uint64_t(t.baseN) * t.baseK * e * t.dbL0B, cap.l0b) << what;
    EXPECT_LE(uint64_t(t.baseM) * t.baseN * 4 * t.dbL0C, cap.l0c) << what;
    if (bias) EXPECT_LE(uint64_t(t.baseN) * 4, cap.bt) << what;
    const uint64_t l1 = uint64_t(t.baseM) * t.baseK * e * t.depthA1 + uint64_t(t.baseN) * t.baseK * e * t.depthB1 +
                        (bias ? uint64_t(t.baseN) * 4 : 0);
    EXPECT_LE(l1, l1Limit) << what;
    EXPECT_EQ(uint64_t(t.shareL1Size), l1) << what;
    EXPECT_EQ(t.depthA1 % t.stepKa, 0) << what;
    EXPECT_EQ(t.depthB1 % t.stepKb, 0) << what;
    EXPECT_GT(t.stepKa, 0) << what;
    // No base block is larger than the single-core shape needs.
    EXPECT_LE(t.baseM, (t.singleCoreM + 15) / 16 * 16) << what;
    EXPECT_LE(t.baseN, (t.singleCoreN + 15) / 16 * 16) << what;
    EXPECT_LE(uint64_t(t.baseK), (t.singleCoreK + kAlign - 1) / kAlign * kAlign) << what;
}

class MatmulTilingTest : public ::testing::Test {
protected:
    void TearDown() override { akg::host::SetPlatform(akg::PlatformSpec{}); }
};

TEST_F(MatmulTilingTest, RecommendedBlockForALargeHalfProduct) {
    matmul_tiling::MatmulApiTiling tiling(*platform_ascendc::PlatformAscendCManager::GetInstance());
    tiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    tiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    tiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    tiling.SetShape(1024, 1024, 1024);
    tiling.SetOrgShape(1024, 1024, 1024);
    tiling.SetBias(false);
    tiling.SetBufferSpace(-1, -1, -1);
    AscendC::tiling::TCubeTiling t;
    ASSERT_NE(tiling.GetTiling(t), -1);
    EXPECT_EQ(t.baseM, 128);
    EXPECT_EQ(t.baseN, 256);
    EXPECT_EQ(t.baseK, 64);
    EXPECT_EQ(t.dbL0A, 2);
    EXPECT_EQ(t.dbL0B, 2);
    // Whole K (16 blocks) double-buffered is 1.5 MiB; 4 K blocks double-buffered (384 KiB) fit.
    EXPECT_EQ(t.stepKa, 4);
    EXPECT_EQ(t.depthA1, 8);
    EXPECT_EQ(t.usedCoreNum, 1);
    EXPECT_EQ(t.singleCoreM, 1024);
    ExpectWithinCapacities(t, DataType::DT_FLOAT16, false, PlatformCapacities().l1, "1024^3 half");
}

TEST_F(MatmulTilingTest, CapacitiesHoldForEveryTypeAndShape) {
    const DataType types[] = {DataType::DT_FLOAT16, DataType::DT_BF16, DataType::DT_FLOAT, DataType::DT_INT8};
    const int shapes[][3] = {{1, 1, 1}, {37, 50, 70}, {128, 256, 64}, {1000, 3000, 4096}, {16, 65536, 16},
                             {4096, 16, 8192}};
    for (DataType in : types)
        for (auto& s : shapes)
            for (bool bias : {false, true})
                for (bool transB : {false, true}) {
                    matmul_tiling::MatmulApiTiling tiling;
                    tiling.SetAType(TPosition::GM, CubeFormat::ND, in);
                    tiling.SetBType(TPosition::GM, CubeFormat::ND, in, transB);
                    tiling.SetCType(TPosition::GM, CubeFormat::ND,
                                    in == DataType::DT_INT8 ? DataType::DT_INT32 : DataType::DT_FLOAT);
                    tiling.SetBiasType(TPosition::GM, CubeFormat::ND,
                                       in == DataType::DT_INT8 ? DataType::DT_INT32 : DataType::DT_FLOAT);
                    tiling.SetShape(s[0], s[1], s[2]);
                    tiling.SetOrgShape(s[0], s[1], s[2]);
                    tiling.SetBias(bias);
                    AscendC::tiling::TCubeTiling t;
                    const std::string what = "type " + std::to_string(int(in)) + " shape " + std::to_string(s[0]) +
                                             "x" + std::to_string(s[1]) + "x" + std::to_string(s[2]) +
                                             (bias ? " bias" : "");
                    ASSERT_NE(tiling.GetTiling(t), -1) << what;
                    EXPECT_EQ(t.isBias, bias ? 1 : 0);
                    ExpectWithinCapacities(t, in, bias, PlatformCapacities().l1, what);
                }
}

TEST_F(MatmulTilingTest, MultiCoreSplitCoversTheShapeWithinSetDim) {
    for (int dim : {1, 2, 7, 8, 20, 48}) {
        for (auto [m, n] : {std::pair{1024, 1024}, std::pair{100, 3000}, std::pair{5000, 64}, std::pair{16, 16}}) {
            matmul_tiling::MultiCoreMatmulTiling tiling;
            tiling.SetDim(dim);
            tiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
            tiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
            tiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
            tiling.SetOrgShape(m, n, 512);
            tiling.SetShape(m, n, 512);
            optiling::TCubeTiling t;
            const std::string what = std::to_string(m) + "x" + std::to_string(n) + " on " + std::to_string(dim);
            ASSERT_NE(tiling.GetTiling(t), -1) << what;
            const int mDim = (m + t.get_singleCoreM() - 1) / t.get_singleCoreM();
            const int nDim = (n + t.get_singleCoreN() - 1) / t.get_singleCoreN();
            EXPECT_EQ(t.get_usedCoreNum(), mDim * nDim) << what;
            EXPECT_LE(t.get_usedCoreNum(), dim) << what;
            EXPECT_EQ(t.get_singleCoreK(), 512) << what;  // K is never split
            EXPECT_EQ(t.get_M(), m);
            EXPECT_EQ(t.get_N(), n);
            int32_t used = 0, gm = 0, gn = 0;
            tiling.GetCoreNum(used, gm, gn);
            EXPECT_EQ(gm, mDim) << what;
            EXPECT_EQ(gn, nDim) << what;
        }
    }
    // 1024 x 1024 on 8 cores: 8 blocks of 256 x 512 (the least A + B per core among the even splits;
    // of 512 x 256 and 256 x 512 the one that splits M more, as CANN's does).
    matmul_tiling::MultiCoreMatmulTiling tiling;
    tiling.SetDim(8);
    tiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    tiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    tiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    tiling.SetShape(1024, 1024, 1024);
    AscendC::tiling::TCubeTiling t;
    ASSERT_NE(tiling.GetTiling(t), -1);
    EXPECT_EQ(t.usedCoreNum, 8);
    EXPECT_EQ(t.singleCoreM, 256);
    EXPECT_EQ(t.singleCoreN, 512);
}

TEST_F(MatmulTilingTest, BufferSpaceLimitsL1) {
    matmul_tiling::MatmulApiTiling tiling;
    tiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    tiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    tiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    tiling.SetShape(512, 512, 2048);
    ASSERT_EQ(tiling.SetBufferSpace(128 * 1024, -1), 0);
    AscendC::tiling::TCubeTiling t;
    ASSERT_NE(tiling.GetTiling(t), -1);
    ExpectWithinCapacities(t, DataType::DT_FLOAT16, false, 128 * 1024, "L1 limited to 128 KiB");
    // More than the platform has is refused.
    EXPECT_EQ(tiling.SetBufferSpace(int32_t(PlatformCapacities().l1) + 1024), -1);
}

TEST_F(MatmulTilingTest, ImpossibleRequestsReturnMinusOne) {
    auto base = [] {
        matmul_tiling::MatmulApiTiling tiling;
        tiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
        tiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
        tiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
        tiling.SetShape(256, 256, 256);
        return tiling;
    };
    AscendC::tiling::TCubeTiling t;
    {
        auto tiling = base();
        tiling.SetShape(256, 256, 0);
        EXPECT_EQ(tiling.GetTiling(t), -1) << "K = 0";
    }
    {
        matmul_tiling::MatmulApiTiling tiling;  // no operand types
        tiling.SetShape(256, 256, 256);
        EXPECT_EQ(tiling.GetTiling(t), -1) << "types unset";
    }
    {
        auto tiling = base();
        tiling.SetFixSplit(512, 512, -1);  // 512 x 512 floats = 1 MiB of L0C
        EXPECT_EQ(tiling.GetTiling(t), -1) << "fixed base block larger than L0C";
    }
    {
        auto tiling = base();
        tiling.SetBufferSpace(1024);  // not even one 16 x 16 block of A and B with room to spare
        tiling.SetFixSplit(32, 32, 32);
        EXPECT_EQ(tiling.GetTiling(t), -1) << "L1 too small for one base block";
    }
    {
        matmul_tiling::MultiCoreMatmulTiling tiling;
        tiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
        tiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
        tiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
        tiling.SetShape(1024, 1024, 64);
        tiling.SetDim(2);
        tiling.SetSingleShape(128, 128, -1);  // needs 64 cores
        EXPECT_EQ(tiling.GetTiling(t), -1) << "single shape needs more cores than SetDim";
    }
}

// Two splits of a square C do the same work: CANN's splits M (the official matmul_advanced_api
// sample offsets its second core's A and C by singleCoreM rows and reads all of B).
TEST_F(MatmulTilingTest, EqualSplitsOfASquareCSplitM) {
    matmul_tiling::MultiCoreMatmulTiling tiling;
    tiling.SetDim(2);
    tiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    tiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    tiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    tiling.SetOrgShape(512, 512, 128);
    tiling.SetShape(512, 512, 128);
    AscendC::tiling::TCubeTiling t;
    ASSERT_NE(tiling.GetTiling(t), -1);
    EXPECT_EQ(t.singleCoreM, 256);
    EXPECT_EQ(t.singleCoreN, 512);
    EXPECT_EQ(t.usedCoreNum, 2);
}

TEST_F(MatmulTilingTest, CubeTilingInsideAnOperatorTilingStructKeepsTheKernelLayout) {
    optiling::MatmulTestTilingData data;
    data.set_rows(7);
    matmul_tiling::MultiCoreMatmulTiling tiling(*platform_ascendc::PlatformAscendCManager::GetInstance());
    tiling.SetDim(4);
    tiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_BF16);
    tiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_BF16, true);
    tiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    tiling.SetBiasType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    tiling.SetOrgShape(300, 200, 100);
    tiling.SetShape(300, 200, 100);
    tiling.EnableBias(true);
    ASSERT_NE(tiling.GetTiling(data.cube), -1);
    AscendC::tiling::TCubeTiling plain;
    ASSERT_NE(tiling.GetTiling(plain), -1);

    // What the kernel reads: the plain struct at 8 after the uint32_t (CANN's struct-field rule;
    // the generated kernel struct has the same padding, as cubePH).
    struct KernelView {
        uint32_t rows;
        uint8_t cubePH[4];
        AscendC::tiling::TCubeTiling cube;
    };
    ASSERT_EQ(data.GetDataSize(), sizeof(KernelView));
    std::vector<uint8_t> bytes(data.GetDataSize());
    data.SaveToBuffer(bytes.data(), bytes.size());
    KernelView view;
    std::memcpy(&view, bytes.data(), sizeof(view));
    EXPECT_EQ(view.rows, 7u);
    EXPECT_EQ(std::memcmp(&view.cube, &plain, sizeof(plain)), 0);
    EXPECT_EQ(view.cube.isBias, 1);
    EXPECT_EQ(view.cube.Ka, 100);
    EXPECT_GT(view.cube.baseN, 0);
}

}  // namespace

namespace {

// EnableMultiCoreSplitK: a short, wide-K product (the split-K sample's 16 x 16 x 1024) is cut along
// K into whole base K blocks; usedCoreNum counts every M x N x K piece; without it K stays whole.
TEST_F(MatmulTilingTest, SplitKCutsKIntoWholeBaseBlocks) {
    for (bool splitK : {false, true}) {
        matmul_tiling::MultiCoreMatmulTiling tiling;
        tiling.SetDim(24);
        tiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
        tiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
        tiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
        tiling.SetOrgShape(16, 16, 1024);
        tiling.SetShape(16, 16, 1024);
        tiling.EnableMultiCoreSplitK(splitK);
        AscendC::tiling::TCubeTiling t;
        ASSERT_NE(tiling.GetTiling(t), -1);
        if (!splitK) {
            EXPECT_EQ(t.singleCoreK, 1024);
            EXPECT_EQ(t.usedCoreNum, 1);
            continue;
        }
        EXPECT_EQ(t.singleCoreK, 64);  // 1024 / 24 rounded up to a whole 64-element base K block
        EXPECT_EQ(t.usedCoreNum, 16);
        EXPECT_EQ(1024 % t.singleCoreK, 0);
        int32_t used = 0, mDim = 0, nDim = 0;
        tiling.GetCoreNum(used, mDim, nDim);
        EXPECT_EQ(used, 16);
        EXPECT_EQ(mDim * nDim, 1);
        ExpectWithinCapacities(t, DataType::DT_FLOAT16, false, PlatformCapacities().l1, "split K");
    }
}

// SetALayout / SetBLayout / SetCLayout / SetBatchNum land in TCubeTiling's layout fields, as the
// batch sample's kernel reads them; SetBatchInfoForNormal describes NORMAL batches.
TEST_F(MatmulTilingTest, BatchLayoutsFillTheLayoutFields) {
    matmul_tiling::MultiCoreMatmulTiling tiling;
    tiling.SetDim(1);
    tiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    tiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16, true);
    tiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    tiling.SetShape(32, 256, 64);
    tiling.SetOrgShape(32, 256, 64);
    EXPECT_EQ(tiling.SetALayout(2, 32, 1, 3, 64), 0);
    EXPECT_EQ(tiling.SetBLayout(2, 256, 1, 3, 64), 0);
    EXPECT_EQ(tiling.SetCLayout(2, 32, 1, 3, 256), 0);
    EXPECT_EQ(tiling.SetBatchNum(3), 0);
    EXPECT_EQ(tiling.SetALayout(2, 0, 1, 3, 64), -1);
    EXPECT_EQ(tiling.SetBatchNum(0), -1);
    optiling::TCubeTiling t;
    ASSERT_NE(tiling.GetTiling(t), -1);
    EXPECT_EQ(t.get_ALayoutInfoB(), 2);
    EXPECT_EQ(t.get_ALayoutInfoS(), 32);
    EXPECT_EQ(t.get_ALayoutInfoG(), 3);
    EXPECT_EQ(t.get_ALayoutInfoD(), 64);
    EXPECT_EQ(t.get_BLayoutInfoS(), 256);
    EXPECT_EQ(t.get_CLayoutInfoS1(), 32);
    EXPECT_EQ(t.get_CLayoutInfoS2(), 256);
    EXPECT_EQ(t.get_BatchNum(), 3);

    matmul_tiling::MatmulApiTiling normal;
    normal.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    normal.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    normal.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    EXPECT_EQ(normal.SetBatchInfoForNormal(3, 2, 20, 24, 40), -1);  // 3 and 2: neither is a multiple
    ASSERT_EQ(normal.SetBatchInfoForNormal(4, 2, 20, 24, 40), 0);
    AscendC::tiling::TCubeTiling n;
    ASSERT_NE(normal.GetTiling(n), -1);
    EXPECT_EQ(n.BatchNum, 4);
    EXPECT_EQ(n.M, 20);
    EXPECT_EQ(n.N, 24);
    EXPECT_EQ(n.Ka, 40);
    EXPECT_EQ(n.ALayoutInfoB, 4);
    EXPECT_EQ(n.BLayoutInfoB, 2);

    // BatchMatmulTiling (lib/matmul/bmm_tiling.h): the same single-core tiling of one batch.
    matmul_tiling::BatchMatmulTiling bmm;
    bmm.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    bmm.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    bmm.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    ASSERT_EQ(bmm.SetBatchInfoForNormal(4, 2, 20, 24, 40), 0);
    AscendC::tiling::TCubeTiling bt;
    ASSERT_NE(bmm.GetTiling(bt), -1);
    EXPECT_EQ(std::memcmp(&bt, &n, sizeof(bt)), 0);
    int32_t dim = 0, mDim = 0, nDim = 0, batchM = 0, batchN = 0;
    EXPECT_EQ(bmm.GetCoreNum(dim, mDim, nDim, batchM, batchN), 0);
    EXPECT_EQ(dim * mDim * nDim * batchM * batchN, 1);
}

TEST_F(MatmulTilingTest, DequantTypeIsAcceptedAndLeavesTheSplit) {
    AscendC::tiling::TCubeTiling plain, quant;
    for (auto* out : {&plain, &quant}) {
        matmul_tiling::MultiCoreMatmulTiling tiling;
        tiling.SetDim(8);
        tiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_INT8);
        tiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_INT8);
        tiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
        tiling.SetBiasType(TPosition::GM, CubeFormat::ND, DataType::DT_INT32);
        tiling.SetShape(1024, 1024, 1024);
        tiling.SetBias(true);
        if (out == &quant) {
            EXPECT_EQ(tiling.SetDequantType(matmul_tiling::DequantType::TENSOR), 0);
        }
        ASSERT_NE(tiling.GetTiling(*out), -1);
    }
    EXPECT_EQ(std::memcmp(&plain, &quant, sizeof(plain)), 0);
}

}  // namespace
