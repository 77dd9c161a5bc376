// The argument shapes real NPUKernelBench kernels pass to the compare/select, reduction, gather,
// brcb, index, copy and transpose APIs (literal masks, MASK_PLACEHOLDER, brace-initialised
// parameter structs, integer types of the callers' variables). Overload resolution must accept
// all of them; the runs must be clean.
#include <gtest/gtest.h>

#include "sim/vec_test_util.h"

using namespace AscendC;
using akg::test::RunKernel;
using akg::vtest::Ub;

TEST(VecCallShapes, RealKernelCallShapesCompileAndRunClean) {
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto f = ub.Filled<float>(4096, 0);
        auto f2 = ub.Filled<float>(4096, 0);
        auto h = ub.Filled<half>(4096, 0);
        auto h2 = ub.Filled<half>(4096, 0);
        auto bits = ub.Filled<uint8_t>(512, 0);
        auto w = ub.Filled<float>(1024, 0);
        uint32_t usedCoreNum = 40, ubFactor = 100, count = 256;
        uint64_t repeat = 2;
        int32_t tailCount = 17;
        constexpr int32_t NUM_PER_REP_FP32 = 64;
        constexpr uint16_t MASK_BLK_STRIDE = 8;

        // Reductions.
        WholeReduceSum(f2, f, 64, 4, 1, 1, 8);
        WholeReduceSum<float>(f2[64], f[256], tailCount, 1, 1, 1, 8);
        WholeReduceMax(f2, f, 64, 4, 1, 1, 8, ReduceOrder::ORDER_ONLY_VALUE);
        SetMaskCount();
        SetVectorMask<float, MaskMode::COUNTER>(0, 150);
        WholeReduceMin<float, false>(f, f, MASK_PLACEHOLDER, 1, 1, 1, 8);
        SetMaskNorm();
        ResetMask();
        float val = 0, idx = 0;
        GetReduceMaxMinCount<float>(val, idx);
        BlockReduceSum(f2, f, 4, NUM_PER_REP_FP32, 1, 1, DEFAULT_REPEAT_STRIDE);
        BlockReduceMax(f2, f, 2, 64, 1, 1, 8);
        PairReduceSum(h[64], h[128], 1, tailCount, 1, 1, 8);
        ReduceSum(f2, f, f2, usedCoreNum);
        ReduceSum<float>(f2, f, w, int32_t(count));
        ReduceMax(f2, f, f2, int32_t(ubFactor), false);
        uint64_t mask2[2] = {0xFFFF, 0};
        ReduceMax(w, f, w, mask2, 2, 8, true);
        ReduceMin(w, f, w, 64, 2, 8, true);
        uint64_t accVal = GetAccVal();
        (void)accVal;

        // Compare / select.
        BinaryRepeatParams repeatParams = {1, 1, 1, 8, 8, 8};
        Compare(bits, f, f2, CMPMODE::EQ, 64, repeat, repeatParams);
        Compare(bits, h, h2, CMPMODE::LT, count);
        CompareScalar(bits, h, static_cast<half>(1.0), CMPMODE::EQ, count);
        Select(f2, bits, f, static_cast<float>(1), SELMODE::VSEL_TENSOR_SCALAR_MODE, count);
        Select(h2, bits, h2, (half)0, SELMODE::VSEL_TENSOR_SCALAR_MODE, count);
        Select(h2, bits, h2, h, SELMODE::VSEL_CMPMASK_SPR, count);

        // Gather / GatherMask / Brcb / CreateVecIndex / Copy.
        auto off = ub.Filled<uint32_t>(256, 0);
        Gather(f2, f, off, 0, 64);
        Gather(f2, f2, off, uint32_t(0), 64);
        uint64_t rsvdCnt = 0;
        uint16_t rep = 2;
        GatherMask(h2, h, uint8_t(1), false, 0, {1, rep, 8, 0}, rsvdCnt);
        GatherMask(f2, f, 2, false, 0, {1, rep, 8, 8}, rsvdCnt);
        GatherMaskParams params;
        params.repeatTimes = 1;
        auto pat = ub.Filled<uint32_t>(64, 0);
        GatherMask(f2, f, pat, true, 100u, params, rsvdCnt);
        Brcb(f2, f, 2, {1, MASK_BLK_STRIDE});
        auto idxT = ub.Filled<int32_t>(256, 0);
        CreateVecIndex(idxT, (int32_t)0, ubFactor);
        Copy(f2, f, 1, 1, {1, 1, 8, 8});
        Copy(f2, f, 64, (count + 63) / 64, {1, 1, 8, 8});
        CopyRepeatParams copyRepeatParams;
        uint64_t mask = 64;
        Copy(f2, f, mask, 1, copyRepeatParams);

        // TransDataTo5HDImpl with raw pointer lists.
        __ubuf__ half* srcList[16];
        __ubuf__ half* dstList[16];
        for (int i = 0; i < 16; ++i) {
            srcList[i] = (__ubuf__ half*)h.GetPhyAddr() + 16 * i;
            dstList[i] = (__ubuf__ half*)h2.GetPhyAddr() + 16 * i;
        }
        struct TransDataTo5HDParams transDataParams;
        transDataParams.repeatTimes = 1;
        transDataParams.srcRepStride = 0;
        transDataParams.dstRepStride = 0;
        TransDataTo5HDImpl(dstList, srcList, transDataParams);
    });
    EXPECT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
}
