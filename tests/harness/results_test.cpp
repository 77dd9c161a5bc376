#include "harness/results.h"

#include <stdlib.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

namespace akg::harness {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A fresh run directory per test, removed afterwards.
class ResultsTest : public ::testing::Test {
protected:
    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "akg-results-XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        runDir = pattern;
    }
    void TearDown() override { fs::remove_all(runDir); }

    std::string RecordFile(const std::string& shard) const { return runDir + "/records/" + shard + ".jsonl"; }

    std::string runDir;
};

RecordIdentity Identity(const std::string& task, int sample) {
    RecordIdentity id;
    id.task = task;
    id.level = task[5] - '0';  // "levelN/..."
    auto slash = task.find('/', 7);
    id.category = task.substr(7, slash - 7);
    id.op = task.substr(slash + 1);
    id.sample = sample;
    return id;
}

SampleRecord Build(const std::string& task, int sample, bool compiled, const std::string& cls = "pass",
                   std::optional<int> caseCount = std::nullopt) {
    SampleRecord r;
    static_cast<RecordIdentity&>(r) = Identity(task, sample);
    r.compiled = compiled;
    r.cls = cls;
    r.caseCount = caseCount;
    return r;
}

CaseRecord Case(const std::string& task, int sample, const std::string& caseId, const std::string& cls,
                int trial = 0) {
    CaseRecord r;
    static_cast<RecordIdentity&>(r) = Identity(task, sample);
    r.caseId = caseId;
    r.trial = trial;
    r.passed = cls == "pass";
    r.stage = r.passed ? "done" : "compare";
    r.cls = cls;
    return r;
}

