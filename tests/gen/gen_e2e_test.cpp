// End to end, with the real `akgen` binary (beside this test binary) against the loopback test
// double: gen -> bench gives the scores the scripted answers deserve; a killed gen resumes
// without asking again for finished samples; solve repairs a broken kernel in turn 2 after being
// told what was wrong; --dry-run contacts nobody.
//
// The task is a copy of tasks/level1/Compare/LogicalAnd (one kernel dtype column, the cheapest
// to build) with two small public cases and one hidden case. AKGEN_CACHE_DIR sits in the build
// tree so that kernel builds and goldens persist between runs.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "gen/openai_double.h"

extern char** environ;

namespace akg::gen {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::OpenAiDouble;
using testing::ScriptedReply;
using Clock = std::chrono::steady_clock;

const fs::path kSource = fs::path(__FILE__).parent_path().parent_path().parent_path();
const fs::path kTask = kSource / "tasks" / "level1" / "Compare" / "LogicalAnd";
const std::string kTaskId = "level1/Compare/LogicalAnd";
const std::string kHiddenRow = "h0;[12347];0.5;0.5";

fs::path BinDir() { return fs::read_symlink("/proc/self/exe").parent_path(); }

std::string ReadText(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

std::string Replace(std::string s, const std::string& from, const std::string& to) {
    const size_t p = s.find(from);
    EXPECT_NE(p, std::string::npos) << from;
    if (p != std::string::npos) s.replace(p, from.size(), to);
    return s;
}

// The task's own kernel, and variants of it that fail in known ways.
std::string GoodKernel() { return ReadText(kTask / "answer" / "0" / "op_kernel" / "logical_and.cpp"); }
const std::string kBrokenCall = "And(out.ReinterpretCast<uint16_t>(), a.ReinterpretCast<uint16_t>(), lanes);";
std::string CompileBrokenKernel() {  // And without its second source: no matching function
    return Replace(GoodKernel(),
                   "And(out.ReinterpretCast<uint16_t>(), a.ReinterpretCast<uint16_t>(), b.ReinterpretCast<uint16_t>(), lanes);",
                   kBrokenCall);
}
std::string WrongValuesKernel() { return Replace(GoodKernel(), "And(out.", "Or(out."); }
std::string DequeBrokenKernel() { return Replace(GoodKernel(), "inQueueX2_.EnQue(b);", ""); }

class GenE2E : public ::testing::Test {
protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() / ("akg-gen-e2e-" + std::to_string(getpid()) + "-" +
                                             ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(root_);
        task_ = root_ / "tasks" / kTaskId;
        fs::create_directories(task_.parent_path());
        fs::copy(kTask, task_, fs::copy_options::recursive);
        std::ofstream(task_ / "validation" / "test_cases.csv") << "case_id;shape;p1;p2\n0;[7];0.5;0.5\n1;[999, 33];0.7;0.3\n";
        std::ofstream(task_ / "validation" / "hidden_cases.csv") << "case_id;shape;p1;p2\n" << kHiddenRow << "\n";
    }
    void TearDown() override {
        if (!HasFailure() && !std::getenv("AKG_KEEP_GEN_TMP")) fs::remove_all(root_);  // kept for inspection
    }

    // Runs akgen to completion (killed after `deadline` seconds); its exit status, output in `log`.
    int Akgen(const std::vector<std::string>& args, std::string* log, double deadline = 120) {
        pid_t pid = Start(args, root_ / "akgen.log");
        const auto start = Clock::now();
        int status = 0;
        while (waitpid(pid, &status, WNOHANG) == 0) {
            if (std::chrono::duration<double>(Clock::now() - start).count() > deadline) {
                kill(pid, SIGKILL);
                waitpid(pid, &status, 0);
                *log = ReadText(root_ / "akgen.log");
                return -1;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        *log = ReadText(root_ / "akgen.log");
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }

    pid_t Start(const std::vector<std::string>& args, const fs::path& logPath) {
        std::vector<std::string> argv = {(BinDir() / "akgen").string()};
        argv.insert(argv.end(), args.begin(), args.end());
        // No request may leave loopback: a proxy the environment names must not be used.
        std::vector<std::string> env = {"AKGEN_CACHE_DIR=" + (BinDir().parent_path() / "gen-test-cache").string(),
                                        "http_proxy=http://192.0.2.1:9", "HTTPS_PROXY=http://192.0.2.1:9"};
        for (char** e = environ; *e; ++e)
            if (std::strncmp(*e, "AKGEN_", 6) != 0 && std::strncmp(*e, "OPENAI_", 7) != 0) env.push_back(*e);
        std::vector<char*> argvp, envp;
        for (auto& a : argv) argvp.push_back(a.data());
        for (auto& e : env) envp.push_back(e.data());
        argvp.push_back(nullptr);
        envp.push_back(nullptr);
        const int fd = open(logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        const pid_t pid = fork();
        if (pid == 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            execve(argvp[0], argvp.data(), envp.data());
            _exit(127);
        }
        close(fd);
        return pid;
    }

    std::vector<std::string> ModelArgs(const OpenAiDouble& server) {
        return {"--base-url", server.BaseUrl(), "--model", "scripted", "--retries", "3", "--backoff", "0.01"};
    }

    static void ExpectLoopbackOnly(const OpenAiDouble& server) {
        for (auto& a : server.RemoteAddresses()) EXPECT_EQ(a, "127.0.0.1");
    }

    fs::path root_, task_;
};

json ReadJson(const fs::path& p) { return json::parse(ReadText(p)); }

std::vector<json> ReadJsonLines(const fs::path& p) {
    std::vector<json> out;
    std::stringstream s(ReadText(p));
    for (std::string line; std::getline(s, line);)
        if (!line.empty()) out.push_back(json::parse(line));
    return out;
}

std::string LastUserMessage(const json& request) {
    std::string last;
    for (auto& m : request.at("messages"))
        if (m.at("role") == "user") last = m.at("content");
    return last;
}

TEST_F(GenE2E, GenThenBenchScoresTheScriptedAnswers) {
    OpenAiDouble server;
    // Sample K is asked with seed 100+K; the double answers by seed, so the scores below do not
    // depend on the order the requests arrive in.
    std::map<int, int> asked;
    std::mutex mutex;
    server.SetResponder([&](const json& req, int) {
        const int sample = req.value("seed", 0) - 100;
        int attempt;
        {
            std::lock_guard lock(mutex);
            attempt = asked[sample]++;
        }
        switch (sample) {
        case 0:  // slow; prose, reasoning and a fenced block naming nothing
            return ScriptedReply::Answer("<think>Two bools per uint16 lane.</think>\nHere is my kernel:\n\n```cpp\n" +
                                             GoodKernel() + "```\nIt handles the tail with DataCopyPad.",
                                         0.5);
        case 1:  // a kernel that does not compile
            return ScriptedReply::Answer("```cpp\n// file: op_kernel/logical_and.cpp\n" + CompileBrokenKernel() + "```");
        case 2:  // nothing at all
            return ScriptedReply::Answer("");
        case 3:  // compiles, computes the wrong thing
            return ScriptedReply::Answer("<kernel_impl>\n```cpp\n" + WrongValuesKernel() + "```\n</kernel_impl>");
        default:  // rate-limited, dropped, a server error, then a good answer
            if (attempt == 0) return ScriptedReply::Error(429);
            if (attempt == 1) return ScriptedReply::Dropped();
            if (attempt == 2) return ScriptedReply::Error(500);
            return ScriptedReply::Answer("<kernel_impl>\n" + GoodKernel() + "</kernel_impl>");
        }
    });
    const fs::path samples = root_ / "samples";
    std::vector<std::string> args = {"gen", "--tasks", (root_ / "tasks").string(), "--out", samples.string(), "-n", "5",
                                     "--seed", "100", "-j", "4"};
    for (auto& a : ModelArgs(server)) args.push_back(a);
    std::string log;
    ASSERT_EQ(Akgen(args, &log), 0) << log;
    EXPECT_EQ(server.RequestCount(), 8);  // five samples, three retries
    ExpectLoopbackOnly(server);
    for (auto& r : server.Requests()) EXPECT_EQ(LastUserMessage(r).find(kHiddenRow), std::string::npos);

    const fs::path op = samples / "lvl1" / "Compare" / "LogicalAnd";
    EXPECT_EQ(ReadText(op / "sample0" / "src" / "op_kernel" / "logical_and.cpp"), GoodKernel());
    const json g0 = ReadJson(op / "sample0" / "gen.json");
    EXPECT_EQ(g0["class"], "ok");
    EXPECT_EQ(g0["reasoning"], "Two bools per uint16 lane.");
    EXPECT_EQ(g0["usage"]["total_tokens"], 150);
    EXPECT_EQ(g0["request"]["seed"], 100);
    EXPECT_FALSE(g0["request"].contains("messages"));
    // The prompt every sample of the task was asked with, stored once.
    const json prompt = ReadJson(samples / g0["prompt"].get<std::string>());
    EXPECT_EQ(prompt["user"], LastUserMessage(server.Requests()[0]));
    EXPECT_EQ(ReadJson(op / "sample3" / "gen.json")["prompt"], g0["prompt"]);
    EXPECT_EQ(ReadJson(op / "sample2" / "gen.json")["class"], "gen.empty_answer");
    EXPECT_TRUE(fs::is_directory(op / "sample2" / "src" / "op_kernel"));
    EXPECT_TRUE(fs::is_empty(op / "sample2" / "src" / "op_kernel"));
    EXPECT_EQ(ReadJson(op / "sample4" / "gen.json")["attempts"], 4);
    EXPECT_GE(g0["latency_seconds"].get<double>(), 0.45);

    const fs::path run = root_ / "run";
    ASSERT_EQ(Akgen({"bench", "--tasks", (root_ / "tasks").string(), "--samples", samples.string(), "--run",
                     run.string(), "-j", "2", "-q"},
                    &log, 240),
              0)
        << log;
    const json summary = ReadJson(run / "summary.json");
    std::map<int, std::pair<std::string, double>> bySample;
    for (auto& t : summary["tasks"]) bySample[t["sample"]] = {t["class"], t["score"]};
    ASSERT_EQ(bySample.size(), 5u) << summary.dump(2);
    EXPECT_EQ(bySample[0], std::make_pair(std::string("pass"), 100.0));
    EXPECT_EQ(bySample[1].first, "compile.api_signature");
    EXPECT_EQ(bySample[2].first, "gen.empty_answer");  // the empty answer keeps its generation class
    EXPECT_EQ(bySample[3].first, "wrong_values");
    EXPECT_EQ(bySample[4], std::make_pair(std::string("pass"), 100.0));
    EXPECT_DOUBLE_EQ(summary["levels"]["1"]["score"].get<double>(), 40.0);
    EXPECT_DOUBLE_EQ(summary["pass_at_k"]["execution"]["1"].get<double>(), 0.4);
    EXPECT_DOUBLE_EQ(summary["pass_at_k"]["compile"]["1"].get<double>(), 0.6);
}

TEST_F(GenE2E, KilledGenResumesWithoutAskingAgain) {
    OpenAiDouble server;
    server.SetResponder([](const json&, int) { return ScriptedReply::Answer("```cpp\n" + GoodKernel() + "```", 0.4); });
    const fs::path samples = root_ / "samples";
    std::vector<std::string> args = {"gen", "--tasks", (root_ / "tasks").string(), "--out", samples.string(), "-n", "8",
                                     "--seed", "0", "-j", "1"};
    for (auto& a : ModelArgs(server)) args.push_back(a);
    const fs::path op = samples / "lvl1" / "Compare" / "LogicalAnd";
    auto written = [&] {
        std::set<int> s;
        for (int k = 0; k < 8; ++k)
            if (fs::exists(op / ("sample" + std::to_string(k)) / "gen.json")) s.insert(k);
        return s;
    };
    const pid_t pid = Start(args, root_ / "first.log");
    const auto start = Clock::now();
    while (written().size() < 3 && std::chrono::duration<double>(Clock::now() - start).count() < 30)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    const std::set<int> before = written();
    ASSERT_GE(before.size(), 3u);
    ASSERT_LT(before.size(), 8u) << "the first run finished before it was killed";
    const int askedBefore = server.RequestCount();

    std::string log;
    ASSERT_EQ(Akgen(args, &log), 0) << log;
    EXPECT_EQ(written().size(), 8u);
    const auto requests = server.Requests();
    std::set<int> askedAgain;
    for (size_t i = size_t(askedBefore); i < requests.size(); ++i) askedAgain.insert(requests[i]["seed"].get<int>());
    EXPECT_EQ(askedAgain.size(), requests.size() - size_t(askedBefore));
    for (int k : before) EXPECT_FALSE(askedAgain.count(k)) << "sample " << k << " was finished but asked again";
    EXPECT_EQ(askedAgain.size(), 8 - before.size());
    EXPECT_NE(log.find("already written"), std::string::npos) << log;
    // A temporary a killed run left behind (bench ignores it; it is not named sample<K>) is
    // removed by the next run once it is clearly stale.
    const fs::path stale = op / ".sample3.tmp-999999-0";
    fs::create_directories(stale / "src" / "op_kernel");
    fs::last_write_time(stale, fs::file_time_type::clock::now() - std::chrono::hours(1));
    ASSERT_EQ(Akgen(args, &log), 0) << log;
    EXPECT_FALSE(fs::exists(stale));
    EXPECT_EQ(server.RequestCount(), int(requests.size()));  // and nothing is asked again
}

TEST_F(GenE2E, DryRunPrintsThePromptAndContactsNobody) {
    std::string log;
    ASSERT_EQ(Akgen({"gen", "--dry-run", "--tasks", (root_ / "tasks").string(), "--mode", "host+kernel"}, &log), 0) << log;
    EXPECT_NE(log.find("===== level1/Compare/LogicalAnd: user"), std::string::npos) << log;
    EXPECT_NE(log.find("1;[999, 33];0.7;0.3"), std::string::npos);
    EXPECT_EQ(log.find(kHiddenRow), std::string::npos);
    EXPECT_NE(log.find("expected files: op_host/logical_and.cpp op_host/logical_and_tiling.h op_kernel/logical_and.cpp"),
              std::string::npos);
}

TEST_F(GenE2E, StaticShapeShardsAndNPerRequest) {
    OpenAiDouble server;
    server.SetResponder([](const json&, int) { return ScriptedReply::Answer("<kernel_impl>\n" + GoodKernel() + "</kernel_impl>"); });
    const fs::path samples = root_ / "samples";
    auto gen = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = {"gen", "--tasks", (root_ / "tasks").string(), "--out", samples.string(), "-q"};
        args.insert(args.end(), extra.begin(), extra.end());
        for (auto& a : ModelArgs(server)) args.push_back(a);
        std::string log;
        EXPECT_EQ(Akgen(args, &log), 0) << log;
        return log;
    };
    // One group per public case, each prompted with its own case only.
    gen({"--static", "-n", "3", "--shard", "0/2"});
    const fs::path op = samples / "lvl1" / "Compare" / "LogicalAnd";
    std::set<std::string> first;
    for (auto& c : {"fixed_case_0", "fixed_case_1"})
        for (int k = 0; k < 3; ++k)
            if (fs::exists(op / c / ("sample" + std::to_string(k)) / "gen.json")) first.insert(std::string(c) + "/" + std::to_string(k));
    EXPECT_EQ(first.size(), 3u);  // units 0, 2, 4 of six
    EXPECT_EQ(server.RequestCount(), 3);
    for (auto& r : server.Requests()) {
        const std::string prompt = LastUserMessage(r);
        EXPECT_NE(prompt.find("0;[7];0.5;0.5") != std::string::npos, prompt.find("1;[999, 33];0.7;0.3") != std::string::npos);
    }
    // The other shard fills exactly the rest.
    gen({"--static", "-n", "3", "--shard", "1/2"});
    EXPECT_EQ(server.RequestCount(), 6);
    for (auto& c : {"fixed_case_0", "fixed_case_1"})
        for (int k = 0; k < 3; ++k) EXPECT_TRUE(fs::exists(op / c / ("sample" + std::to_string(k)) / "gen.json"));
    EXPECT_EQ(ReadJson(op / "fixed_case_1" / "sample2" / "gen.json")["case"], "1");

    // With --n-per-request the missing samples of a task come from one request.
    fs::remove_all(samples);
    gen({"-n", "4", "--n-per-request"});
    EXPECT_EQ(server.RequestCount(), 7);
    EXPECT_EQ(server.Requests().back()["n"], 4);
    for (int k = 0; k < 4; ++k) EXPECT_TRUE(fs::exists(op / ("sample" + std::to_string(k)) / "src" / "op_kernel" / "logical_and.cpp"));
}

TEST_F(GenE2E, SolveStopsAtTheTokenBudgetAndOnFailedRequests) {
    OpenAiDouble server;
    ScriptedReply prose = ScriptedReply::Answer("I would need to know more about the hardware.");
    prose.promptTokens = 100;
    prose.completionTokens = 50;
    server.Script({prose, prose});  // the budget must stop it before a third
    const fs::path out = root_ / "solve";
    std::vector<std::string> args = {"solve", "--tasks", (root_ / "tasks").string(), "--out", out.string(),
                                     "--turns", "5", "--token-budget", "250"};
    for (auto& a : ModelArgs(server)) args.push_back(a);
    std::string log;
    ASSERT_EQ(Akgen(args, &log), 0) << log;
    EXPECT_EQ(server.RequestCount(), 2);  // 150 tokens a turn: the budget is spent after turn 2
    auto lines = ReadJsonLines(out / "trajectories.jsonl");
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0]["class"], "gen.no_code");
    EXPECT_NE(lines[0]["feedback"].get<std::string>().find("No usable file: `gen.no_code`"), std::string::npos);
    EXPECT_EQ(lines[1]["stop_reason"], "token_budget");
    EXPECT_EQ(lines[1]["tokens_spent"], 300);

    // A request the server refuses ends the task's trajectory with the request's class.
    fs::remove_all(out);
    server.SetResponder([](const json&, int) { return ScriptedReply::Error(400); });
    ASSERT_EQ(Akgen(args, &log), 0) << log;
    lines = ReadJsonLines(out / "trajectories.jsonl");
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0]["class"], "gen.http_error");
    EXPECT_EQ(lines[0]["stop_reason"], "request_failed");

