// akgen data end to end, with the real akgen binary against the loopback model double: gen asks
// for five samples of each of ten Level-1 tasks and the double replays correct kernels, compile
// failures of all five classes, wrong values, a simulator diagnostic, hostile kernels (an
// environment probe, a fork) and slow but correct ones; bench judges them on one public and one
// hidden case; solve repairs one task in two turns. `akgen data build` must then give exactly the
// records each sample deserves, and every response it keeps must pass when bench judges it again
// (every rejected side fail as labelled), no hostile code may be chosen, no hidden case may reach a
// prompt, and two builds must be byte-identical.
//
// The tasks are copies with one small float32 public case and one hidden case, so that each
// candidate builds one kernel dtype column. AKGEN_CACHE_DIR sits in the build tree: builds and
// goldens persist between runs.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "build/compile.h"
#include "gen/openai_double.h"

namespace akg::data {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using gen::testing::OpenAiDouble;
using gen::testing::ScriptedReply;

const fs::path kSource = AKG_SOURCE_DIR;

std::string ReadText(const fs::path& p) { return build::ReadFile(p.string()); }

std::string Replace(std::string s, const std::string& from, const std::string& to) {
    const size_t p = s.find(from);
    EXPECT_NE(p, std::string::npos) << from;
    if (p != std::string::npos) s.replace(p, from.size(), to);
    return s;
}

// Appended to a correct kernel, each breaks the build in one class of the paper's taxonomy.
const std::vector<std::pair<std::string, std::string>> kCompileBreaks = {
    {"compile.syntax", "\nstatic int akgBroken = ;\n"},
    {"compile.scope_lifetime", "\nstatic int akgBroken = akgUndeclared + 1;\n"},
    {"compile.api_signature", "\n__aicore__ inline void AkgBroken(AscendC::LocalTensor<float>& t) { AscendC::Abs(t, t); }\n"},
    {"compile.dtype_cast", "\nstatic const char* akgBroken = 1.5;\n"},
    {"compile.memory_object", "\ninline void AkgBroken(const int& v) { int& w = v; (void)w; }\n"},
};

struct TaskPlan {
    std::string id, kernel;   // task id, kernel file under answer/0/op_kernel
    std::string compute;      // the float32 path's compute call
    std::string wrong;        // ... replaced by this: wrong values
    bool hostile = false;     // sample 3: a correct kernel that reads the environment
    bool slow = false;        // sample 4: the compute call repeated (correct, slower)
};

const std::vector<TaskPlan> kTasks = {
    {"level1/Math/Add", "add.cpp", "Add(out, a, b, len);", "Sub(out, a, b, len);", true, true},
    {"level1/Math/Sub", "sub.cpp", "Sub(out, a, b, len);", "Add(out, a, b, len);", false, true},
    {"level1/Math/Mul", "mul.cpp", "Mul(out, a, b, len);", "Add(out, a, b, len);"},
    {"level1/Math/Exp", "exp_math.cpp", "Exp(out, x, len);", "Sqrt(out, x, len);", true},
    {"level1/Math/Sqrt", "sqrt_math.cpp", "Sqrt(out, x, len);", "Exp(out, x, len);"},
    {"level1/Math/Rsqrt", "rsqrt.cpp", "Rsqrt(out, x, len);", "Sqrt(out, x, len);"},
    {"level1/Math/Reciprocal", "reciprocal.cpp", "Reciprocal(out, x, len);", "Sqrt(out, x, len);"},
    {"level1/Math/Log", "log_math.cpp", "Ln(out, x, len);", "Exp(out, x, len);"},
    {"level1/Compare/LogicalAnd", "logical_and.cpp", "And(out.ReinterpretCast", "Or(out.ReinterpretCast"},
    // Its wrong kernels come from the hostile corpus of tests/harness (written for this task).
    {"level1/Elementwise/SquaredDifference", "squared_difference.cpp", "", ""},
};
const std::string kHostileCorpus = (kSource / "tests" / "harness" / "hostile").string();

std::string Good(const TaskPlan& t) { return ReadText(kSource / "tasks" / t.id / "answer" / "0" / "op_kernel" / t.kernel); }
std::string Corpus(const std::string& name) {
    return ReadText(fs::path(kHostileCorpus) / name / "op_kernel" / "squared_difference.cpp");
}
const std::string kProbe = "\n#include <cstdlib>\nstatic const char* const kAkgProbe = std::getenv(\"AKGEN_CACHE_DIR\");\n";

// Sample K of task `t`, as the model answers it.
std::string Answer(size_t t, int k) {
    const TaskPlan& p = kTasks[t];
    const std::string good = Good(p);
    auto wrap = [](const std::string& code) { return "<kernel_impl>\n```cpp\n" + code + "```\n</kernel_impl>\n"; };
    const bool sd = p.compute.empty();
    switch (k) {
    case 0: return "<think>One tile per core, double-buffered.</think>\n" + wrap(good);
    case 1: return wrap(good + kCompileBreaks[t % kCompileBreaks.size()].second);
    case 2: return wrap(sd ? Corpus("tail_skipped") : Replace(good, p.compute, p.wrong));
    case 3:
        if (sd) return wrap(Corpus("gm_write_oob"));
        return p.hostile ? wrap(good + kProbe) : "";
    default:
        if (sd) return wrap(Corpus("fork_in_kernel"));
        if (!p.slow) return "";
        std::string repeated;
        for (int i = 0; i < 12; ++i) repeated += p.compute + "\n            ";
        return wrap(Replace(good, p.compute, repeated));
    }
}

class DataE2E : public ::testing::Test {
protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() / ("akg-data-e2e-" + std::to_string(getpid()));
        fs::remove_all(root_);
        for (auto& t : kTasks) {
            const fs::path dst = root_ / "tasks" / t.id;
            fs::create_directories(dst.parent_path());
            fs::copy(kSource / "tasks" / t.id, dst, fs::copy_options::recursive);
            const std::string header = ReadText(dst / "validation" / "test_cases.csv").substr(0, ReadText(dst / "validation" / "test_cases.csv").find('\n'));
            const bool dtyped = header.find("dtype") != std::string::npos;
            const std::string rest = dtyped ? ";float32;normal" : ";0.5;0.5";
            std::ofstream(dst / "validation" / "test_cases.csv") << header << "\n0;[37]" << rest << "\n";
            std::ofstream(dst / "validation" / "hidden_cases.csv") << header << "\nh0;[45]" << rest << "\n";
            hiddenRows_.push_back("[45]" + rest);
        }
    }
    void TearDown() override {
        if (!HasFailure() && !std::getenv("AKG_KEEP_DATA_TMP")) fs::remove_all(root_);
    }

