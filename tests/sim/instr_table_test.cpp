// Walks the instruction tables (include/akg/sim/instr_table.h): every element-wise row must have a
// dtype set, a cost class the platform timing prices, and a functional check here (the row run
// through the simulator against a reference written in this file). A row added without one of
// them fails this test by name.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <string>

#include "akg/launch/platform.h"
#include "kernel_operator.h"
#include "sim/kernel_harness.h"

namespace {

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

TEST(InstrTable, ReductionRowsAreNamedOnceAndPricedByThePlatform) {
    std::set<std::string> names;
    for (size_t i = 0; i < std::size(akg::sim::kReduceOpRows); ++i) {
        const auto& row = akg::sim::kReduceOpRows[i];
        EXPECT_EQ(size_t(row.op), i) << row.name;
        EXPECT_TRUE(names.insert(row.name).second) << row.name;
        EXPECT_NE(row.cost, CostClass::Folded) << row.name;
    }
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