std::string ReadText(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// --- Records -------------------------------------------------------------------------------------

TEST(ResultsRecords, SampleRoundTrip) {
    SampleRecord built = Build("level2/Fused/MatmulAdd", 3, false, "compile.syntax", 12);
    built.error = "op_kernel/kernel.cpp:7: expected ';'";
    built.seconds = 4.5;
    SampleRecord back;
    std::string error;
    ASSERT_TRUE(FromJson(json::parse(ToJson(built).dump()), &back, &error)) << error;
    EXPECT_EQ(back.task, "level2/Fused/MatmulAdd");
    EXPECT_EQ(back.level, 2);
    EXPECT_EQ(back.category, "Fused");
    EXPECT_EQ(back.op, "MatmulAdd");
    EXPECT_EQ(back.sample, 3);
    EXPECT_FALSE(back.compiled);
    EXPECT_EQ(back.cls, "compile.syntax");
    EXPECT_EQ(back.error, built.error);
    EXPECT_EQ(back.seconds, 4.5);
    EXPECT_EQ(back.caseCount, 12);

    built.caseCount.reset();
    ASSERT_TRUE(FromJson(ToJson(built), &back, &error)) << error;
    EXPECT_FALSE(back.caseCount.has_value());
}

TEST(ResultsRecords, CaseRoundTrip) {
    CaseRecord c = Case("level1/Activation/Gelu", 0, "7", "diagnostic.UB_OUT_OF_RANGE", 2);
    c.seed = 1234567890123ull;
    c.error = "UB access out of range";
    c.diagnostics.push_back({"UB_OUT_OF_RANGE", "memory", "read past UB", "kernel.cpp:42", 3, 5});
    c.outputs.push_back({"y", 0.5, 0.25, 17});
    c.outputs.push_back({"z", std::nan(""), 0, 1});
    c.seconds = 1.25;
    c.simTimeUs = 88.5;
    c.hwBoundUs = 12.5;
    c.hwBoundRule = "declared";
    CaseRecord back;
    std::string error;
    ASSERT_TRUE(FromJson(json::parse(ToJson(c).dump()), &back, &error)) << error;
    EXPECT_EQ(back.task, c.task);
    EXPECT_EQ(back.caseId, "7");
    EXPECT_EQ(back.trial, 2);
    EXPECT_EQ(back.seed, 1234567890123ull);
    EXPECT_FALSE(back.passed);
    EXPECT_EQ(back.stage, "compare");
    EXPECT_EQ(back.cls, "diagnostic.UB_OUT_OF_RANGE");
    EXPECT_EQ(back.error, c.error);
    ASSERT_EQ(back.diagnostics.size(), 1u);
    EXPECT_EQ(back.diagnostics[0].code, "UB_OUT_OF_RANGE");
    EXPECT_EQ(back.diagnostics[0].category, "memory");
    EXPECT_EQ(back.diagnostics[0].message, "read past UB");
    EXPECT_EQ(back.diagnostics[0].location, "kernel.cpp:42");
    EXPECT_EQ(back.diagnostics[0].core, 3);
    EXPECT_EQ(back.diagnostics[0].count, 5);
    ASSERT_EQ(back.outputs.size(), 2u);
    EXPECT_EQ(back.outputs[0].name, "y");
    EXPECT_EQ(back.outputs[0].maxAbsError, 0.5);
    EXPECT_EQ(back.outputs[0].maxRelError, 0.25);
    EXPECT_EQ(back.outputs[0].mismatches, 17);
    EXPECT_TRUE(std::isnan(back.outputs[1].maxAbsError));  // non-finite is written as null
    EXPECT_EQ(back.seconds, 1.25);
    EXPECT_EQ(back.simTimeUs, 88.5);
    EXPECT_EQ(back.hwBoundUs, 12.5);
    EXPECT_EQ(back.hwBoundRule, "declared");

    c.simTimeUs.reset();
    c.hwBoundUs.reset();
    c.hwBoundRule.clear();
    ASSERT_TRUE(FromJson(ToJson(c), &back, &error)) << error;
    EXPECT_FALSE(back.simTimeUs.has_value());
    EXPECT_TRUE(ToJson(c)["hw_bound_rule"].is_null());
    EXPECT_EQ(back.hwBoundRule, "");
}

TEST(ResultsRecords, UnknownFieldsIgnoredAndOptionalFieldsDefault) {
    json minimal = {{"kind", "case"},     {"task", "level1/Math/Add"}, {"level", 1}, {"category", "Math"},
                    {"op", "Add"},        {"sample", 0},               {"case", "0"}, {"passed", true},
                    {"class", "pass"},    {"added_later", {{"x", 1}}}};
    CaseRecord c;
    std::string error;
    ASSERT_TRUE(FromJson(minimal, &c, &error)) << error;
    EXPECT_EQ(c.trial, 0);
    EXPECT_EQ(c.seed, 0u);
    EXPECT_EQ(c.stage, "");
    EXPECT_TRUE(c.diagnostics.empty());
    EXPECT_TRUE(c.outputs.empty());
    EXPECT_EQ(c.seconds, 0);
    EXPECT_FALSE(c.simTimeUs.has_value());

    json sample = {{"kind", "sample"}, {"task", "level1/Math/Add"}, {"level", 1}, {"category", "Math"},
                   {"op", "Add"},      {"sample", 0},               {"compiled", true}, {"class", "pass"},
                   {"new_field", "x"}};
    SampleRecord s;
    ASSERT_TRUE(FromJson(sample, &s, &error)) << error;
    EXPECT_TRUE(s.compiled);
    EXPECT_EQ(s.error, "");
    EXPECT_FALSE(s.caseCount.has_value());
}

TEST(ResultsRecords, RejectsWrongKindAndMissingRequiredFields) {
    std::string error;
    SampleRecord s;
    EXPECT_FALSE(FromJson(ToJson(Case("level1/Math/Add", 0, "0", "pass")), &s, &error));
    EXPECT_NE(error.find("kind"), std::string::npos) << error;
    json noPassed = ToJson(Case("level1/Math/Add", 0, "0", "pass"));
    noPassed.erase("passed");
    CaseRecord c;
    EXPECT_FALSE(FromJson(noPassed, &c, &error));
    json badType = ToJson(Build("level1/Math/Add", 0, true));
    badType["compiled"] = "yes";
    EXPECT_FALSE(FromJson(badType, &s, &error));
}

// --- Writing and reading -----------------------------------------------------------------------

TEST_F(ResultsTest, TruncatedLastLineIsIgnoredAndCounted) {
    {
        RecordWriter writer(runDir, "all");
        writer.Append(Build("level1/Math/Add", 0, true));
        writer.Append(Case("level1/Math/Add", 0, "0", "pass"));
    }
    std::string whole = ToJson(Case("level1/Math/Add", 0, "1", "pass")).dump();
    std::ofstream(RecordFile("all"), std::ios::app) << whole.substr(0, whole.size() / 2);  // killed mid-write

    RunRecords records = ReadRecords(runDir);
    EXPECT_EQ(records.Samples().size(), 1u);
    EXPECT_EQ(records.Cases().size(), 1u);
    EXPECT_EQ(records.truncatedLines, 1);
    EXPECT_TRUE(records.invalidLines.empty());

    // Resuming cuts the partial line off before appending, so nothing is glued onto it.
    {
        RecordWriter writer(runDir, "all");
        writer.Append(Case("level1/Math/Add", 0, "1", "pass"));
    }
    records = ReadRecords(runDir);
    EXPECT_EQ(records.Cases().size(), 2u);
    EXPECT_EQ(records.truncatedLines, 0);
    EXPECT_TRUE(records.invalidLines.empty());
}

TEST_F(ResultsTest, InvalidWholeLinesAreReportedAndSkipped) {
    {
        RecordWriter writer(runDir, "all");
        writer.Append(Build("level1/Math/Add", 0, true));
    }
    std::ofstream(RecordFile("all"), std::ios::app) << "not json\n{\"kind\":\"future\"}\n\n";
    {
        RecordWriter writer(runDir, "all");
        writer.Append(Case("level1/Math/Add", 0, "0", "pass"));
    }
    RunRecords records = ReadRecords(runDir);
    EXPECT_EQ(records.Samples().size(), 1u);
    EXPECT_EQ(records.Cases().size(), 1u);
    ASSERT_EQ(records.invalidLines.size(), 2u);
    EXPECT_EQ(records.invalidLines[0].rfind("records/all.jsonl:2: ", 0), 0u) << records.invalidLines[0];
    EXPECT_EQ(records.invalidLines[1].rfind("records/all.jsonl:3: ", 0), 0u) << records.invalidLines[1];
}

TEST_F(ResultsTest, ShardsMergeAndLaterDuplicatesReplace) {
    {
        RecordWriter first(runDir, "shard-1-of-2");
        first.Append(Build("level1/Math/Add", 0, true));
        first.Append(Case("level1/Math/Add", 0, "0", "wrong_values"));
        first.Append(Case("level1/Math/Add", 0, "1", "pass"));
        RecordWriter second(runDir, "shard-2-of-2");
        second.Append(Build("level1/Math/Mul", 0, true));
        second.Append(Case("level1/Math/Mul", 0, "0", "pass"));
        second.Append(Case("level1/Math/Add", 0, "0", "pass"));  // re-run of the same case
    }
    RunRecords records = ReadRecords(runDir);
    EXPECT_EQ(records.Samples().size(), 2u);
    ASSERT_EQ(records.Cases().size(), 3u);
    EXPECT_EQ(records.Cases()[0].task, "level1/Math/Add");
    EXPECT_EQ(records.Cases()[0].caseId, "0");
    EXPECT_TRUE(records.Cases()[0].passed);  // replaced in place by the later record
    EXPECT_EQ(records.Cases()[0].cls, "pass");
}

TEST_F(ResultsTest, MissingRecordsDirectoryReadsAsEmptyRun) {
    RunRecords records = ReadRecords(runDir);
    EXPECT_TRUE(records.Samples().empty());
    EXPECT_TRUE(records.Cases().empty());
    EXPECT_EQ(records.truncatedLines, 0);
}

TEST_F(ResultsTest, ResumeQueries) {
    {
        RecordWriter writer(runDir, "all");
        writer.Append(Build("level1/Math/Add", 2, true));
        writer.Append(Case("level1/Math/Add", 2, "5", "pass", 1));
    }
    RunRecords records = ReadRecords(runDir);
    EXPECT_TRUE(records.HasSample("level1/Math/Add", 2));
    EXPECT_FALSE(records.HasSample("level1/Math/Add", 0));
    EXPECT_FALSE(records.HasSample("level1/Math/Mul", 2));
    EXPECT_TRUE(records.HasCase("level1/Math/Add", 2, "5", 1));
    EXPECT_FALSE(records.HasCase("level1/Math/Add", 2, "5", 0));
    EXPECT_FALSE(records.HasCase("level1/Math/Add", 2, "4", 1));
    EXPECT_FALSE(records.HasCase("level1/Math/Add", 1, "5", 1));
}

TEST_F(ResultsTest, ConcurrentAppendsYieldOnlyWholeLines) {
    constexpr int kThreads = 8, kPerThread = 200;
    {
        RecordWriter writer(runDir, "all");
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t)
            threads.emplace_back([&writer, t] {
                for (int i = 0; i < kPerThread; ++i) {
                    CaseRecord c = Case("level1/Math/Add", t, std::to_string(i), "wrong_values");
                    c.error = std::string(3000 + 97 * t, char('a' + t));  // long lines, distinct per thread
                    writer.Append(c);
                }
            });
        for (auto& thread : threads) thread.join();
    }
    RunRecords records = ReadRecords(runDir);
    EXPECT_EQ(records.Cases().size(), size_t(kThreads * kPerThread));
    EXPECT_TRUE(records.invalidLines.empty());
    EXPECT_EQ(records.truncatedLines, 0);
    for (auto& c : records.Cases()) EXPECT_EQ(c.error, std::string(3000 + 97 * c.sample, char('a' + c.sample)));
}