    // Runs akgen (or another program that runs it, as $AKGEN) with the test cache and no usable
    // proxy; its exit status, output in `log`.
    int Akgen(const std::vector<std::string>& args, std::string* log, const std::string& program = "") {
        const fs::path bin = fs::read_symlink("/proc/self/exe").parent_path();
        std::string cmd = "env -u AKGEN_BASE_URL -u AKGEN_MODEL AKGEN_CACHE_DIR='" + (bin.parent_path() / "data-test-cache").string() +
                          "' AKGEN='" + (bin / "akgen").string() + "' http_proxy=http://192.0.2.1:9 '" +
                          (program.empty() ? (bin / "akgen").string() : program) + "'";
        for (auto& a : args) cmd += " '" + a + "'";
        cmd += " > '" + (root_ / "akgen.log").string() + "' 2>&1";
        const int status = std::system(cmd.c_str());
        *log = ReadText(root_ / "akgen.log");
        return WEXITSTATUS(status);
    }

    // Writes each (task, files) once as sample K of a samples tree, evaluates it on every case and
    // returns the class bench gave each (task, files).
    std::map<std::pair<std::string, std::string>, std::string> Evaluate(
        const std::string& name, const std::vector<std::pair<std::string, json>>& candidates) {
        const fs::path samples = root_ / (name + "-samples");
        std::map<std::pair<std::string, std::string>, int> sampleOf;
        std::map<std::string, int> next;
        for (auto& [task, files] : candidates) {
            if (!sampleOf.emplace(std::make_pair(task, files.dump()), next[task]).second) continue;
            const fs::path dir = samples / ("lvl1" + task.substr(6)) / ("sample" + std::to_string(next[task]++)) / "src";
            for (auto& [path, content] : files.items()) {
                fs::create_directories((dir / path).parent_path());
                std::ofstream(dir / path, std::ios::binary) << content.get<std::string>();
            }
        }
        std::string log;
        EXPECT_EQ(Akgen({"bench", "--tasks", (root_ / "tasks").string(), "--samples", samples.string(), "--run",
                         (root_ / (name + "-run")).string(), "--split", "all", "-j", "2", "--quiet"},
                        &log),
                  0)
            << log;
        std::map<std::pair<std::string, int>, std::string> cls;
        const json summary = json::parse(ReadText(root_ / (name + "-run") / "summary.json"));
        for (auto& t : summary["tasks"])
            cls[{t["task"].get<std::string>(), t["sample"].get<int>()}] = t["class"].get<std::string>();
        std::map<std::pair<std::string, std::string>, std::string> out;
        for (auto& [key, k] : sampleOf) out[key] = cls[{key.first, k}];
        return out;
    }

