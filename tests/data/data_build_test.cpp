// akgen data on synthetic run directories (tests/data/synthetic_runs.h): the record counts each
// outcome deserves, quality controls (dedup, near-dup, decontamination, split), byte-identical
// rebuilds, and the exports checked against their consumers' schemas — in C++ here, and with
// Python's json and pandas by check_exports.py (which also checks the recipes in recipes/).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "build/compile.h"
#include "data/diff.h"
#include "data/export.h"
#include "data/quality.h"
#include "data/records.h"
#include "data/synthetic_runs.h"
#include "gen/parse.h"

namespace akg::data {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kSource = AKG_SOURCE_DIR;

std::string ReadText(const fs::path& p) { return build::ReadFile(p.string()); }

class DataBuild : public ::testing::Test {
protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() / ("akg-data-" + std::to_string(getpid()) + "-" +
                                             ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(root_);
        run_ = testing::WriteSyntheticRun({root_.string(), 3, 10});
    }
    void TearDown() override {
        if (!HasFailure()) fs::remove_all(root_);
    }
    BuildOutcome Build(const std::string& out, BuildOptions o = {}) {
        o.runs = {run_};
        o.outDir = (root_ / out).string();
        BuildOutcome r = BuildRecords(o);
        EXPECT_EQ(r.error, "");
        return r;
    }
    std::vector<json> Records(const std::string& out) {
        std::vector<json> rs;
        std::string err;
        EXPECT_TRUE(ReadRecordSet((root_ / out).string(), &rs, &err)) << err;
        return rs;
    }
    fs::path root_;
    std::string run_;
};

TEST_F(DataBuild, EveryOutcomeGivesItsRecords) {
    const BuildOutcome r = Build("out");
    // Per task: samples 0,4,5,9 pass; 1,6 do not compile; 2,7 wrong values; 3,8 a diagnostic.
    EXPECT_EQ(r.manifest["records"]["sft"], 12);
    EXPECT_EQ(r.manifest["records"]["compile_fix"], 6);
    EXPECT_EQ(r.manifest["records"]["numeric_fix"], 12);
    EXPECT_EQ(r.manifest["records"]["dpo"], 12);
    EXPECT_EQ(r.manifest["records"]["repair"], 0);
    for (auto& rec : Records("out")) {
        ASSERT_TRUE(rec.contains("id") && rec.contains("split") && rec.contains("sources")) << rec.dump();
        for (auto& s : rec["sources"]) {
            EXPECT_EQ(s["akgen_version"], "synthetic");
            EXPECT_EQ(s["platform"], "Ascend910B1");
            EXPECT_FALSE(s["files_sha256"].empty());
        }
        const std::string kind = rec["kind"];
        if (kind == "sft") {
            EXPECT_EQ(rec["sources"][0]["class"], "pass");
            EXPECT_EQ(rec["sources"][0]["splits_judged"], json({"hidden", "public"}));
        }
        if (kind == "compile_fix") {
            const std::string repair = rec["prompt"].back()["content"];
            EXPECT_NE(repair.find("compile.scope_lifetime"), std::string::npos) << repair;
            EXPECT_NE(repair.find("op_kernel/op"), std::string::npos) << repair;
            EXPECT_NE(rec["response"].get<std::string>().find("```diff"), std::string::npos);
        }
        if (kind == "numeric_fix") {
            const std::string repair = rec["prompt"].back()["content"];
            EXPECT_EQ(repair.find("h0"), std::string::npos) << "hidden case described: " << repair;
        }
        if (kind == "dpo") {
            EXPECT_EQ(rec["sources"][0]["class"], "pass");
            EXPECT_NE(rec["rejected_class"], "pass");
        }
        // No hidden case row reaches a prompt.
        for (auto& m : rec.value("prompt", json::array())) EXPECT_EQ(m["content"].get<std::string>().find("[700"), std::string::npos);
    }
}

TEST_F(DataBuild, VerifiedExpertAnswersAreResponsesToo) {
    // A run of the tasks' own answers (answer/0, written with other code than any sample): each
    // passed every case, so each is an sft response, with the prompt akgen gen would send.
    const fs::path answers = root_ / "answers-run";
    fs::create_directories(answers);
    std::ofstream(answers / "run.json") << json{{"tasks_root", (root_ / "tasks").string()}, {"candidates", "answer"},
                                                 {"mode", "kernel"}, {"soc", "Ascend910B1"}, {"akgen_version", "synthetic"}}
                                                   .dump();
    fs::create_directories(answers / "records");
    std::ofstream lines(answers / "records" / "all.jsonl");
    for (int t = 0; t < 3; ++t) {
        const std::string op = "Op" + std::to_string(t), id = "level1/Synth/" + op;
        std::ofstream(root_ / "tasks" / id / "answer" / "0" / "op_kernel" / ("op" + std::to_string(t) + ".cpp"))
            << testing::SyntheticKernel(t, 33);
        const json ident = {{"task", id}, {"level", 1}, {"category", "Synth"}, {"op", op}, {"sample", 0}};
        json s = ident;
        s.update({{"kind", "sample"}, {"compiled", true}, {"class", "pass"}});
        lines << s.dump() << "\n";
        for (const char* c : {"0", "1", "h0"}) {
            json r = ident;
            r.update({{"kind", "case"}, {"case", c}, {"passed", true}, {"class", "pass"}, {"stage", "done"}});
            lines << r.dump() << "\n";
        }
    }
    lines.close();
    BuildOptions o;
    o.runs = {run_, answers.string()};
    o.outDir = (root_ / "out").string();
    const BuildOutcome r = BuildRecords(o);
    ASSERT_EQ(r.error, "");
    EXPECT_EQ(r.manifest["records"]["sft"], 15);
    int experts = 0;
    for (auto& rec : Records("out"))
        if (rec["kind"] == "sft" && rec["sources"][0]["candidate"].get<std::string>().find("answer/0") != std::string::npos) {
            ++experts;
            EXPECT_NE(rec["prompt"][1]["content"].get<std::string>().find(rec["task"].get<std::string>()), std::string::npos);
        }
    EXPECT_EQ(experts, 3);
}

TEST_F(DataBuild, OptionsAddCompileAndSpeedPairs) {
    BuildOptions o;
    o.compileRejects = true;
    o.speedMargin = 0.1;  // sample times are 10 + K us: 9 (19 us) and 5 (15 us) are slower than 0 (10 us) by > 10 %
    const BuildOutcome r = Build("out", o);
    int compile = 0, speed = 0;
    for (auto& rec : Records("out")) {
        if (rec.value("pair", "") == "compile") ++compile;
        if (rec.value("pair", "") == "speed") {
            ++speed;
            EXPECT_LT(rec["sources"][0]["sim_time_us"].get<double>() * 1.1, rec["sources"][1]["sim_time_us"].get<double>());
        }
    }
    EXPECT_EQ(compile, 6);
    EXPECT_EQ(speed, 9);  // samples 4, 5, 9 against sample 0, per task
}

TEST_F(DataBuild, TwoBuildsAreByteIdentical) {
    Build("a");
    Build("b");
    for (const char* f : {"records.jsonl", "manifest.json"})
        EXPECT_EQ(ReadText(root_ / "a" / f), ReadText(root_ / "b" / f)) << f;
    std::vector<json> rs = Records("a");
    ASSERT_TRUE(ExportRecords(rs, "all", (root_ / "ea").string()).error.empty());
    ASSERT_TRUE(ExportRecords(rs, "all", (root_ / "eb").string()).error.empty());
    for (auto& e : fs::recursive_directory_iterator(root_ / "ea"))
        if (e.is_regular_file()) {
            EXPECT_EQ(ReadText(e.path()), ReadText(root_ / "eb" / fs::relative(e.path(), root_ / "ea")));
        }
}

TEST_F(DataBuild, ExactAndNearDuplicatesAreDropped) {
    // Sample 5 of task 0 becomes sample 0 with other comments and layout; sample 9 becomes
    // sample 4 with one constant changed.
    const fs::path op = root_ / "samples" / "lvl1" / "Synth" / "Op0";
    std::string s0 = ReadText(op / "sample0" / "src" / "op_kernel" / "op0.cpp");
    std::string relaid = "// another comment\n" + s0;
    for (size_t p; (p = relaid.find("    ")) != std::string::npos;) relaid.replace(p, 4, "\t");
    std::ofstream(op / "sample5" / "src" / "op_kernel" / "op0.cpp") << relaid;
    std::string s4 = ReadText(op / "sample4" / "src" / "op_kernel" / "op0.cpp");
    s4.replace(s4.find("len_ = 13"), 9, "len_ = 14");
    std::ofstream(op / "sample9" / "src" / "op_kernel" / "op0.cpp") << s4;
    const BuildOutcome r = Build("out");
    EXPECT_EQ(r.manifest["dropped"]["exact_duplicate"], 1);
    EXPECT_EQ(r.manifest["dropped"]["near_duplicate"], 1);
    EXPECT_EQ(r.manifest["records"]["sft"], 10);
}

TEST_F(DataBuild, DecontaminationDropsExcludedTasksAndAPlantedNearCopy) {
    // The evaluation set: its own version of Op0 (dropped by name) and a task whose kernel we plant,
    // lightly edited, as a passing sample of Op2.
    const fs::path eval = root_ / "evalset" / "level1" / "Bench";
    const std::string foreign =
        "#include \"kernel_operator.h\"\n// evaluation kernel\nextern \"C\" __global__ __aicore__ void softsign_eval(GM_ADDR x, "
        "GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)\n{\n    GET_TILING_DATA(tilingData, tiling);\n    KernelSoftsign op;\n"
        "    op.Init(x, y, tilingData.totalLength, tilingData.tileNum, tilingData.blockLength);\n    op.Process();\n"
        "    pipe.InitBuffer(inQueueX, BUFFER_NUM, tileLength * sizeof(DTYPE_X));\n    Abs(tmp, xLocal, tileLength);\n"
        "    Adds(tmp, tmp, (DTYPE_X)1.0, tileLength);\n    Div(yLocal, xLocal, tmp, tileLength);\n}\n";
    for (const char* t : {"Op0", "Softsign"}) {
        const fs::path task = eval / t;
        fs::create_directories(task / "validation");
        fs::create_directories(task / "answer" / "0" / "op_host");
        fs::create_directories(task / "answer" / "0" / "op_kernel");
        std::ofstream(task / "validation" / "module.py") << "# reference\n";
        std::ofstream(task / "validation" / "pybind.cpp") << "// glue\n";
        std::ofstream(task / "validation" / "test_cases.csv") << "case_id;shape\n0;[3]\n";
        std::ofstream(task / "answer" / "0" / "op_kernel" / "k.cpp") << (std::string(t) == "Op0" ? "// unrelated\n" : foreign);
    }
    std::string planted = foreign;
    planted.replace(planted.find("softsign_eval"), 13, "op2");
    planted.replace(planted.find("// evaluation kernel"), 20, "// my own kernel");
    std::ofstream(root_ / "samples" / "lvl1" / "Synth" / "Op2" / "sample4" / "src" / "op_kernel" / "op2.cpp") << planted;

    BuildOptions o;
    o.excludeTasks = {(root_ / "evalset").string()};
    const BuildOutcome r = Build("out", o);
    const std::vector<json> rs = Records("out");
    int op2 = 0;
    for (auto& rec : rs) {
        EXPECT_NE(rec["task"], "level1/Synth/Op0");
        for (const char* f : {"response_files", "chosen_files", "rejected_files", "failing_files"})
            if (rec.contains(f)) {
                for (auto& [_, c] : rec[f].items()) EXPECT_EQ(c.get<std::string>().find("softsign"), std::string::npos);
            }
        op2 += rec["task"] == "level1/Synth/Op2";
    }
    EXPECT_EQ(r.manifest["dropped"]["decontaminated_task"], 14);  // every record of Op0
    // The planted sample is sft, and chosen of one DPO pair: both dropped, the rest of Op2 kept.
    EXPECT_EQ(r.manifest["dropped"]["decontaminated_ngram"], 2);
    EXPECT_EQ(op2, 12);
}

TEST_F(DataBuild, SplitIsByTask) {
    BuildOptions o;
    o.validationFraction = 0.5;
    Build("out", o);
    std::map<std::string, std::set<std::string>> splits;
    for (auto& rec : Records("out")) splits[rec["task"]].insert(rec["split"]);
    for (auto& [task, s] : splits) {
        EXPECT_EQ(s.size(), 1u) << task;
        EXPECT_EQ(*s.begin() == "validation", IsValidationTask(task, 0.5)) << task;
    }
}

TEST(DataQuality, NormalisedCodeIgnoresCommentsAndLayout) {
    EXPECT_EQ(NormaliseCode("int  a = 1; // one\n/* two */ int b;\n"), NormaliseCode("int a = 1;\n\tint b;"));
    EXPECT_NE(NormaliseCode("s = \"a  // b\";"), NormaliseCode("s = \"a // b\";"));
}

TEST(DataQuality, MinHashSeparatesDifferentCode) {
    std::string a, b;
    for (int i = 0; i < 60; ++i) a += "Add(y" + std::to_string(i) + ", x, z, len);\n";
    b = a;
    b.replace(b.find("y7,"), 3, "w7,");
    EXPECT_GT(EstimatedJaccard(MinHashOf(a), MinHashOf(b)), 0.85);
    std::string c;
    for (int i = 0; i < 60; ++i) c += "Mul(q" + std::to_string(i * 7) + ", r, s, n);\n";
    EXPECT_LT(EstimatedJaccard(MinHashOf(a), MinHashOf(c)), 0.2);
    EXPECT_EQ(NearDuplicates({MinHashOf(a), MinHashOf(c), MinHashOf(b)}, 0.85), (std::vector<bool>{false, false, true}));
}

TEST(DataQuality, DiffShowsTheChangedLines) {
    const std::string d = UnifiedDiff("op_kernel/k.cpp", "a\nb\nc\nd\ne\nf\n", "a\nb\nC\nd\ne\nf\n");
    EXPECT_EQ(d, "--- a/op_kernel/k.cpp\n+++ b/op_kernel/k.cpp\n@@ -1,5 +1,5 @@\n a\n b\n-c\n+C\n d\n e\n");
    EXPECT_EQ(UnifiedDiff("x", "same\n", "same\n"), "");
}

TEST(DataRecords, ResponsesParseBackToTheirFiles) {
    const std::map<std::string, std::string> kernel = {{"op_kernel/k.cpp", "int k;\n"}};
    const std::map<std::string, std::string> both = {{"op_host/h.cpp", "int h;"}, {"op_kernel/k.cpp", "int k;\n"}};
    EXPECT_EQ(gen::ParseAnswer(ResponseText("why", kernel, "kernel"), {"op_kernel/k.cpp"}).files, kernel);
    const auto parsed = gen::ParseAnswer(ResponseText("", both, "host+kernel"), {"op_host/h.cpp", "op_kernel/k.cpp"});
    EXPECT_EQ(parsed.files.at("op_kernel/k.cpp"), "int k;\n");
}

TEST_F(DataBuild, ExportsFollowTheConsumersSchemas) {
    BuildOptions o;
    o.validationFraction = 0.4;
    Build("out", o);
    const fs::path ex = root_ / "export";
    const ExportOutcome e = ExportRecords(Records("out"), "all", ex.string());
    ASSERT_EQ(e.error, "");
    auto lines = [&](const std::string& rel) {
        std::vector<json> out;
        std::istringstream s(ReadText(ex / rel));
        for (std::string l; std::getline(s, l);) out.push_back(json::parse(l));
        return out;
    };
    for (auto& l : lines("llamafactory/akg_sft_alpaca_train.jsonl")) {
        for (const char* k : {"instruction", "input", "output", "system"}) EXPECT_TRUE(l[k].is_string()) << k;
        EXPECT_TRUE(l["history"].is_array());
        for (auto& h : l["history"]) EXPECT_TRUE(h.is_array() && h.size() == 2);
    }
    for (auto& l : lines("llamafactory/akg_dpo_sharegpt_train.jsonl")) {
        ASSERT_TRUE(l["conversations"].is_array());
        EXPECT_EQ(l["conversations"].back()["from"], "human");
        EXPECT_EQ(l["chosen"]["from"], "gpt");
        EXPECT_TRUE(l["rejected"]["value"].is_string());
    }
    for (auto& l : lines("trl/dpo_train.jsonl")) {
        EXPECT_EQ(l["prompt"].back()["role"], "user");
        EXPECT_EQ(l["chosen"][0]["role"], "assistant");
        EXPECT_EQ(l["rejected"][0]["role"], "assistant");
    }
    for (auto& l : lines("trl/sft_train.jsonl")) EXPECT_EQ(l["messages"].back()["role"], "assistant");
    for (auto& l : lines("openrlhf/dpo_train.jsonl")) {
        EXPECT_EQ(l["chosen"].back()["role"], "assistant");
        EXPECT_EQ(l["chosen"][l["chosen"].size() - 2], l["rejected"][l["rejected"].size() - 2]);
    }
    const auto rl = lines("verl/rl_train.jsonl");
    EXPECT_FALSE(rl.empty());
    for (auto& l : rl) {
        EXPECT_TRUE(l["data_source"].is_string() && l["ability"].is_string() && l["prompt"].is_array());
        EXPECT_EQ(l["reward_model"]["ground_truth"], l["extra_info"]["task"]);
    }
    // Python's json and pandas read every file; the recipes name only datasets and keys that exist.
    const std::string cmd = "/usr/bin/python3 " + (kSource / "tests" / "data" / "check_exports.py").string() + " " +
                            ex.string() + " " + (kSource / "recipes").string();
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
}

TEST_F(DataBuild, StatsCountKindsAndLengths) {
    Build("out");
    const json s = RecordStats(Records("out"));
    EXPECT_EQ(s["records"], 42);
    EXPECT_EQ(s["kinds"]["sft"], 12);
    EXPECT_EQ(s["classes"]["rejected"]["wrong_values"], 6);
    EXPECT_LE(s["approx_tokens"]["p50"].get<double>(), s["approx_tokens"]["p90"].get<double>());
    EXPECT_NE(FormatStats(s).find("kinds: compile_fix=6"), std::string::npos) << FormatStats(s);
}

}  // namespace
}  // namespace akg::data