// --- Summary -------------------------------------------------------------------------------------

TEST(PassAtK, KnownValues) {
    EXPECT_NEAR(PassAtK(5, 2, 2), 0.7, 1e-12);  // 1 - C(3,2)/C(5,2) = 1 - 3/10
    EXPECT_NEAR(PassAtK(10, 3, 1), 0.3, 1e-12);
    EXPECT_EQ(PassAtK(10, 3, 10), 1.0);
    EXPECT_EQ(PassAtK(10, 0, 1), 0.0);
    EXPECT_EQ(PassAtK(10, 10, 1), 1.0);
    EXPECT_NEAR(PassAtK(200, 1, 100), 0.5, 1e-12);  // 1 - C(199,100)/C(200,100) = 1 - 100/200
    double large = PassAtK(1000, 17, 100);          // C(1000,100) overflows any integer type
    EXPECT_GT(large, 0.0);
    EXPECT_LT(large, 1.0);
}

TEST(PassAtK, RejectsImpossibleArguments) {
    EXPECT_THROW(PassAtK(5, 6, 1), std::invalid_argument);
    EXPECT_THROW(PassAtK(5, -1, 1), std::invalid_argument);
    EXPECT_THROW(PassAtK(5, 2, 0), std::invalid_argument);
    EXPECT_THROW(PassAtK(5, 2, 6), std::invalid_argument);
}

