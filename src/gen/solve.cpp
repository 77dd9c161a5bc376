#include "gen/solve.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>

#include "build/compile.h"
#include "gen/feedback.h"
#include "gen/gen.h"
#include "gen/parse.h"
#include "gen/prompt.h"
#include "harness/bench.h"

namespace akg::gen {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Tasks whose trajectory already ended (a line with "final": true).
std::set<std::string> FinishedTasks(const fs::path& file) {
    std::set<std::string> done;
    std::ifstream f(file);
    for (std::string line; std::getline(f, line);) {
        try {
            json j = json::parse(line);
            if (j.value("final", false)) done.insert(j.value("task", ""));
        } catch (const std::exception&) {
            // a partial last line of a killed run
        }
    }
    return done;
}

void AppendLine(const fs::path& file, const json& j) {
    const std::string line = j.dump() + "\n";
    const int fd = open(file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) return;
    (void)!write(fd, line.data(), line.size());  // one write: a kill loses at most this line
    close(fd);
}

json MessagesJson(const std::vector<Message>& ms) {
    json a = json::array();
    for (auto& m : ms) a.push_back({{"role", m.role}, {"content", m.content}});
    return a;
}

std::string SafeName(std::string id) {
    for (char& c : id)
        if (c == '/') c = '_';
    return id;
}

}  // namespace