    fs::path root_;
    std::vector<std::string> hiddenRows_;
};

TEST_F(DataE2E, RecordsFromReplayedSamplesAreVerified) {
    OpenAiDouble server;
    std::mutex mutex;
    server.SetResponder([&](const json& req, int) {
        std::string user;
        int assistantTurns = 0;
        for (auto& m : req["messages"]) {
            if (m["role"] == "user" && user.empty()) user = m["content"];
            assistantTurns += m["role"] == "assistant";
        }
        for (size_t t = 0; t < kTasks.size(); ++t)
            if (user.find("(" + kTasks[t].id + ")") != std::string::npos) {
                // solve (no seed): a broken first turn, then the task's own kernel.
                if (!req.contains("seed")) return ScriptedReply::Answer(Answer(t, assistantTurns == 0 ? 1 : 0));
                return ScriptedReply::Answer(Answer(t, req["seed"].get<int>()));
            }
        return ScriptedReply::Answer("");
    });
    const std::vector<std::string> model = {"--base-url", server.BaseUrl(), "--model", "scripted", "--retries", "1"};
    const std::string tasks = (root_ / "tasks").string(), samples = (root_ / "samples").string();
    auto with = [&](std::vector<std::string> a) {
        a.insert(a.end(), model.begin(), model.end());
        return a;
    };
    std::string log;
    ASSERT_EQ(Akgen(with({"gen", "--tasks", tasks, "--out", samples, "-n", "5", "--seed", "0", "-j", "4", "--quiet"}), &log), 0) << log;
    ASSERT_EQ(Akgen({"bench", "--tasks", tasks, "--samples", samples, "--run", (root_ / "run").string(), "--split", "all",
                     "-j", "2", "--quiet"},
                    &log),
              0)
        << log;
    const fs::path solve = root_ / "solve";
    ASSERT_EQ(Akgen(with({"solve", "--tasks", tasks, "Mul", "--out", solve.string(), "--turns", "2", "--quiet"}), &log), 0) << log;
    ASSERT_EQ(Akgen({"bench", "--tasks", tasks, "--samples", (solve / "samples").string(), "--run",
                     (root_ / "solve-run").string(), "--split", "all", "--quiet"},
                    &log),
              0)
        << log;
    for (auto& r : server.RemoteAddresses()) EXPECT_EQ(r, "127.0.0.1");

    const std::vector<std::string> build = {"data", "build", "--run", (root_ / "run").string(), "--run",
                                            (root_ / "solve-run").string(), "--solve", solve.string(),
                                            "--speed-pairs", "0.05"};
    auto buildInto = [&](const std::string& out, std::vector<std::string> extra = {}) {
        std::vector<std::string> a = build;
        a.insert(a.end(), extra.begin(), extra.end());
        a.push_back("--out");
        a.push_back((root_ / out).string());
        EXPECT_EQ(Akgen(a, &log), 0) << log;
    };
    buildInto("data1");
    buildInto("data2");
    for (const char* f : {"records.jsonl", "manifest.json"})
        EXPECT_EQ(ReadText(root_ / "data1" / f), ReadText(root_ / "data2" / f)) << f << " differs between two builds";

    const json manifest = json::parse(ReadText(root_ / "data1" / "manifest.json"));
    // One verified kernel per task (the slow ones are near-duplicates of it); a compile failure per
    // task; a numeric failure per task, two for SquaredDifference (wrong values, GM_WRITE_OOB); DPO:
    // a pair per numeric failure, plus a speed pair for each slow kernel; solve's trajectory.
    EXPECT_EQ(manifest["records"]["sft"], 10) << manifest.dump(2);
    EXPECT_EQ(manifest["records"]["compile_fix"], 10) << manifest.dump(2);
    EXPECT_EQ(manifest["records"]["numeric_fix"], 11) << manifest.dump(2);
    EXPECT_EQ(manifest["records"]["dpo"], 13) << manifest.dump(2);
    EXPECT_EQ(manifest["records"]["repair"], 1) << manifest.dump(2);
    EXPECT_EQ(manifest["candidates"]["hostile"], 3) << manifest.dump(2);

    std::vector<json> records;
    {
        std::istringstream s(ReadText(root_ / "data1" / "records.jsonl"));
        for (std::string l; std::getline(s, l);) records.push_back(json::parse(l));
    }
    std::vector<std::pair<std::string, json>> good, bad;
    std::map<std::pair<std::string, std::string>, std::string> labelled;
    std::set<std::string> compileClasses;
    int speedPairs = 0;
    for (auto& r : records) {
        const std::string task = r["task"], kind = r["kind"];
        for (const char* f : {"response_files", "chosen_files"})
            if (r.contains(f)) good.push_back({task, r[f]});
        if (r.contains("rejected_files")) {
            bad.push_back({task, r["rejected_files"]});
            labelled[{task, r["rejected_files"].dump()}] = r["rejected_class"];
        }
        if (kind == "compile_fix") compileClasses.insert(r["sources"][0]["class"].get<std::string>());
        if (r.value("pair", "") == "speed") ++speedPairs;
        // Hostile code is never a response or chosen.
        for (const char* f : {"response_files", "chosen_files"})
            if (r.contains(f))
                for (auto& [_, c] : r[f].items()) {
                    EXPECT_EQ(c.get<std::string>().find("getenv"), std::string::npos) << kind << " " << task;
                    EXPECT_EQ(c.get<std::string>().find("fork("), std::string::npos) << kind << " " << task;
                }
        // No hidden case reaches a prompt.
        for (const char* f : {"prompt", "messages"})
            if (r.contains(f))
                for (auto& m : r[f])
                    if (m["role"] != "assistant") {
                        for (auto& row : hiddenRows_)
                            EXPECT_EQ(m["content"].get<std::string>().find(row), std::string::npos) << kind << " " << task;
                    }
    }
    EXPECT_EQ(speedPairs, 2);
    EXPECT_EQ(compileClasses.size(), kCompileBreaks.size());
    for (auto& [key, cls] : Evaluate("chosen", good)) EXPECT_EQ(cls, "pass") << key.first;
    for (auto& [key, cls] : Evaluate("rejected", bad)) EXPECT_EQ(cls, labelled.at(key)) << key.first;

    // Hostile samples become rejected sides only when asked for.
    buildInto("data3", {"--hostile-rejects", "--compile-rejects"});
    int hostilePairs = 0, compilePairs = 0;
    std::istringstream s3(ReadText(root_ / "data3" / "records.jsonl"));
    for (std::string l; std::getline(s3, l);) {
        const json r = json::parse(l);
        hostilePairs += r.value("pair", "") == "hostile";
        compilePairs += r.value("pair", "") == "compile";
    }
    EXPECT_EQ(hostilePairs, 3);
    EXPECT_EQ(compilePairs, 10);

    // The exports of real records, read by Python's json and pandas.
    ASSERT_EQ(Akgen({"data", "export", (root_ / "data1").string(), "--format", "all", "--out", (root_ / "export").string()}, &log), 0) << log;
    ASSERT_EQ(Akgen({"data", "stats", (root_ / "data1").string()}, &log), 0) << log;
    EXPECT_NE(log.find("kinds: compile_fix=10"), std::string::npos) << log;
    const std::string check = "/usr/bin/python3 '" + (kSource / "tests" / "data" / "check_exports.py").string() + "' '" +
                              (root_ / "export").string() + "' '" + (kSource / "recipes").string() + "'";
    EXPECT_EQ(std::system(check.c_str()), 0);
}