// Level 1: Add passes everything, Mul fails 3 of 4 cases, Sub does not compile.
// Level 2: MatmulAdd has 10 samples: 3 pass, 4 fail one of two cases, 3 do not compile.
RunRecords HandBuiltRun() {
    RunRecords r;
    r.Add(Build("level1/Math/Add", 0, true));
    for (std::string id : {"0", "1"})
        for (int trial : {0, 1}) r.Add(Case("level1/Math/Add", 0, id, "pass", trial));

    r.Add(Build("level1/Math/Mul", 0, true));
    r.Add(Case("level1/Math/Mul", 0, "10", "timeout"));  // finished first, but case 2 comes first
    r.Add(Case("level1/Math/Mul", 0, "3", "crash"));
    r.Add(Case("level1/Math/Mul", 0, "2", "wrong_values"));
    r.Add(Case("level1/Math/Mul", 0, "0", "pass"));

    r.Add(Build("level1/Math/Sub", 0, false, "compile.syntax", 6));  // 3 cases x 2 trials

    const std::string task = "level2/Fused/MatmulAdd";
    for (int s = 0; s < 10; ++s) {
        if (s >= 7) {
            r.Add(Build(task, s, false, "compile.api_signature", 2));
            continue;
        }
        r.Add(Build(task, s, true));
        r.Add(Case(task, s, "0", "pass"));
        r.Add(Case(task, s, "1", s < 3 ? "pass" : "wrong_values"));
    }
    return r;
}