SolveOutcome RunSolve(const SolveOptions& o) {
    SolveOutcome out;
    if (o.outDir.empty()) return out.error = "no output directory (--out)", out;
    if (o.maxTurns < 1) return out.error = "--turns must be at least 1", out;
    harness::TaskSelection sel = harness::DiscoverTasks(o.tasksRoot, o.filter);
    out.skipped = sel.skipped;
    if (sel.tasks.empty()) return out.error = "no task under " + o.tasksRoot + " matches the selection", out;
    fs::create_directories(o.outDir);
    const fs::path trajectories = fs::path(o.outDir) / "trajectories.jsonl";
    const std::set<std::string> finished = FinishedTasks(trajectories);
    const std::string apiDocs = o.apiDocsDir.empty() ? DefaultApiDocsDir() : o.apiDocsDir;
    ChatClient client(o.client);
    std::string templateError;
    std::string repairTemplate;
    if (!ReadTemplate(o.promptsDir, "repair.md", &repairTemplate, &templateError)) return out.error = templateError, out;

    if (o.shardCount < 1 || o.shardIndex < 0 || o.shardIndex >= o.shardCount)
        return out.error = "bad --shard: want i/N with 0 <= i < N", out;
    for (size_t index = 0; index < sel.tasks.size(); ++index) {
        const harness::TaskRef& task = sel.tasks[index];
        if (int(index % size_t(o.shardCount)) != o.shardIndex) continue;
        if (finished.count(task.id)) {
            ++out.alreadyDone;
            continue;
        }
        TaskPrompt prompt;
        std::string err;
        if (!BuildTaskPrompt(task, {o.promptsDir, o.mode, o.soc, ""}, &prompt, &err)) {
            out.skipped.push_back({task.dir, "no prompt: " + err});
            continue;
        }
        ++out.tasks;
        std::string filesList;
        for (auto& f : prompt.expectedFiles) filesList += "- `" + f + "`\n";
        std::vector<Message> messages = {{"system", prompt.system}, {"user", prompt.user}};
        const fs::path taskOut = fs::path(o.outDir) / "turns" / SafeName(task.id);
        std::error_code ec;
        fs::remove_all(taskOut, ec);  // an unfinished trajectory of a killed run starts over
        // Lines of one attempt at a task share an id: a killed, restarted task leaves its earlier
        // unfinished lines behind under another id.
        const std::string trajectoryId = std::to_string(time(nullptr)) + "-" + std::to_string(getpid());
        Usage spent;
        std::string lastSample;  // the latest candidate's sample dir
        bool solved = false;
        std::string referenceRun;  // answer/0 on the public cases, evaluated at the first correct turn

        for (int turn = 1; turn <= o.maxTurns; ++turn) {
            SamplingParams params = o.sampling;
            params.n = 1;
            if (o.sampling.seed) params.seed = *o.sampling.seed + uint64_t(turn - 1);
            ChatResult res = client.Complete(messages, params);
            spent.promptTokens += res.usage.promptTokens;
            spent.completionTokens += res.usage.completionTokens;
            spent.totalTokens += res.usage.totalTokens;
            json line = {{"task", task.id},
                         {"trajectory", trajectoryId},
                         {"turn", turn},
                         {"max_turns", o.maxTurns},
                         {"mode", o.mode == harness::CandidateMode::KernelOnly ? "kernel" : "host+kernel"},
                         {"model", o.client.model},
                         {"messages", MessagesJson(messages)},
                         {"usage", {{"prompt_tokens", res.usage.promptTokens},
                                    {"completion_tokens", res.usage.completionTokens},
                                    {"total_tokens", res.usage.totalTokens}}},
                         {"latency_seconds", res.latencySeconds},
                         {"attempts", res.attempts}};
            auto finish = [&](const std::string& reason) {
                line["final"] = true;
                line["stop_reason"] = reason;
                line["solved"] = solved;
                line["tokens_spent"] = spent.totalTokens;
                AppendLine(trajectories, line);
            };
            if (!res.ok || res.choices.empty()) {
                line["answer"] = nullptr;
                line["class"] = res.ok ? kGenBadResponse : res.cls;
                line["error"] = res.ok ? "no choices" : res.error;
                finish("request_failed");
                if (o.progress)
                    std::fprintf(stderr, "%s turn %d: request failed: %s\n", task.id.c_str(), turn, res.error.c_str());
                break;
            }
            const Choice& choice = res.choices.front();
            ParsedAnswer parsed = ParseAnswer(choice.content, prompt.expectedFiles);
            line["answer"] = choice.content;
            line["reasoning"] = choice.reasoning + (choice.reasoning.empty() || parsed.reasoning.empty() ? "" : "\n\n") +
                                parsed.reasoning;
            line["finish_reason"] = choice.finishReason;
            line["parse"] = {{"class", parsed.cls}, {"missing", parsed.missing}, {"note", parsed.note}};
            json files = json::object();
            for (auto& [p, c] : parsed.files) files[p] = c;
            line["files"] = files;

            std::string verdictText, feedback;
            if (parsed.files.empty()) {
                line["class"] = parsed.cls;
                verdictText = "no usable file (" + parsed.cls + ")";
                feedback = "## No usable file: `" + parsed.cls + "`\n\n" + parsed.note +
                           ". Put each file in the answer format the first message asked for.\n";
            } else {
                // The candidate, in the run layout, evaluated on the public cases only: the
                // hidden cases are never described to the model.
                const fs::path turnDir = taskOut / ("turn" + std::to_string(turn));
                const std::string sampleDir = SampleDir((turnDir / "samples").string(), task, "", 0);
                json record = {{"task", task.id}, {"turn", turn}, {"class", parsed.cls}, {"note", parsed.note}};
                if (!WriteSample(sampleDir, parsed, record, &err)) return out.error = err, out;
                lastSample = sampleDir;
                harness::BenchOptions bo;
                bo.tasksRoot = task.dir;
                bo.samplesRoot = (turnDir / "samples").string();
                bo.mode = o.mode;
                bo.runDir = (turnDir / "run").string();
                bo.split = harness::CaseSplit::Public;
                bo.soc = o.soc;
                bo.limits = o.limits;
                bo.python = o.python;
                bo.progress = false;
                harness::BenchOutcome bench = harness::RunBench(bo);
                if (!bench.error.empty()) return out.error = "evaluating " + task.id + ": " + bench.error, out;
                const harness::RunRecords records = harness::ReadRecords(bo.runDir);
                const TurnVerdict v = VerdictOf(records, task.id, 0);
                solved = v.passed;
                std::optional<double> speedup;
                if (v.passed && referenceRun.empty()) {
                    harness::BenchOptions ro = bo;
                    ro.samplesRoot.clear();
                    ro.answers = {0};
                    ro.runDir = (taskOut / "reference").string();
                    const harness::BenchOutcome refBench = harness::RunBench(ro);
                    if (refBench.error.empty()) referenceRun = ro.runDir;
                }
                harness::RunRecords reference;
                if (v.passed && !referenceRun.empty()) {
                    // Simulated time against the expert answer: trajectory data, and the target.
                    reference = harness::ReadRecords(referenceRun);
                    const json s = harness::ComputeSummary(records, json::object(), harness::Timing{}, &reference);
                    for (auto& t : s.at("tasks"))
                        if (t.value("sample", -1) == 0 && t.value("speedup", json()).is_number()) {
                            speedup = t.at("speedup").get<double>();
                            line["sim_time_us"] = t.at("sim_time_us");
                            line["speedup"] = *speedup;
                        }
                }
                if (v.passed && o.targetSpeedup > 0) solved = speedup && *speedup >= o.targetSpeedup;
                line["class"] = v.cls;
                line["evaluation"] = {{"compiled", v.compiled}, {"cases", v.cases}, {"passed_cases", v.passedCases},
                                      {"passed", v.passed}, {"run", bo.runDir}};
                verdictText = v.summary;
                if (speedup) verdictText += ", simulated speedup " + json(*speedup).dump() + "x over the answer";
                if (v.passed && !solved) {
                    feedback = speedup ? DescribePerformance(records, reference, task.id, 0, *speedup, o.targetSpeedup)
                                       : "## Correct, but not timed\n\nThe reference answer could not be timed; "
                                         "no speedup can be measured.\n";
                } else if (!solved) {
                    FeedbackInput fi;
                    fi.records = &records;
                    fi.task = task.id;
                    fi.buildLog = build::ReadFile(
                        (fs::path(bo.runDir) / "logs" / task.id / "sample0" / "build.log").string());
                    fi.srcDir = (fs::path(sampleDir) / "src").string();
                    fi.taskDir = task.dir;
                    fi.apiDocsDir = apiDocs;
                    feedback = DescribeFailure(fi);
                    if (!parsed.missing.empty()) {
                        std::string missing;
                        for (auto& m : parsed.missing) missing += (missing.empty() ? "`" : ", `") + m + "`";
                        feedback = "## Files missing from your answer: " + missing + " (" + parsed.cls + ")\n\n" + feedback;
                    }
                }
            }
            line["verdict"] = verdictText;
            if (o.progress)
                std::fprintf(stderr, "%s turn %d: %s (%lld tokens)\n", task.id.c_str(), turn, verdictText.c_str(),
                             (long long)res.usage.totalTokens);
            if (solved) {
                finish("passed");
                break;
            }
            if (turn == o.maxTurns) {
                finish("max_turns");
                break;
            }
            if (o.tokenBudget > 0 && spent.totalTokens >= o.tokenBudget) {
                finish("token_budget");
                break;
            }
            std::string repair;
            if (!RenderTemplate(repairTemplate,
                                {{"turn", std::to_string(turn)},
                                 {"max_turns", std::to_string(o.maxTurns)},
                                 {"verdict", verdictText},
                                 {"feedback", feedback},
                                 {"files_to_write", filesList}},
                                &repair, &err))
                return out.error = "prompts/repair.md: " + err, out;
            line["feedback"] = repair;
            line["final"] = false;
            AppendLine(trajectories, line);
            messages.push_back({"assistant", choice.content});
            messages.push_back({"user", repair});
        }
        out.usage.promptTokens += spent.promptTokens;
        out.usage.completionTokens += spent.completionTokens;
        out.usage.totalTokens += spent.totalTokens;
        out.solved += solved;
        // The task's last candidate, where `akgen bench --samples OUT/samples` finds it.
        if (!lastSample.empty()) {
            const fs::path dest = SampleDir((fs::path(o.outDir) / "samples").string(), task, "", 0);
            fs::remove_all(dest, ec);
            fs::create_directories(dest.parent_path(), ec);
            fs::copy(lastSample, dest, fs::copy_options::recursive, ec);
        }
    }
    return out;
}

}  // namespace akg::gen
