// The C++ judge (src/harness/native_judge.h) against the Python judge it stands in for
// (akgen_task.py's `check` request: akgen_checks.py's rules on the same stored outputs): on
// outputs built around every branch of both rules, the two verdicts must be the same, field for
// field, under the default and the strict rule.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include "common/npy.h"
#include "harness/native_judge.h"
#include "harness/python_worker.h"

using namespace akg;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct Out {
    ge::DataType dtype;
    std::vector<double> values;
};

Tensor Make(const Out& o) {
    Tensor t = Tensor::Zeros({int64_t(o.values.size())}, o.dtype);
    for (size_t i = 0; i < o.values.size(); ++i) t.Set(int64_t(i), o.values[i]);
    return t;
}

// Writes tensors as the golden step (expected.json) or the case process (value.json) does:
// bfloat16 as its 16-bit pattern, the entry naming the dtype.
json Store(const Out& o, const fs::path& dir, const std::string& name) {
    const Tensor t = Make(o);
    std::string error;
    const ge::DataType disk = o.dtype == ge::DT_BF16 ? ge::DT_INT16 : o.dtype;
    EXPECT_TRUE(WriteNpyData((dir / name).string(), t.shape, disk, t.bytes.data(), t.bytes.size(), &error)) << error;
    return {{"tensor", name}, {"dtype", DTypeName(o.dtype)}, {"shape", t.shape}};
}

struct Case {
    std::string name;
    std::vector<Out> expected;
    json returned;  // value.json, tensors named "@k" replaced by returnedTensors[k]
    std::vector<Out> returnedTensors;
};

json Resolve(const json& v, const std::vector<json>& tensors) {
    if (v.is_string() && v.get<std::string>()[0] == '@') return tensors[std::stoul(v.get<std::string>().substr(1))];
    if (v.is_object() && v.contains("list")) {
        json list = json::array();
        for (auto& e : v.at("list")) list.push_back(Resolve(e, tensors));
        return {{"list", list}};
    }
    return v;
}

std::vector<double> Random(size_t n, uint32_t seed, double scale = 1.0) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> d(0.0, scale);
    std::vector<double> v(n);
    for (auto& x : v) x = d(rng);
    return v;
}

std::vector<double> Scaled(std::vector<double> v, double factor, size_t every = 1) {
    for (size_t i = 0; i < v.size(); i += every) v[i] *= factor;
    return v;
}