TEST(ResultsSummary, HandBuiltRun) {
    json run = {{"trials", 2}, {"mode", "kernel"}};
    Timing timing{60, 120, 2, 70, 30, {}};  // wall, evaluations, workers, build s, simulator s
    for (int i = 1; i <= 11; ++i) timing.caseOverheadSeconds.push_back(i * 0.001);  // 1..11 ms
    json summary = ComputeSummary(HandBuiltRun(), run, timing);

    EXPECT_EQ(summary["run"], run);

    const json& tasks = summary["tasks"];
    ASSERT_EQ(tasks.size(), 13u);  // ordered by level, task, sample
    const json& add = tasks[0];
    EXPECT_EQ(add["task"], "level1/Math/Add");
    EXPECT_EQ(add["level"], 1);
    EXPECT_EQ(add["category"], "Math");
    EXPECT_EQ(add["op"], "Add");
    EXPECT_EQ(add["sample"], 0);
    EXPECT_EQ(add["cases"], 4);  // 2 case ids x 2 trials
    EXPECT_EQ(add["passed"], 4);
    EXPECT_EQ(add["score"], 100.0);
    EXPECT_EQ(add["compiled"], true);
    EXPECT_EQ(add["class"], "pass");
    const json& mul = tasks[1];
    EXPECT_EQ(mul["op"], "Mul");
    EXPECT_EQ(mul["cases"], 4);
    EXPECT_EQ(mul["passed"], 1);
    EXPECT_EQ(mul["score"], 25.0);
    EXPECT_EQ(mul["class"], "wrong_values");
    const json& sub = tasks[2];
    EXPECT_EQ(sub["op"], "Sub");
    EXPECT_EQ(sub["compiled"], false);
    EXPECT_EQ(sub["cases"], 6);  // its case_count
    EXPECT_EQ(sub["passed"], 0);
    EXPECT_EQ(sub["score"], 0.0);
    EXPECT_EQ(sub["class"], "compile.syntax");
    EXPECT_EQ(tasks[3]["task"], "level2/Fused/MatmulAdd");
    EXPECT_EQ(tasks[3]["sample"], 0);
    EXPECT_EQ(tasks[6]["class"], "wrong_values");
    EXPECT_EQ(tasks[6]["score"], 50.0);
    EXPECT_EQ(tasks[12]["sample"], 9);
    EXPECT_EQ(tasks[12]["cases"], 2);

    const json& levels = summary["levels"];
    ASSERT_EQ(levels.size(), 2u);
    EXPECT_EQ(levels["1"]["tasks"], 3);
    EXPECT_NEAR(levels["1"]["score"].get<double>(), 125.0 / 3, 1e-9);
    EXPECT_EQ(levels["1"]["compiled"], 2);
    EXPECT_EQ(levels["1"]["passed_tasks"], 1);
    EXPECT_EQ(levels["2"]["tasks"], 1);
    EXPECT_NEAR(levels["2"]["score"].get<double>(), 50.0, 1e-9);  // (3x100 + 4x50 + 3x0) / 10
    EXPECT_EQ(levels["2"]["compiled"], 1);
    EXPECT_EQ(levels["2"]["passed_tasks"], 1);

    EXPECT_NEAR(summary["final_score"].get<double>(), (0.2 * 125.0 / 3 + 0.3 * 50.0) / 0.5, 1e-9);

    // n = 1 for the level-1 tasks, n = 10 (c = 7 compiled, 3 succeeded) for MatmulAdd.
    const json& compile = summary["pass_at_k"]["compile"];
    const json& execution = summary["pass_at_k"]["execution"];
    EXPECT_NEAR(compile["1"].get<double>(), (1 + 1 + 0 + 0.7) / 4, 1e-12);
    EXPECT_NEAR(compile["10"].get<double>(), 1.0, 1e-12);
    EXPECT_FALSE(compile.contains("100"));
    EXPECT_NEAR(execution["1"].get<double>(), (1 + 0 + 0 + 0.3) / 4, 1e-12);
    EXPECT_NEAR(execution["10"].get<double>(), 1.0, 1e-12);  // only MatmulAdd has n >= 10
    EXPECT_FALSE(execution.contains("100"));

    json expectedClasses = {{"compile.api_signature", 3}, {"compile.syntax", 1}, {"crash", 1},
                            {"timeout", 1},              {"wrong_values", 5}};
    EXPECT_EQ(summary["failure_classes"], expectedClasses);

    const json& t = summary["timing"];
    EXPECT_EQ(t["wall_seconds"], 60.0);
    EXPECT_EQ(t["evaluations"], 120);
    EXPECT_NEAR(t["evaluations_per_minute"].get<double>(), 120.0, 1e-12);
    EXPECT_NEAR(t["harness_overhead_ms_per_case"].get<double>(), (60.0 * 2 - 70 - 30) * 1000 / 120, 1e-9);
    EXPECT_NEAR(t["case_overhead_ms"]["median"].get<double>(), 6.0, 1e-9);
    EXPECT_NEAR(t["case_overhead_ms"]["p90"].get<double>(), 10.0, 1e-9);
    EXPECT_NEAR(t["case_overhead_ms"]["max"].get<double>(), 11.0, 1e-9);
}