    // The only task is unit 0: shard 1 of 2 has nothing to do and asks nothing.
    const int asked = server.RequestCount();
    args.push_back("--shard");
    args.push_back("1/2");
    fs::remove_all(out);
    ASSERT_EQ(Akgen(args, &log), 0) << log;
    EXPECT_EQ(server.RequestCount(), asked);
    EXPECT_NE(log.find("0 of 0 tasks solved"), std::string::npos) << log;
}

TEST_F(GenE2E, SolveRepairsACompileErrorInTurnTwo) {
    OpenAiDouble server;
    server.Script({ScriptedReply::Answer("<kernel_impl>\n```cpp\n" + CompileBrokenKernel() + "```\n</kernel_impl>"),
                   ScriptedReply::Answer("Fixed: And takes two sources.\n<kernel_impl>\n```cpp\n" + GoodKernel() +
                                         "```\n</kernel_impl>")});
    const fs::path out = root_ / "solve";
    std::vector<std::string> args = {"solve", "--tasks", (root_ / "tasks").string(), "--out", out.string(), "--turns", "4"};
    for (auto& a : ModelArgs(server)) args.push_back(a);
    std::string log;
    ASSERT_EQ(Akgen(args, &log, 240), 0) << log;
    ASSERT_EQ(server.RequestCount(), 2) << log;
    ExpectLoopbackOnly(server);

    // What the model was told in turn 2: its own answer, then the classified build failure with
    // the line, the source, and the compiler's candidate signatures.
    const json second = server.Requests()[1];
    ASSERT_EQ(second["messages"].size(), 4u);
    EXPECT_EQ(second["messages"][2]["role"], "assistant");
    const std::string feedback = LastUserMessage(second);
    EXPECT_NE(feedback.find("Build failed: `compile.api_signature`"), std::string::npos) << feedback;
    EXPECT_NE(feedback.find("`op_kernel/logical_and.cpp:"), std::string::npos) << feedback;
    EXPECT_NE(feedback.find("no matching function for call to 'And("), std::string::npos) << feedback;
    EXPECT_NE(feedback.find("source line: `" + kBrokenCall + "`"), std::string::npos) << feedback;
    EXPECT_NE(feedback.find("candidate"), std::string::npos) << feedback;
    EXPECT_EQ(feedback.find(root_.string()), std::string::npos) << "evaluation paths leak into the prompt";
    EXPECT_EQ(feedback.find("12347"), std::string::npos) << "a hidden case leaks into the prompt";

    const auto lines = ReadJsonLines(out / "trajectories.jsonl");
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0]["turn"], 1);
    EXPECT_EQ(lines[0]["class"], "compile.api_signature");
    EXPECT_EQ(lines[0]["final"], false);
    EXPECT_EQ(lines[0]["feedback"], feedback);
    EXPECT_EQ(lines[1]["turn"], 2);
    EXPECT_EQ(lines[1]["final"], true);
    EXPECT_EQ(lines[1]["solved"], true);
    EXPECT_EQ(lines[1]["stop_reason"], "passed");
    EXPECT_EQ(lines[1]["evaluation"]["passed_cases"], 2);  // the public cases only
    EXPECT_EQ(lines[1]["messages"].size(), 4u);
    EXPECT_EQ(ReadText(out / "samples" / "lvl1" / "Compare" / "LogicalAnd" / "sample0" / "src" / "op_kernel" /
                       "logical_and.cpp"),
              GoodKernel());

    // Finished tasks are not asked again.
    ASSERT_EQ(Akgen(args, &log), 0) << log;
    EXPECT_EQ(server.RequestCount(), 2);
}