std::vector<Case> Cases() {
    const double inf = INFINITY, nan = NAN;
    const auto base = Random(3000, 1);
    std::vector<Case> c;
    auto same = [&](std::string name, ge::DataType t, std::vector<double> v) {
        c.push_back({name, {{t, v}}, "@0", {{t, v}}});
    };
    auto pair = [&](std::string name, Out e, Out r) { c.push_back({name, {e}, "@0", {r}}); };
    same("f32_equal", ge::DT_FLOAT, base);
    same("f16_equal", ge::DT_FLOAT16, base);
    same("bf16_equal", ge::DT_BF16, base);
    same("f64_equal", ge::DT_DOUBLE, base);
    same("f32_equal_with_inf_and_nan", ge::DT_FLOAT, {1.0, inf, -inf, nan, 0.0});
    same("i32_equal", ge::DT_INT32, {1, -5, 7, 1 << 20});
    same("bool_equal", ge::DT_BOOL, {1, 0, 1});
    pair("f32_rel_5e-4", {ge::DT_FLOAT, base}, {ge::DT_FLOAT, Scaled(base, 1 + 5e-4)});
    pair("f32_rel_2e-3", {ge::DT_FLOAT, base}, {ge::DT_FLOAT, Scaled(base, 1 + 2e-3, 7)});
    pair("f32_rel_1e-6", {ge::DT_FLOAT, base}, {ge::DT_FLOAT, Scaled(base, 1 + 1e-6)});
    pair("f32_rel_1e-4_strict_mean", {ge::DT_FLOAT, base}, {ge::DT_FLOAT, Scaled(base, 1 + 1e-4)});
    pair("f16_rel_3e-3", {ge::DT_FLOAT16, base}, {ge::DT_FLOAT16, Scaled(base, 1 + 3e-3, 3)});
    pair("bf16_rel_1e-2", {ge::DT_BF16, base}, {ge::DT_BF16, Scaled(base, 1 + 1e-2, 5)});
    pair("f64_rel_1e-7", {ge::DT_DOUBLE, base}, {ge::DT_DOUBLE, Scaled(base, 1 + 1e-7)});
    pair("f32_poison_nan", {ge::DT_FLOAT, {1, 2, 3, 4, 5, 6}}, {ge::DT_FLOAT, {1, 2, nan, nan, 5, 6}});
    pair("f32_nan_payloads_and_signed_zero", {ge::DT_FLOAT, {nan, 0.0, 3}}, {ge::DT_FLOAT, {-nan, -0.0, 3}});
    pair("f32_inf_flipped", {ge::DT_FLOAT, {1, inf, -inf}}, {ge::DT_FLOAT, {1, -inf, -inf}});
    pair("f32_inf_for_finite", {ge::DT_FLOAT, {1, 2, 3}}, {ge::DT_FLOAT, {1, inf, 3}});
    pair("f32_overflowing_difference", {ge::DT_FLOAT, {3e38, 1}}, {ge::DT_FLOAT, {-3e38, 1}});
    // An absolute error of exactly float(1e-3) is not over the tolerance, in float32 as torch compares.
    pair("f32_error_at_tolerance", {ge::DT_FLOAT, {0.0, 1.0}}, {ge::DT_FLOAT, {double(float(1e-3)), 1.0}});
    pair("f32_tiny_values", {ge::DT_FLOAT, {1e-9, -2e-9, 3e-8}}, {ge::DT_FLOAT, {2e-9, 0.0, 1e-8}});
    pair("i32_off_by_one", {ge::DT_INT32, {1, 2, 3, 4}}, {ge::DT_INT32, {1, 2, 4, 4}});
    pair("i64_large", {ge::DT_INT64, {9007199254740993.0, 5}}, {ge::DT_INT64, {9007199254740992.0, 5}});
    pair("bool_flipped", {ge::DT_BOOL, {1, 0, 1}}, {ge::DT_BOOL, {1, 1, 1}});
    pair("u8_vs_i8", {ge::DT_UINT8, {1, 2, 200}}, {ge::DT_INT8, {1, 2, -56}});
    pair("f16_expected_f32_returned", {ge::DT_FLOAT16, base}, {ge::DT_FLOAT, base});
    pair("f32_expected_i64_returned", {ge::DT_FLOAT, {1, 2.5, 16777217}}, {ge::DT_INT64, {1, 2, 16777217}});
    pair("i32_expected_f32_returned_nan", {ge::DT_INT32, {1, 2, 3}}, {ge::DT_FLOAT, {1, nan, 3}});
    pair("f32_expected_f64_returned", {ge::DT_FLOAT, base}, {ge::DT_DOUBLE, Scaled(base, 1 + 1e-5)});
    pair("numel_differs", {ge::DT_FLOAT, {1, 2, 3}}, {ge::DT_FLOAT, {1, 2}});
    // Output counts: the default rule zips the lists, the strict rule wants them all.
    c.push_back({"two_of_three_returned",
                 {{ge::DT_FLOAT, {1, 2}}, {ge::DT_FLOAT, {3, 4}}, {ge::DT_FLOAT, {5}}},
                 {{"list", {"@0", "@1"}}},
                 {{ge::DT_FLOAT, {1, 2}}, {ge::DT_FLOAT, {3, 4}}}});
    c.push_back({"two_of_three_returned_one_wrong",
                 {{ge::DT_FLOAT, {1, 2}}, {ge::DT_FLOAT, {3, 4}}, {ge::DT_FLOAT, {5}}},
                 {{"list", {"@0", "@1"}}},
                 {{ge::DT_FLOAT, {1, 2}}, {ge::DT_FLOAT, {3, 9}}}});
    c.push_back({"nothing_returned", {{ge::DT_FLOAT, {1}}}, {{"list", json::array()}}, {}});
    c.push_back({"nested_list_with_none_and_str",
                 {{ge::DT_FLOAT, {1, 2}}, {ge::DT_INT32, {7}}},
                 {{"list", {{{"list", {"@0"}}}, {{"none", nullptr}}, {{"str", "x"}}, "@1"}}},
                 {{ge::DT_FLOAT, {1, 2}}, {ge::DT_INT32, {7}}}});
    // Bare numbers: torch.as_tensor gives float32, int64 and bool 0-d tensors.
    c.push_back({"float_scalar", {{ge::DT_FLOAT, {0.1}}}, {{"float", 0.1}}, {}});
    c.push_back({"float_scalar_vs_f64", {{ge::DT_DOUBLE, {0.1}}}, {{"float", 0.1}}, {}});
    c.push_back({"inf_scalar", {{ge::DT_FLOAT, {inf}}}, {{"float", "inf"}}, {}});
    c.push_back({"int_scalar", {{ge::DT_INT64, {42}}}, {{"int", 42}}, {}});
    c.push_back({"int_scalar_vs_i32", {{ge::DT_INT32, {42}}}, {{"int", 43}}, {}});
    c.push_back({"bool_scalar", {{ge::DT_BOOL, {1}}}, {{"bool", true}}, {}});
    return c;
}

}  // namespace