// One task per level with the given score (percent of 4 cases).
double FinalScore(const std::map<int, int>& passedOfFourByLevel) {
    RunRecords r;
    for (auto [level, passed] : passedOfFourByLevel) {
        std::string task = "level" + std::to_string(level) + "/Cat/Op";
        r.Add(Build(task, 0, true));
        for (int i = 0; i < 4; ++i) r.Add(Case(task, 0, std::to_string(i), i < passed ? "pass" : "wrong_values"));
    }
    json summary = ComputeSummary(r, json::object(), Timing{});
    return summary["final_score"].is_null() ? -1 : summary["final_score"].get<double>();
}

TEST(ResultsSummary, FinalScoreWeights) {
    EXPECT_NEAR(FinalScore({{1, 4}, {2, 2}, {3, 1}}), 0.2 * 100 + 0.3 * 50 + 0.5 * 25, 1e-9);
    EXPECT_NEAR(FinalScore({{3, 1}}), 25, 1e-9);                                    // renormalised
    EXPECT_NEAR(FinalScore({{1, 4}, {3, 2}}), (0.2 * 100 + 0.5 * 50) / 0.7, 1e-9);  // level 2 absent
    EXPECT_EQ(FinalScore({}), -1);                                                  // null: no level
}

TEST(ResultsSummary, SeveralSamplesOfATaskAverageIntoTheLevelScore) {
    RunRecords r;
    for (int s = 0; s < 2; ++s) {
        r.Add(Build("level1/Math/Add", s, true));
        r.Add(Case("level1/Math/Add", s, "0", s == 0 ? "pass" : "wrong_values"));
    }
    r.Add(Build("level1/Math/Mul", 0, true));
    r.Add(Case("level1/Math/Mul", 0, "0", "pass"));
    json summary = ComputeSummary(r, json::object(), Timing{});
    EXPECT_NEAR(summary["levels"]["1"]["score"].get<double>(), (50 + 100) / 2.0, 1e-9);
    EXPECT_EQ(summary["levels"]["1"]["passed_tasks"], 2);
    EXPECT_TRUE(summary["timing"]["harness_overhead_ms_per_case"].is_null());  // no evaluations
    EXPECT_EQ(summary["timing"]["evaluations_per_minute"], 0.0);
}