TEST_F(GenE2E, SolveAsksForSpeedOnceCorrectWithATarget) {
    // The answer's own kernel is correct at exactly the reference's simulated speed (1x): with a
    // 1.5x target the model is told its times and gets another turn.
    OpenAiDouble server;
    server.Script({ScriptedReply::Answer("<kernel_impl>\n" + GoodKernel() + "</kernel_impl>"),
                   ScriptedReply::Answer("<kernel_impl>\n" + GoodKernel() + "</kernel_impl>")});
    const fs::path out = root_ / "solve";
    std::vector<std::string> args = {"solve", "--tasks", (root_ / "tasks").string(), "--out", out.string(),
                                     "--turns", "2", "--target-speedup", "1.5"};
    for (auto& a : ModelArgs(server)) args.push_back(a);
    std::string log;
    ASSERT_EQ(Akgen(args, &log, 240), 0) << log;
    ASSERT_EQ(server.RequestCount(), 2) << log;
    const std::string feedback = LastUserMessage(server.Requests()[1]);
    EXPECT_NE(feedback.find("Correct, but not fast enough"), std::string::npos) << feedback;
    EXPECT_NE(feedback.find("a speedup of 1x"), std::string::npos) << feedback;
    EXPECT_NE(feedback.find("| case | yours (us) | reference (us) | hardware bound (us) |"), std::string::npos) << feedback;

    const auto lines = ReadJsonLines(out / "trajectories.jsonl");
    ASSERT_EQ(lines.size(), 2u);
    for (auto& line : lines) {
        EXPECT_DOUBLE_EQ(line["speedup"].get<double>(), 1.0);  // deterministic: the same kernel
        EXPECT_GT(line["sim_time_us"].get<double>(), 0.0);
    }
    EXPECT_EQ(lines[1]["solved"], false);
    EXPECT_EQ(lines[1]["stop_reason"], "max_turns");
}