TEST(NativeJudge, SameVerdictsAsThePythonJudge) {
    const fs::path root = fs::temp_directory_path() / ("akg_native_judge_" + std::to_string(getpid()));
    fs::remove_all(root);
    harness::PythonWorker python(harness::PythonInterpreter(""));
    int compared = 0, passed = 0, withMismatches = 0, counted = 0;
    for (const Case& c : Cases()) {
        const fs::path expectedDir = root / c.name / "expected", returnedDir = root / c.name / "returned";
        fs::create_directories(expectedDir);
        fs::create_directories(returnedDir);
        json expected = json::array();
        for (size_t k = 0; k < c.expected.size(); ++k)
            expected.push_back(Store(c.expected[k], expectedDir, "out" + std::to_string(k + 1) + ".npy"));
        std::ofstream(expectedDir / "expected.json") << expected.dump();
        std::vector<json> returned;
        for (size_t k = 0; k < c.returnedTensors.size(); ++k)
            returned.push_back(Store(c.returnedTensors[k], returnedDir, "ret" + std::to_string(k + 1) + ".npy"));
        std::ofstream(returnedDir / "value.json") << Resolve(c.returned, returned).dump();
        for (const char* rule : {"default", "strict"}) {
            const json native = harness::JudgeStoredOutputs(expectedDir.string(), returnedDir.string(), rule);
            json reply = python.Request(
                {{"cmd", "check"}, {"expected_dir", expectedDir}, {"returned_dir", returnedDir}, {"rule", rule}}, 120);
            ASSERT_TRUE(reply.value("ok", false)) << reply.dump();
            json py = reply.at("result");
            ASSERT_FALSE(native.contains("unsupported")) << c.name << ": " << native.dump();
            SCOPED_TRACE(c.name + " " + rule + "\n  python: " + py.dump() + "\n  native: " + native.dump());
            EXPECT_EQ(py.at("passed"), native.at("passed"));
            EXPECT_EQ(py.at("check"), native.at("check"));
            EXPECT_EQ(py.at("mismatches"), native.at("mismatches"));
            for (const char* k : {"max_abs_error", "max_rel_error"}) {
                if (py.at(k).is_number()) EXPECT_DOUBLE_EQ(py.at(k).get<double>(), native.at(k).get<double>()) << k;
                else EXPECT_EQ(py.at(k), native.at(k)) << k;
            }
            EXPECT_EQ(py.value("error", ""), native.value("error", ""));
            EXPECT_EQ(py.value("note", ""), native.value("note", ""));
            ++compared;
            passed += py.at("passed").get<bool>();
            withMismatches += py.at("mismatches").get<int64_t>() > 0;
            counted += py.contains("error") || py.contains("note");
        }
    }
    EXPECT_EQ(compared, 2 * int(Cases().size()));
    // The cases reach both verdicts, element mismatches and the output-count messages.
    EXPECT_GT(passed, 20);
    EXPECT_GT(compared - passed, 20);
    EXPECT_GT(withMismatches, 10);
    EXPECT_GE(counted, 6);
    fs::remove_all(root);
}

TEST(NativeJudge, LeavesWhatItCannotJudgeToPython) {
    const fs::path dir = fs::temp_directory_path() / ("akg_native_judge_u" + std::to_string(getpid()));
    fs::create_directories(dir);
    const Tensor t = Tensor::Zeros({2}, ge::DT_COMPLEX64);
    std::string error;
    ASSERT_TRUE(WriteNpyData((dir / "out1.npy").string(), t.shape, t.dtype, t.bytes.data(), t.bytes.size(), &error))
        << error;
    std::ofstream(dir / "expected.json") << R"([{"tensor": "out1.npy", "dtype": "complex64", "shape": [2]}])";
    std::ofstream(dir / "value.json") << R"({"tensor": "out1.npy", "dtype": "complex64", "shape": [2]})";
    EXPECT_TRUE(harness::JudgeStoredOutputs(dir.string(), dir.string(), "default").contains("unsupported"));
    EXPECT_TRUE(harness::JudgeStoredOutputs(dir.string(), (dir / "missing").string(), "default").contains("unsupported"));
    EXPECT_TRUE(harness::JudgeStoredOutputs(dir.string(), dir.string(), "custom").contains("unsupported"));
    fs::remove_all(dir);
}