TEST(ResultsSummary, StaticSamplesOfEachFixedCaseAreSeparateBuilds) {
    // NPUKernelBench's static mode: sample 0 exists once per fixed case. Case 0's kernel built
    // and passed, case 1's did not compile, case 2's built and failed.
    RunRecords r;
    auto build = [&](const std::string& fixedCase, bool compiled, const std::string& cls) {
        SampleRecord s = Build("level1/Math/Add", 0, compiled, cls);
        s.fixedCase = fixedCase;
        s.caseCount = 1;
        return s;
    };
    r.Add(build("0", true, "pass"));
    r.Add(Case("level1/Math/Add", 0, "0", "pass"));
    r.Add(build("1", false, "compile.syntax"));
    r.Add(build("2", true, "pass"));
    r.Add(Case("level1/Math/Add", 0, "2", "wrong_values"));
    EXPECT_EQ(r.Samples().size(), 3u);  // one build record per fixed case, none replaced
    EXPECT_TRUE(r.HasSample("level1/Math/Add", 0, "1"));
    EXPECT_FALSE(r.HasSample("level1/Math/Add", 0));

    json s = ComputeSummary(r, json::object(), Timing{});
    ASSERT_EQ(s["tasks"].size(), 1u);
    const json& t = s["tasks"][0];
    EXPECT_EQ(t["cases"], 3);  // the case whose kernel did not build counts, failed
    EXPECT_EQ(t["passed"], 1);
    EXPECT_EQ(t["compiled"], true);
    EXPECT_EQ(t["class"], "compile.syntax");  // the first fixed case's failure
    EXPECT_EQ(ToJson(r.Samples()[1])["fixed_case"], "1");
    SampleRecord back;
    std::string error;
    ASSERT_TRUE(FromJson(ToJson(r.Samples()[1]), &back, &error)) << error;
    EXPECT_EQ(back.fixedCase, "1");
}

// A case of a candidate with a simulated time and a hardware bound, in µs.
CaseRecord TimedCase(const std::string& task, int sample, const std::string& caseId, double us, double boundUs,
                     const std::string& cls = "pass", const std::string& rule = "generic") {
    CaseRecord c = Case(task, sample, caseId, cls);
    c.simTimeUs = us;
    c.hwBoundUs = boundUs;
    c.hwBoundRule = rule;
    return c;
}