TEST_F(GenE2E, SolveReportsSimulatorDiagnosticsWithTheirSourceLine) {
    OpenAiDouble server;
    server.Script({ScriptedReply::Answer("<kernel_impl>\n" + DequeBrokenKernel() + "</kernel_impl>"),
                   ScriptedReply::Answer("I am not sure what to change."),
                   ScriptedReply::Answer("<kernel_impl>\n" + GoodKernel() + "</kernel_impl>")});
    const fs::path out = root_ / "solve";
    std::vector<std::string> args = {"solve", "--tasks", (root_ / "tasks").string(), "--out", out.string(),
                                     "--turns", "2", "--timeout", "30"};
    for (auto& a : ModelArgs(server)) args.push_back(a);
    std::string log;
    ASSERT_EQ(Akgen(args, &log, 240), 0) << log;
    ASSERT_EQ(server.RequestCount(), 2);  // the turn limit stops it before the good answer
    const std::string feedback = LastUserMessage(server.Requests()[1]);
    EXPECT_NE(feedback.find("QUE_DEQUE_EMPTY"), std::string::npos) << feedback;
    EXPECT_NE(feedback.find("source line: `LocalTensor<uint8_t> b = inQueueX2_.DeQue<uint8_t>();`"), std::string::npos)
        << feedback;
    EXPECT_NE(feedback.find("Case row (case_id;shape;p1;p2)"), std::string::npos) << feedback;
    const auto lines = ReadJsonLines(out / "trajectories.jsonl");
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[1]["class"], "gen.no_code");
    EXPECT_EQ(lines[1]["stop_reason"], "max_turns");
    EXPECT_EQ(lines[1]["solved"], false);
}

}  // namespace
}  // namespace akg::gen
