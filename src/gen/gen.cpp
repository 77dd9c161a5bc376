#include "gen/gen.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "common/sha256.h"

namespace akg::gen {

namespace fs = std::filesystem;
using nlohmann::json;

std::string SampleDir(const std::string& outDir, const harness::TaskRef& task, const std::string& onlyCase, int sample) {
    fs::path p = fs::path(outDir) / ("lvl" + std::to_string(task.level)) / task.category / task.op;
    if (!onlyCase.empty()) p /= "fixed_case_" + onlyCase;
    return (p / ("sample" + std::to_string(sample))).string();
}

bool WriteSample(const std::string& dir, const ParsedAnswer& parsed, const json& record, std::string* error) {
    static std::atomic<int> counter{0};
    const fs::path target(dir);
    const fs::path tmp = target.parent_path() / ("." + target.filename().string() + ".tmp-" + std::to_string(getpid()) +
                                                 "-" + std::to_string(counter++));
    std::error_code ec;
    fs::remove_all(tmp, ec);
    fs::create_directories(tmp / "src" / "op_kernel", ec);
    if (ec) return *error = "cannot create " + tmp.string() + ": " + ec.message(), false;
    for (auto& [path, content] : parsed.files) {
        const fs::path f = tmp / "src" / path;
        fs::create_directories(f.parent_path(), ec);
        std::ofstream out(f, std::ios::binary);
        out << content;
        if (!out) return *error = "cannot write " + f.string(), false;
    }
    {
        std::ofstream out(tmp / "gen.json");
        out << record.dump(2) << "\n";
        if (!out) return *error = "cannot write " + (tmp / "gen.json").string(), false;
    }
    fs::rename(tmp, target, ec);
    if (ec) {
        fs::remove_all(tmp);
        return *error = "cannot rename " + tmp.string() + " to " + target.string() + ": " + ec.message(), false;
    }
    return true;
}

namespace {

bool SampleDone(const std::string& dir) {
    std::error_code ec;
    return fs::is_regular_file(fs::path(dir) / "gen.json", ec);
}

// Temporaries a killed run left beside its samples. A sample's temporary lives for milliseconds;
// one older than a minute is not another shard's write in progress (shards may share the
// directory from several machines, so process ids cannot tell).
void RemoveStaleTemporaries(const fs::path& groupDir) {
    std::error_code ec;
    const auto cutoff = fs::file_time_type::clock::now() - std::chrono::minutes(1);
    for (auto& e : fs::directory_iterator(groupDir, ec)) {
        const std::string name = e.path().filename().string();
        if (name.rfind(".sample", 0) != 0 || name.find(".tmp-") == std::string::npos) continue;
        std::error_code tec;
        if (fs::last_write_time(e.path(), tec) < cutoff && !tec) fs::remove_all(e.path(), ec);
    }
}

struct Group {
    harness::TaskRef task;
    std::string onlyCase;
    TaskPrompt prompt;
    std::string promptHash;  // of OUT/prompts/<hash>.json
};

// Every sample of a group shares its prompt, so the prompt is stored once, by content, instead
// of in each gen.json (a hundred samples of 150 tasks would repeat it 15,000 times).
bool StorePrompt(const std::string& outDir, Group* g, std::string* error) {
    const json prompt = {{"system", g->prompt.system}, {"user", g->prompt.user}, {"expected_files", g->prompt.expectedFiles}};
    const std::string text = prompt.dump(2) + "\n";
    g->promptHash = Sha256Hex(text);
    const fs::path dir = fs::path(outDir) / "prompts";
    const fs::path file = dir / (g->promptHash + ".json");
    std::error_code ec;
    if (fs::exists(file, ec)) return true;
    fs::create_directories(dir, ec);
    const fs::path tmp = dir / ("." + g->promptHash + ".tmp-" + std::to_string(getpid()));
    std::ofstream(tmp) << text;
    fs::rename(tmp, file, ec);
    if (ec) return *error = "cannot write " + file.string() + ": " + ec.message(), false;
    return true;
}

struct Request {
    const Group* group;
    std::vector<int> samples;  // one choice each
};

json UsageJson(const Usage& u) {
    return {{"prompt_tokens", u.promptTokens}, {"completion_tokens", u.completionTokens}, {"total_tokens", u.totalTokens}};
}

}  // namespace

GenOutcome RunGen(const GenOptions& o) {
    GenOutcome out;
    if (o.outDir.empty() && !o.dryRun) return out.error = "no output directory (--out)", out;
    if (o.shardCount < 1 || o.shardIndex < 0 || o.shardIndex >= o.shardCount)
        return out.error = "bad --shard: want i/N with 0 <= i < N", out;
    if (o.samples < 1) return out.error = "--samples must be at least 1", out;

    harness::TaskSelection sel = harness::DiscoverTasks(o.tasksRoot, o.filter);
    out.skipped = sel.skipped;
    if (sel.tasks.empty()) return out.error = "no task under " + o.tasksRoot + " matches the selection", out;
    std::vector<Group> groups;
    for (auto& t : sel.tasks) {
        std::vector<std::string> cases = {""};
        if (o.staticShape) {
            std::string err;
            cases = harness::ReadCaseIds(t.dir, harness::CaseSplit::Public, &err);
        }
        for (auto& c : cases) {
            Group g{t, c, {}, ""};
            PromptOptions po{o.promptsDir, o.mode, o.soc, c};
            std::string err;
            if (!BuildTaskPrompt(t, po, &g.prompt, &err)) {
                out.skipped.push_back({t.dir, "no prompt: " + err});
                continue;
            }
            groups.push_back(std::move(g));
        }
    }
    if (o.dryRun) {
        for (auto& g : groups) {
            std::printf("===== %s%s: system\n%s\n===== %s%s: user\n%s\n", g.task.id.c_str(),
                        g.onlyCase.empty() ? "" : (" case " + g.onlyCase).c_str(), g.prompt.system.c_str(),
                        g.task.id.c_str(), g.onlyCase.empty() ? "" : (" case " + g.onlyCase).c_str(),
                        g.prompt.user.c_str());
            std::printf("===== expected files:");
            for (auto& f : g.prompt.expectedFiles) std::printf(" %s", f.c_str());
            std::printf("\n\n");
        }
        return out;
    }

    for (auto& g : groups)
        if (std::string err; !StorePrompt(o.outDir, &g, &err)) return out.error = err, out;

    // Units are (group, sample) in a fixed order; a shard takes every N-th.
    std::vector<Request> requests;
    size_t unit = 0;
    for (auto& g : groups) {
        std::vector<int> missing;
        for (int k = 0; k < o.samples; ++k, ++unit) {
            if (int(unit % size_t(o.shardCount)) != o.shardIndex) continue;
            ++out.due;
            if (SampleDone(SampleDir(o.outDir, g.task, g.onlyCase, k))) {
                ++out.alreadyDone;
                continue;
            }
            missing.push_back(k);
        }
        RemoveStaleTemporaries(fs::path(SampleDir(o.outDir, g.task, g.onlyCase, 0)).parent_path());
        if (missing.empty()) continue;
        if (o.nPerRequest) requests.push_back({&g, missing});
        else
            for (int k : missing) requests.push_back({&g, {k}});
    }

    ClientConfig cc = o.client;
    cc.concurrency = std::max(1, o.jobs);
    ChatClient client(cc);
    std::mutex mutex;
    std::atomic<size_t> next{0};
    const int total = out.due - out.alreadyDone;
    int finished = 0;

    auto worker = [&] {
        for (size_t i; (i = next++) < requests.size();) {
            const Request& r = requests[i];
            const Group& g = *r.group;
            std::vector<Message> messages = {{"system", g.prompt.system}, {"user", g.prompt.user}};
            SamplingParams params = o.sampling;
            params.n = int(r.samples.size());
            if (o.sampling.seed) params.seed = *o.sampling.seed + uint64_t(r.samples.front());
            ChatResult res = client.Complete(messages, params);
            std::lock_guard lock(mutex);
            out.usage.promptTokens += res.usage.promptTokens;
            out.usage.completionTokens += res.usage.completionTokens;
            out.usage.totalTokens += res.usage.totalTokens;
            for (size_t j = 0; j < r.samples.size(); ++j) {
                const int k = r.samples[j];
                ++finished;
                if (!res.ok || j >= res.choices.size()) {
                    ++out.failed;
                    if (o.progress)
                        std::fprintf(stderr, "[%d/%d] %s sample %d: %s: %s\n", finished, total, g.task.id.c_str(), k,
                                     res.ok ? kGenBadResponse : res.cls.c_str(),
                                     res.ok ? "fewer choices than requested" : res.error.c_str());
                    continue;
                }
                const Choice& c = res.choices[j];
                json request = client.RequestBody(messages, params);
                request.erase("messages");  // stored once under OUT/prompts/
                ParsedAnswer parsed = ParseAnswer(c.content, g.prompt.expectedFiles);
                std::string reasoning = c.reasoning;
                if (!parsed.reasoning.empty()) reasoning += (reasoning.empty() ? "" : "\n\n") + parsed.reasoning;
                json files = json::array();
                for (auto& [path, _] : parsed.files) files.push_back(path);
                json record = {
                    {"task", g.task.id},
                    {"level", g.task.level},
                    {"category", g.task.category},
                    {"op", g.task.op},
                    {"sample", k},
                    {"case", g.onlyCase.empty() ? json(nullptr) : json(g.onlyCase)},
                    {"mode", o.mode == harness::CandidateMode::KernelOnly ? "kernel" : "host+kernel"},
                    {"model", cc.model},
                    {"prompt", "prompts/" + g.promptHash + ".json"},
                    {"request", request},
                    {"answer", c.content},
                    {"reasoning", reasoning},
                    {"finish_reason", c.finishReason},
                    {"usage", UsageJson(res.usage)},
                    {"choices_in_request", res.choices.size()},
                    {"latency_seconds", res.latencySeconds},
                    {"attempts", res.attempts},
                    {"class", parsed.cls},
                    {"files", files},
                    {"missing", parsed.missing},
                    {"note", parsed.note},
                };
                std::string err;
                if (!WriteSample(SampleDir(o.outDir, g.task, g.onlyCase, k), parsed, record, &err)) {
                    ++out.failed;
                    std::fprintf(stderr, "akgen: %s\n", err.c_str());
                    continue;
                }
                ++out.written;
                if (parsed.cls != "ok") ++out.unusable;
                if (o.progress)
                    std::fprintf(stderr, "[%d/%d] %s sample %d: %s (%lld tokens, %.1f s)\n", finished, total,
                                 g.task.id.c_str(), k, parsed.cls.c_str(), (long long)res.usage.totalTokens,
                                 res.latencySeconds);
            }
        }
    };
    std::vector<std::thread> threads;
    const int nThreads = std::max(1, std::min<int>(o.jobs, int(requests.size())));
    for (int i = 0; i < nThreads; ++i) threads.emplace_back(worker);
    for (auto& t : threads) t.join();
    return out;
}

}  // namespace akg::gen