TEST(ResultsSummary, SpeedupFastPAndHapAgainstAReferenceRun) {
    RunRecords reference;  // the answers: 100 µs per case, bound 20 µs
    for (std::string task : {"level1/C/A", "level1/C/B"})
        for (std::string id : {"0", "1"}) reference.Add(TimedCase(task, 0, id, 100, 20));

    RunRecords run;  // generated samples
    // A, sample 0: twice as fast on both cases. Sample 1: correct, at the reference's speed.
    run.Add(TimedCase("level1/C/A", 0, "0", 50, 20));
    run.Add(TimedCase("level1/C/A", 0, "1", 50, 20));
    run.Add(TimedCase("level1/C/A", 1, "0", 100, 20));
    run.Add(TimedCase("level1/C/A", 1, "1", 100, 20));
    // B, sample 0: 4x on one case, 1x on the other (geometric mean 2x); sample 1 wrong.
    run.Add(TimedCase("level1/C/B", 0, "0", 25, 20));
    run.Add(TimedCase("level1/C/B", 0, "1", 100, 20));
    run.Add(TimedCase("level1/C/B", 1, "0", 10, 20, "wrong_values"));  // and below the bound
    run.Add(TimedCase("level1/C/B", 1, "1", 100, 20));
    // C: not in the reference run, so not part of fast_p.
    run.Add(TimedCase("level1/C/C", 0, "0", 100, 20, "pass", "declared"));
    // D, sample 1: correct, but one case simulated below its bound (a time the device cannot
    // reach): no speedup, no HAP, not counted fast, however fast its time looks.
    for (std::string id : {"0", "1"}) reference.Add(TimedCase("level1/C/D", 0, id, 100, 20));
    run.Add(TimedCase("level1/C/D", 0, "0", 100, 20));
    run.Add(TimedCase("level1/C/D", 0, "1", 100, 20));
    run.Add(TimedCase("level1/C/D", 1, "0", 5, 20));
    run.Add(TimedCase("level1/C/D", 1, "1", 50, 20));

    json s = ComputeSummary(run, json::object(), Timing{}, &reference);
    auto sample = [&](const std::string& task, int k) {
        for (auto& t : s["tasks"])
            if (t["task"] == task && t["sample"] == k) return t;
        return json();
    };
    EXPECT_NEAR(sample("level1/C/A", 0)["speedup"].get<double>(), 2.0, 1e-12);
    EXPECT_NEAR(sample("level1/C/A", 0)["sim_time_us"].get<double>(), 100.0, 1e-12);
    EXPECT_NEAR(sample("level1/C/A", 1)["speedup"].get<double>(), 1.0, 1e-12);
    EXPECT_NEAR(sample("level1/C/B", 0)["speedup"].get<double>(), 2.0, 1e-12);
    EXPECT_TRUE(sample("level1/C/B", 1)["speedup"].is_null());  // wrong: no speedup
    EXPECT_TRUE(sample("level1/C/C", 0)["speedup"].is_null());  // no reference
    EXPECT_TRUE(sample("level1/C/D", 1)["speedup"].is_null());
    EXPECT_TRUE(sample("level1/C/D", 1)["hap"].is_null());
    EXPECT_EQ(sample("level1/C/D", 1)["below_hw_bound"], true);
    EXPECT_NEAR(sample("level1/C/D", 1)["sim_time_us"].get<double>(), 55.0, 1e-12);
    EXPECT_EQ(sample("level1/C/D", 0)["below_hw_bound"], false);
    // HAP per case (ref - hw) / ((cand - hw) + (ref - hw)): A0: 80 / (30 + 80) on both cases;
    // the reference's own speed scores 0.5.
    EXPECT_NEAR(sample("level1/C/A", 0)["hap"].get<double>(), 80.0 / 110.0, 1e-12);
    EXPECT_NEAR(sample("level1/C/A", 1)["hap"].get<double>(), 0.5, 1e-12);
    EXPECT_NEAR(sample("level1/C/B", 0)["hap"].get<double>(), (80.0 / 85.0 + 0.5) / 2, 1e-12);

    const json& perf = s["perf"];
    EXPECT_EQ(perf["timed_samples"], 6);  // every correct sample whose cases all carry a time
    EXPECT_EQ(perf["below_hw_bound_cases"], 2);
    // Which rule each timed case's T_hw came from (C's task declares its workload).
    EXPECT_EQ(perf["hw_bound_rules"], json({{"declared", 1}, {"generic", 12}}));
    // fast_0 = correct with a trusted time: A 2/2, B 1/2, D 1/2. fast_1 (strictly faster): A 1/2,
    // B 1/2, D 0/2 (its below-bound sample is not fast). fast_2: none.
    EXPECT_NEAR(perf["fast_p"]["0"].get<double>(), (1.0 + 0.5 + 0.5) / 3, 1e-12);
    EXPECT_NEAR(perf["fast_p"]["0.8"].get<double>(), (1.0 + 0.5 + 0.5) / 3, 1e-12);
    EXPECT_NEAR(perf["fast_p"]["1"].get<double>(), (0.5 + 0.5) / 3, 1e-12);
    EXPECT_NEAR(perf["fast_p"]["1.5"].get<double>(), (0.5 + 0.5) / 3, 1e-12);
    EXPECT_NEAR(perf["fast_p"]["2"].get<double>(), 0.0, 1e-12);
    EXPECT_NEAR(perf["mean_speedup"].get<double>(), std::pow(2.0 * 1.0 * 2.0 * 1.0, 0.25), 1e-12);

    // Without a reference, and not a run of the answers: times, but no speedups.
    json alone = ComputeSummary(run, json::object(), Timing{});
    EXPECT_TRUE(alone["perf"]["fast_p"].is_null());
    EXPECT_EQ(alone["perf"]["timed_samples"], 6);
    // A run of the answers is its own reference (answer/0).
    json answers = ComputeSummary(reference, json{{"candidates", "answer"}}, Timing{});
    EXPECT_NEAR(answers["perf"]["fast_p"]["0.8"].get<double>(), 1.0, 1e-12);
    EXPECT_NEAR(answers["perf"]["fast_p"]["1"].get<double>(), 0.0, 1e-12);
}

TEST_F(ResultsTest, WriteSummaryReplacesAtomically) {
    WriteSummary(runDir, {{"final_score", 1.0}});
    WriteSummary(runDir, {{"final_score", 2.0}});
    EXPECT_EQ(json::parse(ReadText(runDir + "/summary.json")), json({{"final_score", 2.0}}));
    EXPECT_FALSE(fs::exists(runDir + "/summary.json.tmp"));
}

}  // namespace
}  // namespace akg::harness
