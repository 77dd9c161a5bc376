// Walks the instruction tables (include/akg/sim/instr_table.h, instr_rows.h): every row must have a
// dtype set, a cost entry the platform timing prices, and a functional test. The element-wise rows
// run through the simulator here against a reference written in this file; every other row names
// the test of this binary that runs its public API and checks the effect (FunctionalTests below;
// the SIMT rows and the register table are walked in tests/simt/instr_table_simt_test.cpp). A row
// added without one of them fails this test by name.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <set>
#include <string>

#include "akg/launch/platform.h"
#include "kernel_operator.h"
#include "sim/kernel_harness.h"
#include "sim/test_registry.h"

namespace {

using akg::test::HasTest;

using akg::sim::CostClass;
using akg::sim::VecForm;
using akg::sim::VecOp;

// A reference for one row: inputs are drawn from [lo, hi]; a is src0, b is src1 or the scalar, d
// the destination's previous value.
struct Ref {
    double lo, hi;
    std::function<double(double a, double b, double d)> f;
};

// Rows whose types are all integers are checked on int16_t, the others on float.
const std::map<std::string, Ref>& References() {
    static const std::map<std::string, Ref> refs = {
        {"Add", {-4, 4, [](double a, double b, double) { return a + b; }}},
        {"Sub", {-4, 4, [](double a, double b, double) { return a - b; }}},
        {"Mul", {-4, 4, [](double a, double b, double) { return a * b; }}},
        {"Div", {0.5, 4, [](double a, double b, double) { return a / b; }}},
        {"Max", {-4, 4, [](double a, double b, double) { return std::max(a, b); }}},
        {"Min", {-4, 4, [](double a, double b, double) { return std::min(a, b); }}},
        {"And", {0, 30000, [](double a, double b, double) { return double(int16_t(a) & int16_t(b)); }}},
        {"Or", {0, 30000, [](double a, double b, double) { return double(int16_t(a) | int16_t(b)); }}},
        {"AddRelu", {-4, 4, [](double a, double b, double) { return std::max(a + b, 0.0); }}},
        {"SubRelu", {-4, 4, [](double a, double b, double) { return std::max(a - b, 0.0); }}},
        {"FusedMulAdd", {-4, 4, [](double a, double b, double d) { return a * d + b; }}},
        {"FusedMulAddRelu", {-4, 4, [](double a, double b, double d) { return std::max(a * d + b, 0.0); }}},
        {"MulAddRelu", {-4, 4, [](double a, double b, double d) { return std::max(a * d + b, 0.0); }}},
        {"MulAddDst", {-4, 4, [](double a, double b, double d) { return a * b + d; }}},
        {"Adds", {-4, 4, [](double a, double s, double) { return a + s; }}},
        {"Muls", {-4, 4, [](double a, double s, double) { return a * s; }}},
        {"Maxs", {-4, 4, [](double a, double s, double) { return std::max(a, s); }}},
        {"Mins", {-4, 4, [](double a, double s, double) { return std::min(a, s); }}},
        {"LeakyRelu", {-4, 4, [](double a, double s, double) { return a >= 0 ? a : a * s; }}},
        {"ShiftLeft", {0, 100, [](double a, double, double) { return double(int16_t(int16_t(a) << 3)); }}},
        {"ShiftRight", {-100, 100, [](double a, double, double) { return double(int16_t(a) >> 3); }}},
        {"Axpy", {-4, 4, [](double a, double s, double d) { return a * s + d; }}},
        {"Exp", {-2, 2, [](double a, double, double) { return std::exp(a); }}},
        {"Ln", {0.25, 4, [](double a, double, double) { return std::log(a); }}},
        {"Abs", {-4, 4, [](double a, double, double) { return std::fabs(a); }}},
        {"Reciprocal", {0.25, 4, [](double a, double, double) { return 1 / a; }}},
        {"Sqrt", {0.25, 4, [](double a, double, double) { return std::sqrt(a); }}},
        {"Rsqrt", {0.25, 4, [](double a, double, double) { return 1 / std::sqrt(a); }}},
        {"Relu", {-4, 4, [](double a, double, double) { return std::max(a, 0.0); }}},
        {"Not", {-30000, 30000, [](double a, double, double) { return double(int16_t(~int16_t(a))); }}},
        {"Neg", {-4, 4, [](double a, double, double) { return -a; }}},
        {"Duplicate", {-4, 4, [](double, double s, double) { return s; }}},
    };
    return refs;
}

bool AcceptsFloat(size_t row) {
    const auto& t = akg::sim::kVecOpTypes[row];
    for (size_t i = 0; i < t.count; ++i)
        if (t.types[i] == akg::sim::DType::F32) return true;
    return false;
}

// Runs one row over 64 elements of type T and compares with the reference.
template <typename T>
void CheckRow(const akg::sim::VecOpRow& row, const Ref& ref) {
    constexpr size_t kN = 64;
    std::vector<T> a(kN), b(kN), d(kN);
    for (size_t i = 0; i < kN; ++i) {
        const double t = double(i) / (kN - 1);
        a[i] = T(ref.lo + (ref.hi - ref.lo) * t);
        b[i] = T(ref.lo + (ref.hi - ref.lo) * (1 - t));
        d[i] = T(ref.lo + (ref.hi - ref.lo) * std::fmod(t * 7, 1.0));
    }
    const T scalar = std::is_integral_v<T> ? T(3) : T(0.75);
    const std::vector<T> d0 = d;
    akg::test::RunOnUb(d, a, b, [&](auto& td, auto& ta, auto& tb) {
        akg::sim::VecRun<T, T>(row.op, row.name, td.Data(), ta.Data(), tb.Data(), scalar, akg::sim::CountShape(kN),
                               nullptr);
    });
    const bool usesScalar = row.form == VecForm::Scalar || row.form == VecForm::ScalarAcc || row.form == VecForm::Fill;
    for (size_t i = 0; i < kN; ++i) {
        const double want = ref.f(double(a[i]), usesScalar ? double(scalar) : double(b[i]), double(d0[i]));
        if constexpr (std::is_integral_v<T>) {
            EXPECT_EQ(double(d[i]), want) << row.name << " #" << i;
        } else {
            EXPECT_NEAR(double(d[i]), want, 1e-5 * std::max(1.0, std::fabs(want))) << row.name << " #" << i;
        }
    }
}

TEST(InstrTable, EveryElementwiseRowHasATypeSetACostAndAFunctionalCheck) {
    const akg::PlatformTiming timing;
    std::set<std::string> names;
    for (size_t i = 0; i < std::size(akg::sim::kVecOpRows); ++i) {
        const auto& row = akg::sim::kVecOpRows[i];
        SCOPED_TRACE(row.name);
        EXPECT_EQ(size_t(row.op), i) << "the enum is the row index";
        EXPECT_TRUE(names.insert(row.name).second) << "duplicate row";
        EXPECT_GT(akg::sim::kVecOpTypes[i].count, 0u) << "row without a dtype set";
        // Element-wise rows are timed by the platform's per-class cycles, never folded.
        ASSERT_LT(size_t(row.cost), akg::sim::kCostClasses);
        EXPECT_NE(row.cost, CostClass::Folded);
        EXPECT_GT(timing.vectorRepeatCycles[size_t(row.cost)].first, 0);
        auto ref = References().find(row.name);
        if (ref == References().end()) {
            ADD_FAILURE() << "row " << row.name << " has no functional check in instr_table_test.cpp";
            continue;
        }
        if (AcceptsFloat(i)) CheckRow<float>(row, ref->second);
        else CheckRow<int16_t>(row, ref->second);
    }
    EXPECT_EQ(names.size(), References().size()) << "a reference for a row the table no longer has";
}

// The functional test of each reduction row: runs the row's public API against a reference.
const std::map<std::string, std::string>& ReductionTests() {
    static const std::map<std::string, std::string> tests = {
        {"WholeReduceSum", "VecReduce.WholeReduceSumFloatIsABinaryTreePerRepeat"},
        {"WholeReduceMax", "VecReduce.WholeReduceMaxMinOrdersTiesNanSignedZero"},
        {"WholeReduceMin", "VecReduce.WholeReduceMaxMinOrdersTiesNanSignedZero"},
        {"ReduceRepeat", "VecReduce.ReduceRepeatMatchesWholeReduce"},
        {"RepeatReduceSum", "VecReduce.ReduceRepeatMatchesWholeReduce"},
        {"vcadd", "VecReduce.CceVcaddUnderAscendCUtilsMask"},
        {"BlockReduceSum", "VecReduce.BlockReduceSumMaxMinPerDataBlock"},
        {"BlockReduceMax", "VecReduce.BlockReduceSumMaxMinPerDataBlock"},
        {"BlockReduceMin", "VecReduce.BlockReduceSumMaxMinPerDataBlock"},
        {"ReduceDataBlock", "VecReduce.BlockReduceSumHalfContinuousAndReduceDataBlock"},
        {"PairReduceSum", "VecReduce.PairReduceSumMaskedPairsAndDstUnit"},
        {"ReducePairElem", "VecReduce.PairReduceSumMaskedPairsAndDstUnit"},
        {"ReduceSum", "VecReduce.ReduceSumCountFormAddsRepeatsInOrderIntoAccVal"},
        {"ReduceMax", "VecReduce.ReduceMaxMinCountFormValueAndIndex"},
        {"ReduceMin", "VecReduce.ReduceMaxMinCountFormValueAndIndex"},
    };
    return tests;
}

TEST(InstrTable, EveryReductionRowHasATypeSetACostAndAFunctionalTest) {
    const akg::PlatformTiming timing;
    std::set<std::string> names;
    for (size_t i = 0; i < std::size(akg::sim::kReduceOpRows); ++i) {
        const auto& row = akg::sim::kReduceOpRows[i];
        SCOPED_TRACE(row.name);
        EXPECT_EQ(size_t(row.op), i) << "the enum is the row index";
        EXPECT_TRUE(names.insert(row.name).second) << "duplicate row";
        EXPECT_GT(akg::sim::kReduceOpTypes[i].count, 0u) << "row without a dtype set";
        EXPECT_NE(row.cost, CostClass::Folded);
        EXPECT_GT(timing.vectorRepeatCycles[size_t(row.cost)].first, 0);
        auto test = ReductionTests().find(row.name);
        if (test == ReductionTests().end()) ADD_FAILURE() << "row " << row.name << " has no functional test";
        else EXPECT_TRUE(HasTest(test->second)) << test->second << " is not a test of this binary";
    }
    EXPECT_EQ(names.size(), ReductionTests().size()) << "a test listed for a row the table no longer has";
}

using akg::sim::Pipe;
using akg::sim::Timing;
using akg::sim::TypeSet;

// The pipes a timing can run on: the cost model times the instruction by its row's timing, so a
// row must not say it is (say) a DMA on the vector pipe.
bool TimingFitsPipe(Timing t, Pipe p) {
    switch (t) {
        case Timing::Scalar: return p == Pipe::S;
        case Timing::Vector:
        case Timing::UbCopy:
        case Timing::SimtVf:
        case Timing::VfStep: return p == Pipe::V;
        case Timing::Dma: return p == Pipe::MTE2 || p == Pipe::MTE3;
        case Timing::Mte1: return p == Pipe::MTE1;
        case Timing::Fixpipe: return p == Pipe::FIX;
        case Timing::Cube: return p == Pipe::M;
        case Timing::Sync: return true;
        case Timing::SyncAll: return p == Pipe::ALL;
    }
    return false;
}

// The platform number each timing is priced by (the "cost entry" of a row).
double CostEntry(const akg::PlatformTiming& t, const akg::sim::InstrRow& row) {
    switch (row.timing) {
        case Timing::Scalar: return t.scalarAccessCycles;
        case Timing::Vector:
        case Timing::VfStep: return t.vectorRepeatCycles[size_t(row.cost)].first;
        case Timing::UbCopy: return t.ubToUbBytesPerCycle;
        case Timing::SimtVf: return t.simtAccessesPerCycle;
        case Timing::Dma: return t.dmaBurstCycles;
        case Timing::Mte1: return t.l1ToL0aBytesPerCycle;
        case Timing::Fixpipe: return t.fixpipeBytesPerCycle;
        case Timing::Cube: return t.cubeCyclesPerFractalB16;
        case Timing::Sync: return t.scalarIssueCycles;
        case Timing::SyncAll: return t.syncAllCycles;
    }
    return 0;
}

// The functional test of each row of the other families: a test of this binary that runs the
// row's public API and checks its effect (or, for a misuse row, the diagnostic).
const std::map<std::string, std::string>& FunctionalTests() {
    static const std::map<std::string, std::string> tests = {
        {"DataCopyGmIn", "DataCopy.CountFormRoundTrip"},
        {"DataCopyGmOut", "DataCopy.CountFormRoundTrip"},
        {"DataCopyUbToUb", "TQue.BindVecinToVecoutMovesDataWithoutCompute"},
        {"DataCopyL1ToFb", "CubeCopyFromL0C.ScalarAndPerColumnDequantNzOutput"},
        {"DataCopyL1ToLocal", "CubeLoad3D.ConvImg2ColIntoL0AWithPaddingStrideDilation"},
        {"DataCopyFromL0c", "CubeCopyFromL0C.Nz2NdWithRegistersCastAndRelu"},
        {"DataCopyLocal", "CubeLoad3D.ConvImg2ColIntoL0AWithPaddingStrideDilation"},
        {"DataCopyL0cToUbOnVector", "Diagnostics.SOC_UNSUPPORTED"},
        {"DataCopyNd2Nz", "CubeNd2Nz.RowsColumnsPaddingAndMatrixStrides"},
        {"DataCopyL1ToBt", "CubeMatmul.FloatWithBiasFromBiasTable"},
        {"DataCopyPadIn", "DataCopyPadIn.LeftRightPaddingWithValue"},
        {"DataCopyPadOut", "DataCopyPadOut.UnalignedBlocksWithGaps"},
        {"CopyUbufToUbuf", "CceRaw.CopyUbufToUbufBurstsAndGaps"},
        {"InitGlobalMemory", "DataCopy.InitGlobalMemoryFillsTheRange"},
        {"InitOutput", "DataCopy.InitOutputFillsBfloat16"},
        {"Fill", "MatmulSplitK.FourCoresAddTheirKSlices"},
        {"LoadData2DFromGm", "CubeLoadData.FractalStridesGapsAndTranspose"},
        {"LoadData2D", "CubeLoadData.FractalStridesGapsAndTranspose"},
        {"LoadDataWithTranspose", "CubeLoadDataWithTranspose.SquaresPerDataWidth"},
        {"LoadData3D", "CubeLoad3D.ConvImg2ColIntoL0AWithPaddingStrideDilation"},
        {"Mmad", "CubeMatmul.HalfToFloatMatchesReferenceLoop"},
        {"InitConstValueL1", "CubeInitConstValue.BlocksAndGapsInL1AndL0"},
        {"InitConstValueL0", "CubeInitConstValue.BlocksAndGapsInL1AndL0"},
        {"ICachePreLoad", "InstructionCache.PreLoadIsOneScalarInstructionWithNoAccess"},
        {"Fixpipe", "CubeFixpipe.NdNumAndNzOutput"},
        {"MatmulCopyAFromGm", "MatmulSplitK.FourCoresAddTheirKSlices"},
        {"MatmulCopyAFromUb", "MatmulOperands.UbARowsArePaddedTo32Bytes"},
        {"MatmulCopyBFromGm", "MatmulSplitK.FourCoresAddTheirKSlices"},
        {"MatmulCopyBFromUb", "MatmulOperands.UbARowsArePaddedTo32Bytes"},
        {"MatmulCopyBiasFromGm", "MatmulQuant.Int8DequantisedToHalfByScalarAndVector"},
        {"MatmulCopyBiasFromUb", "MatmulQuant.Int8DequantisedToHalfByScalarAndVector"},
        {"MatmulLoadA2", "MatmulSplitK.FourCoresAddTheirKSlices"},
        {"MatmulLoadB2", "MatmulSplitK.FourCoresAddTheirKSlices"},
        {"MatmulMmad", "MatmulSplitK.FourCoresAddTheirKSlices"},
        {"MatmulGetTensorC", "MatmulSplitK.FourCoresAddTheirKSlices"},
        {"MatmulGetTensorCToGmNoFix", "MatmulSplitK.FourCoresAddTheirKSlices"},
        {"MatmulGetTensorCToUbNoFix", "MatmulSplitK.FourCoresAddTheirKSlices"},
        {"MatmulCopyQuantVector", "MatmulQuant.Int8DequantisedToHalfByScalarAndVector"},
        {"SyncAll", "Sync.SyncAllAcrossEightCoresOrdersGmWrites"},
        {"SyncAllWorkspace", "CostModel.SyncAllWaitsForTheSlowestCore"},
        {"InitDetermineComputeWorkspace", "DetermineCompute.CoresTakeTurnsInBlockOrderEveryRound"},
        {"DataSyncBarrier", "DataSyncBarrierSync.PublishesAWriteBeforeTheFlag"},
        {"CrossCoreWaitFlag", "MixLaunch.CubeProducesTilesTwoVectorCoresConsume"},
        {"IBSet", "IbSync.IbSetIbWaitOrderTheCores"},
        {"IBSetGmWord", "IbSync.IbSetIbWaitOrderTheCores"},
        {"IBWait", "IbSync.IbSetIbWaitOrderTheCores"},
        {"IBWaitGmWord", "IbSync.IbSetIbWaitOrderTheCores"},
        {"GroupBarrier", "GroupBarrierSync.WaitersSeeEveryArrivalOfTheRound"},
        {"GroupBarrierArrive", "GroupBarrierSync.WaitersSeeEveryArrivalOfTheRound"},
        {"GroupBarrierWait", "GroupBarrierSync.WaitersSeeEveryArrivalOfTheRound"},
        {"InitDetermineComputeWorkspaceGm", "DetermineCompute.CoresTakeTurnsInBlockOrderEveryRound"},
        {"WaitPreBlock", "DetermineCompute.CoresTakeTurnsInBlockOrderEveryRound"},
        {"WaitPreBlockGm", "DetermineCompute.CoresTakeTurnsInBlockOrderEveryRound"},
        {"NotifyNextBlock", "DetermineCompute.CoresTakeTurnsInBlockOrderEveryRound"},
        {"NotifyNextBlockGm", "DetermineCompute.CoresTakeTurnsInBlockOrderEveryRound"},
        {"GetValue", "AdvBroadcast.ColumnAlongAxis1"},
        {"SetValue", "AdvMean.FloatRowsIgnoreThePadding"},
        {"ReadGmByPassDCache", "DataSyncBarrierSync.PublishesAWriteBeforeTheFlag"},
        {"WriteGmByPassDCache", "DataSyncBarrierSync.PublishesAWriteBeforeTheFlag"},
        {"GetTilingData", "TilingRegistration.GetTilingDataFillsTheRegisteredStruct"},
        {"DumpTensor", "DeviceLog.PrintfAndDumpTensor"},
        {"DataCacheCleanAndInvalid", "DataCache.CleanAndInvalidIssuesAScalarInstructionOnTheLineAndKeepsTheData"},
        {"GetMrgSortResult", "VecSort.MrgSort4ExhaustedSuspensionStopsAndReportsCounts"},
        {"RawLoad", "RawAccess.GmPointerLoadsAndStoresAreScalarInstructions"},
        {"RawStore", "RawAccess.GmPointerLoadsAndStoresAreScalarInstructions"},
        {"Gather", "VecGather.CountFormHalfReverse"},
        {"GatherMask", "VecGatherMask.FixedPatternsNormalModeFloat"},
        {"Gatherb", "VecGatherb.ReferenceLoopUint16AndUint32"},
        {"TransposeEnhanced", "VecTranspose.EnhancedNchwNhwcRoundTrip"},
        {"SetVaReg", "CceRaw.VaRegisterVnchwconvB16WithRepeats"},
        {"CreateVecIndex", "VecCreateVecIndex.CountFormIntAndFloat"},
        {"Brcb", "VecBrcb.HalfContiguous"},
        {"Copy", "VecCopy.ContinuousMaskRowSlice"},
        {"Cast", "Cast.FloatToHalfAllModesIncludingOdd"},
        {"GetCmpMask", "VecCompare.ToRegisterKeepsDisabledLanesAndGetSetCmpMask"},
        {"SetCmpMask", "VecCompare.ToRegisterKeepsDisabledLanesAndGetSetCmpMask"},
        {"RpSort16", "VecSort.RpSort16SortsEachRepeatDescendingEarlierFirstOnTies"},
        {"Sort32", "VecSort.Sort32FloatAndHalfPairs"},
        {"Extract", "VecSort.MrgSortRepeatsOverContiguousListsAfterSort32"},
        {"ProposalConcat", "VecSort.ProposalConcatExtractRoundTripLeavesOtherFields"},
        {"ProposalExtract", "VecSort.ProposalConcatExtractRoundTripLeavesOtherFields"},
        {"MrgSort", "VecSort.MrgSortRepeatsOverContiguousListsAfterSort32"},
        {"MrgSort4", "VecSort.MrgSort4MergesFourListsTiesToTheEarlierList"},
        {"CompareToCmpMask", "VecCompare.ToRegisterKeepsDisabledLanesAndGetSetCmpMask"},
        {"Select", "VecSelect.Mode1CountFormFloatScalar"},
        {"AdjustSoftMaxRes", "AdvSoftmaxAdjust.FloatRowsWithTheValueAreReplaced"},
        {"Mean", "AdvMean.FloatRowsIgnoreThePadding"},
        {"Sum", "AdvSum.HalfFollowsTheTreeOrder"},
        {"ReduceMax", "AdvReduceAxis.ArKeepsRowsAndGivesEachRowsExtreme"},
        {"ReduceMin", "AdvReduceAxis.ArKeepsRowsAndGivesEachRowsExtreme"},
        {"Broadcast", "AdvBroadcast.ColumnAlongAxis1"},
        {"AdvSelect", "AdvSelect.BothOrdersAndMaskCompaction"},
        {"Transpose16", "VecTranspose.Basic16x16AndInPlace"},
        {"TransData5HD", "VecTransData5HD.NchwToNc1hwc0Half"},
        {"Compare", "VecCompare.CountFormFloatAllModesWithEdgeValues"},
        {"ReadAccVal", "VecReduce.RawVcaddAccumulatesIntoAccValForGetAccVal"},
        {"ReadMaxMinCnt", "VecReduce.CounterModeWholeReduceMaxAndGetReduceMaxMinCount"},
        {"AdvMath", "AdvMath.Tanh"},
        {"Softmax", "AdvSoftmax.FloatRowsWithPadding"},
        {"SetFlag", "Sync.SetWaitFlagAndBarriers"},
        {"WaitFlag", "Sync.SetWaitFlagAndBarriers"},
        {"PipeBarrier", "Sync.SetWaitFlagAndBarriers"},
        {"CrossCoreSetFlag", "MixLaunch.CubeProducesTilesTwoVectorCoresConsume"},
        {"AllocTensor", "TQue.DoubleBufferingRotatesBuffersInFifoOrder"},
        {"EnQue", "TQue.DoubleBufferingRotatesBuffersInFifoOrder"},
        {"DeQue", "TQue.DoubleBufferingRotatesBuffersInFifoOrder"},
        {"FreeTensor", "TQue.DoubleBufferingRotatesBuffersInFifoOrder"},
    };
    return tests;
}

// Rows whose functional test lives in the SIMT test binary (Ascend 950 builds).
const std::set<std::string> kSimtRows = {"SimtThreadAccess", "AscVfCall", "AscVfCallSimd"};

// Rows whose functional test is a whole kernel program run by akgen (tests/cli/NAME_test.sh on
// tests/run/programs/NAME.asc, a CTest test): the high-level APIs whose tiling helpers and
// misuse checks are tested together with the kernel call.
const std::map<std::string, std::string> kProgramRows = {
    {"CumSum", "adv_library_apis"}, {"RmsNorm", "adv_library_apis"}, {"TopK", "topk_api"}};

bool HasProgramTest(const std::string& name) {
    const std::filesystem::path src = AKG_SOURCE_DIR;
    std::ifstream cmake(src / "tests" / "CMakeLists.txt");
    const std::string lists((std::istreambuf_iterator<char>(cmake)), std::istreambuf_iterator<char>());
    return std::filesystem::exists(src / "tests" / "cli" / (name + "_test.sh")) &&
           std::filesystem::exists(src / "tests" / "run" / "programs" / (name + ".asc")) &&
           lists.find("cli/" + name + "_test.sh") != std::string::npos;
}

void WalkRows(const akg::sim::InstrRow* rows, size_t n, std::set<std::string>* names) {
    const akg::PlatformTiming timing;
    for (size_t i = 0; i < n; ++i) {
        const auto& row = rows[i];
        SCOPED_TRACE(row.id);
        EXPECT_TRUE(names->insert(row.id).second) << "duplicate row";
        EXPECT_TRUE(row.pipe == Pipe::COUNT || TimingFitsPipe(row.timing, row.pipe)) << "timing on the wrong pipe";
        EXPECT_EQ(row.sync != akg::sim::SyncKind::None, row.timing == Timing::Sync || row.timing == Timing::SyncAll)
            << "an ordering row is timed as ordering, and only it";
        EXPECT_GT(CostEntry(timing, row), 0) << "row without a cost entry";
        if (row.types == TypeSet::PerSoc) {
            bool listed = false;
            for (const auto& t : akg::sim::kInstrSocTypes) {
                if (std::string(akg::sim::RowOf(t.id).id) != row.id) continue;
                listed = true;
                for (const auto& soc : t.types) EXPECT_GT(soc.count, 0u) << "a SoC without a dtype set";
            }
            EXPECT_TRUE(listed) << "a PerSoc row without lists in AKG_INSTR_SOC_TYPES_TABLE";
        }
        if (kSimtRows.count(row.id)) continue;
        if (auto program = kProgramRows.find(row.id); program != kProgramRows.end()) {
            EXPECT_TRUE(HasProgramTest(program->second)) << program->second << " is not a registered program test";
            continue;
        }
        auto test = FunctionalTests().find(row.id);
        if (test == FunctionalTests().end()) ADD_FAILURE() << "row " << row.id << " has no functional test";
        else EXPECT_TRUE(HasTest(test->second)) << test->second << " is not a test of this binary";
    }
}

TEST(InstrTable, EveryOtherRowHasATypeSetACostAndAFunctionalTest) {
    std::set<std::string> names;
    WalkRows(akg::sim::kInstrRows, std::size(akg::sim::kInstrRows), &names);
    WalkRows(akg::sim::kInstrFamilyRows, std::size(akg::sim::kInstrFamilyRows), &names);
    WalkRows(akg::sim::kSyncInstrRows, std::size(akg::sim::kSyncInstrRows), &names);
    for (size_t i = 0; i < std::size(akg::sim::kInstrRows); ++i)
        EXPECT_EQ(akg::sim::kInstrRows[i].id, akg::sim::RowOf(akg::sim::InstrId(i)).id) << "the enum is the row index";
    for (const auto& row : akg::sim::kInstrRows) EXPECT_NE(row.api, nullptr) << row.id;
    for (const auto& row : akg::sim::kSyncInstrRows) EXPECT_NE(row.api, nullptr) << row.id;
    for (const auto& row : akg::sim::kInstrFamilyRows) EXPECT_EQ(row.api, nullptr) << row.id << ": a family is named by its caller";
    for (const auto& [row, test] : FunctionalTests())
        EXPECT_TRUE(names.count(row)) << "a test listed for row " << row << ", which the tables do not have";
    for (const auto& [row, program] : kProgramRows)
        EXPECT_TRUE(names.count(row)) << "a program listed for row " << row << ", which the tables do not have";
}

// DataCopy takes its row from its direction: one path per pipe class, never a default pipe.
TEST(InstrTable, DataCopyRowsFollowTheDirection) {
    using akg::sim::DataCopyRow;
    using akg::sim::InstrId;
    using akg::sim::Mem;
    EXPECT_EQ(DataCopyRow(Mem::UB, Mem::GM), InstrId::DataCopyGmIn);
    EXPECT_EQ(DataCopyRow(Mem::L1, Mem::GM), InstrId::DataCopyGmIn);
    EXPECT_EQ(DataCopyRow(Mem::GM, Mem::UB), InstrId::DataCopyGmOut);
    EXPECT_EQ(DataCopyRow(Mem::UB, Mem::UB), InstrId::DataCopyUbToUb);
    EXPECT_EQ(DataCopyRow(Mem::FB, Mem::L1), InstrId::DataCopyL1ToFb);
    EXPECT_EQ(DataCopyRow(Mem::BT, Mem::L1), InstrId::DataCopyL1ToLocal);
    EXPECT_EQ(DataCopyRow(Mem::UB, Mem::L0C), InstrId::DataCopyFromL0c);
    EXPECT_EQ(DataCopyRow(Mem::L1, Mem::UB), InstrId::DataCopyLocal);
    EXPECT_EQ(akg::sim::RowOf(InstrId::DataCopyGmIn).pipe, Pipe::MTE2);
    EXPECT_EQ(akg::sim::RowOf(InstrId::DataCopyGmOut).pipe, Pipe::MTE3);
    EXPECT_EQ(akg::sim::RowOf(InstrId::DataCopyUbToUb).timing, Timing::UbCopy);
}

// The public overloads a Stamped row gets: FusedMulAddRelu's count form on half.
TEST(InstrTable, FusedMulAddReluThroughTheStampedApi) {
    std::vector<half> d = {half(1.0f), half(-2.0f), half(0.5f), half(3.0f)};
    const std::vector<half> a = {half(2.0f), half(1.5f), half(-4.0f), half(0.25f)};
    const std::vector<half> b = {half(1.0f), half(1.0f), half(1.0f), half(1.0f)};
    akg::test::RunOnUb(d, a, b, [](auto& td, auto& ta, auto& tb) { AscendC::FusedMulAddRelu(td, ta, tb, 4); });
    // relu(src0 * dst + src1): 3, relu(-2), relu(-1), 1.75
    EXPECT_EQ(float(d[0]), 3.0f);
    EXPECT_EQ(float(d[1]), 0.0f);
    EXPECT_EQ(float(d[2]), 0.0f);
    EXPECT_EQ(float(d[3]), 1.75f);
}

}  // namespace