// scripts/flywheel.sh on one task for one round: the answers' run, gen, bench, records and the
// exports; a second invocation finds the round done and asks the model nothing.
TEST_F(DataE2E, FlywheelRoundResumes) {
    OpenAiDouble server;
    const size_t logicalAnd = 8;
    server.SetResponder([&](const json& req, int) { return ScriptedReply::Answer(Answer(logicalAnd, req["seed"].get<int>() % 100000)); });
    const std::string script = (kSource / "scripts" / "flywheel.sh").string(), out = (root_ / "fly").string();
    const std::vector<std::string> args = {"--tasks", (root_ / "tasks" / kTasks[logicalAnd].id).string(), "--out", out,
                                           "--rounds", "1", "--samples", "3", "--", "--base-url", server.BaseUrl(),
                                           "--model", "scripted", "--retries", "1"};
    std::string log;
    ASSERT_EQ(Akgen(args, &log, script), 0) << log;
    EXPECT_EQ(server.RequestCount(), 3);
    const json manifest = json::parse(ReadText(fs::path(out) / "round1" / "data" / "manifest.json"));
    EXPECT_EQ(manifest["records"]["sft"], 1) << manifest.dump(2);  // the answer and sample 0 are one kernel
    EXPECT_EQ(manifest["records"]["compile_fix"], 1);
    EXPECT_EQ(manifest["records"]["numeric_fix"], 1);
    EXPECT_EQ(manifest["records"]["dpo"], 1);
    EXPECT_TRUE(fs::exists(fs::path(out) / "round1" / "export" / "llamafactory" / "dataset_info.json"));
    ASSERT_EQ(Akgen(args, &log, script), 0) << log;
    EXPECT_EQ(server.RequestCount(), 3);
}

}  // namespace
}  // namespace akg::data
