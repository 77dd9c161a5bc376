// The instruction rows whose functional tests need an Ascend 950 build (this binary): the
// register instructions (AKG_REG_TABLE) and the SIMT rows of AKG_INSTR_TABLE. Each must have a
// dtype set, a cost class the platform prices, and a test of this binary that runs it against a
// host reference (tests/sim/instr_table_test.cpp walks the other tables).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "akg/launch/platform.h"
#include "akg/sim/instr_table.h"
#include "sim/test_registry.h"

namespace {

using akg::test::HasTest;

// Row -> the test of this binary that checks it (by the row's name without "Reg::").
const std::map<std::string, std::string>& RegTests() {
    static const std::map<std::string, std::string> tests = {
        {"Add", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
        {"Sub", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
        {"Mul", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
        {"Div", "RegCompute.RemainingInstructionsMatchAHostLoop"},
        {"Max", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
        {"Min", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
        {"Adds", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
        {"Muls", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
        {"Maxs", "RegCompute.RemainingInstructionsMatchAHostLoop"},
        {"Mins", "RegCompute.RemainingInstructionsMatchAHostLoop"},
        {"ShiftLefts", "RegCompute.RoundingCastAndShiftBuildPowersOfTwo"},
        {"ShiftRights", "RegCompute.RemainingInstructionsMatchAHostLoop"},
        {"Exp", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
        {"Ln", "RegCompute.RemainingInstructionsMatchAHostLoop"},
        {"Sqrt", "RegCompute.RemainingInstructionsMatchAHostLoop"},
        {"Abs", "RegCompute.RemainingInstructionsMatchAHostLoop"},
        {"Relu", "RegCompute.RemainingInstructionsMatchAHostLoop"},
        {"FusedMulDstAdd", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
        {"MulAddDst", "RegCompute.RemainingInstructionsMatchAHostLoop"},
        {"Duplicate", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
        {"Compare", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
        {"CompareScalar", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
        {"Select", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
        {"Cast", "RegCompute.HalfUnpackCastPackMatchesAHostLoop"},
        {"LoadAlign", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
        {"StoreAlign", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
        {"UpdateMask", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
        {"CreateMask", "RegCompute.RemainingInstructionsMatchAHostLoop"},
        {"Pack", "RegCompute.VecScopePackUnpackAndPostUpdate"},
        {"UnPack", "RegCompute.VecScopePackUnpackAndPostUpdate"},
        {"And", "RegCompute.AddressRegisterGatherAndUnalignedStoresMatchAHostLoop"},
        {"Or", "RegCompute.AddressRegisterGatherAndUnalignedStoresMatchAHostLoop"},
        {"Arange", "RegCompute.AddressRegisterGatherAndUnalignedStoresMatchAHostLoop"},
        {"Gather", "RegCompute.AddressRegisterGatherAndUnalignedStoresMatchAHostLoop"},
        {"StoreUnAlign", "RegCompute.AddressRegisterGatherAndUnalignedStoresMatchAHostLoop"},
        {"StoreUnAlignPost", "RegCompute.AddressRegisterGatherAndUnalignedStoresMatchAHostLoop"},
        {"LoadUnAlignPre", "RegCompute.UnalignedLoadsReadWholeRegistersFromAnyAddress"},
        {"LoadUnAlign", "RegCompute.UnalignedLoadsReadWholeRegistersFromAnyAddress"},
    };
    return tests;
}

TEST(InstrTable, EveryRegisterRowHasATypeSetACostAndAFunctionalTest) {
    const akg::PlatformTiming timing;
    std::set<std::string> names;
    for (size_t i = 0; i < std::size(akg::sim::kRegOpRows); ++i) {
        const auto& row = akg::sim::kRegOpRows[i];
        const std::string name = std::string(row.name).substr(5);  // "Reg::Add" -> "Add"
        SCOPED_TRACE(name);
        EXPECT_EQ(size_t(row.op), i) << "the enum is the row index";
        EXPECT_TRUE(names.insert(name).second) << "duplicate row";
        EXPECT_GT(akg::sim::kRegOpTypes[i].count, 0u) << "row without a dtype set";
        EXPECT_NE(row.cost, akg::sim::CostClass::Folded);
        EXPECT_GT(timing.vectorRepeatCycles[size_t(row.cost)].first, 0);
        auto test = RegTests().find(name);
        if (test == RegTests().end()) ADD_FAILURE() << "row " << name << " has no functional test";
        else EXPECT_TRUE(HasTest(test->second)) << test->second << " is not a test of this binary";
    }
    EXPECT_EQ(names.size(), RegTests().size()) << "a test listed for a row the table no longer has";
}

TEST(InstrTable, SimtRowsHaveAFunctionalTest) {
    const std::map<std::string, std::string> tests = {
        {"SimtThreadAccess", "Simt.ThreadsMatchAReferenceLoop"},
        {"AscVfCall", "Simt.ThreadsMatchAReferenceLoop"},
        {"AscVfCallSimd", "RegCompute.FloatInstructionsMatchAHostLoopWithATail"},
    };
    for (const auto& [id, test] : tests) {
        bool found = false;
        for (const auto& row : akg::sim::kInstrRows) found |= id == row.id;
        EXPECT_TRUE(found) << id << " is not a row of AKG_INSTR_TABLE";
        EXPECT_TRUE(HasTest(test)) << test << " is not a test of this binary";
    }
}

}  // namespace
