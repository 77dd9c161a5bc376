#include "serve/server.h"

#include <signal.h>
#include <unistd.h>

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <regex>
#include <thread>

#include "build/compile.h"
#include "common/sha256.h"
#include "gen/parse.h"
#include "gen/prompt.h"
#include "serve/evaluator.h"

namespace akg::serve {

namespace fs = std::filesystem;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

double SecondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// A request that was refused before any evaluation: an HTTP status and why.
struct Refusal {
    int status = 0;
    std::string error;
};

struct Job {
    std::string id;
    EvaluationJob eval;
    std::string key;  // the candidate's content hash: the verdict cache's key
    RewardConfig rewards;
    json parse;       // how a raw answer was parsed, or null
    Clock::time_point accepted, deadline;
    std::atomic<bool> cancelled{false};
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    json result;
};

// One item of a request, prepared: either answered already, or a job to wait for.
struct Prepared {
    Refusal refusal;
    json result;               // set when answered without waiting
    std::shared_ptr<Job> job;  // set when it waits for an evaluation
    bool fresh = false;        // the job is new (not yet queued, not attached to a running one)
};

const std::regex kIdPattern("[A-Za-z0-9_.:-]{1,128}");
// Candidate files: relative, plain names, under op_kernel/ (and op_host/ in host+kernel mode).
const std::regex kFilePattern("(op_kernel|op_host)/([A-Za-z0-9_.-]+/)*[A-Za-z0-9_.-]+");

bool WriteFileAtomically(const fs::path& path, const std::string& text) {
    const fs::path tmp = path.string() + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary);
        out << text;
        out.flush();
        if (!out) return false;
    }
    std::error_code ec;
    fs::rename(tmp, path, ec);
    return !ec;
}

std::optional<json> ReadJsonFile(const fs::path& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return std::nullopt;
    try {
        return json::parse(build::ReadFile(path.string()));
    } catch (const std::exception&) {
        return std::nullopt;  // a torn file of a killed server: as if absent
    }
}

std::string RandomId() {
    static std::mutex m;
    static std::mt19937_64 rng(std::random_device{}());
    std::lock_guard<std::mutex> lock(m);
    char buf[40];
    std::snprintf(buf, sizeof buf, "r-%016llx%08llx", (unsigned long long)rng(), (unsigned long long)(rng() >> 32));
    return buf;
}

class Metrics {
public:
    void Observe(double seconds) {
        std::lock_guard<std::mutex> lock(m_);
        for (size_t i = 0; i < kBuckets.size(); ++i)
            if (seconds <= kBuckets[i]) ++counts_[i];
        ++count_;
        sum_ += seconds;
    }
    void Count(const std::string& family, const std::string& label) {
        std::lock_guard<std::mutex> lock(m_);
        ++counters_[family][label];
    }
    std::string Text(size_t queueDepth, int inFlight) {
        std::lock_guard<std::mutex> lock(m_);
        std::string t;
        t += "# HELP akgen_serve_queue_depth Requests waiting for an evaluator.\n# TYPE akgen_serve_queue_depth gauge\n";
        t += "akgen_serve_queue_depth " + std::to_string(queueDepth) + "\n";
        t += "# HELP akgen_serve_in_flight Candidates being evaluated.\n# TYPE akgen_serve_in_flight gauge\n";
        t += "akgen_serve_in_flight " + std::to_string(inFlight) + "\n";
        const std::map<std::string, std::pair<std::string, std::string>> help = {
            {"akgen_serve_requests_total", {"outcome", "Answered request items by outcome."}},
            {"akgen_serve_results_total", {"class", "Verdicts by class (cache hits included)."}},
            {"akgen_serve_rejected_total", {"reason", "Refused requests by reason."}}};
        for (auto& [family, h] : help) {
            t += "# HELP " + family + " " + h.second + "\n# TYPE " + family + " counter\n";
            for (auto& [label, n] : counters_[family])
                t += family + "{" + h.first + "=\"" + label + "\"} " + std::to_string(n) + "\n";
        }
        t += "# HELP akgen_serve_request_seconds Wall time from acceptance to answer.\n"
             "# TYPE akgen_serve_request_seconds histogram\n";
        for (size_t i = 0; i < kBuckets.size(); ++i) {
            char le[32];
            std::snprintf(le, sizeof le, "%g", kBuckets[i]);
            t += "akgen_serve_request_seconds_bucket{le=\"" + std::string(le) + "\"} " + std::to_string(counts_[i]) + "\n";
        }
        t += "akgen_serve_request_seconds_bucket{le=\"+Inf\"} " + std::to_string(count_) + "\n";
        t += "akgen_serve_request_seconds_sum " + json(sum_).dump() + "\n";
        t += "akgen_serve_request_seconds_count " + std::to_string(count_) + "\n";
        return t;
    }

private:
    static constexpr std::array<double, 13> kBuckets = {0.05, 0.1, 0.2, 0.5, 1, 2, 3, 5, 10, 30, 60, 120, 300};
    std::mutex m_;
    std::array<uint64_t, 13> counts_{};
    uint64_t count_ = 0;
    double sum_ = 0;
    std::map<std::string, std::map<std::string, uint64_t>> counters_;
};

class Service {
public:
    explicit Service(const ServeOptions& o) : o_(o), state_(o.stateDir) {
        for (const char* d : {"results", "pending", "verdicts", "work"}) fs::create_directories(state_ / d);
        for (auto& t : harness::DiscoverTasks(o.tasksRoot, {}).tasks) tasks_[t.id] = t;
    }

    size_t TaskCount() const { return tasks_.size(); }

    // Requests acknowledged before a crash or kill: queued again, ahead of new ones.
    int Recover() {
        int requeued = 0;
        for (auto& entry : fs::directory_iterator(state_ / "pending")) {
            if (entry.path().extension() != ".json") continue;
            const std::string id = entry.path().stem().string();
            std::error_code ec;
            if (fs::exists(ResultPath(id), ec)) {
                fs::remove(entry.path(), ec);  // answered; the server died before tidying up
                continue;
            }
            const std::optional<json> request = ReadJsonFile(entry.path());
            Prepared p;
            if (request) p = PrepareItem(*request, /*fromJournal=*/true);
            if (!p.job || !p.fresh) {
                fs::remove(entry.path(), ec);
                continue;
            }
            std::lock_guard<std::mutex> lock(m_);
            byId_[id] = p.job;
            queue_.push_back(p.job);
            ++requeued;
        }
        cv_.notify_all();
        return requeued;
    }

    void StartDispatchers() {
        std::vector<std::string> argv = {o_.evaluatorExe, "serve", "--evaluator", "--tasks", o_.tasksRoot,
                                         "--state", o_.stateDir, "--soc", o_.soc,
                                         "--timeout", json(o_.limits.wallSeconds).dump(),
                                         "--cpu-limit", json(o_.limits.cpuSeconds).dump(),
                                         "--memory-limit-mb", std::to_string(o_.limits.addressSpaceBytes >> 20)};
        if (!o_.python.empty()) argv.insert(argv.end(), {"--python", o_.python});
        for (int i = 0; i < std::max(1, o_.jobs); ++i) {
            evaluators_.push_back(std::make_unique<EvaluatorProcess>(argv));
            dispatchers_.emplace_back([this, i] { Dispatch(*evaluators_[size_t(i)]); });
        }
    }

    void StopDispatchers() {
        {
            std::lock_guard<std::mutex> lock(m_);
            stopping_ = true;
        }
        cv_.notify_all();
        for (auto& t : dispatchers_) t.join();
        evaluators_.clear();
    }

    // SIGTERM: refuse new work, let queued and running requests finish (or the drain time pass).
    void Drain() {
        draining_ = true;
        const auto until = Clock::now() + std::chrono::duration<double>(o_.drainSeconds);
        std::unique_lock<std::mutex> lock(m_);
        idle_.wait_until(lock, until, [&] { return queue_.empty() && inFlight_ == 0 && byId_.empty(); });
    }

    bool Authorized(const httplib::Request& req) const {
        if (o_.token.empty()) return true;
        const std::string want = "Bearer " + o_.token;
        const std::string got = req.get_header_value("Authorization");
        if (got.size() != want.size()) return false;
        unsigned char diff = 0;  // constant time: the comparison reveals no prefix of the token
        for (size_t i = 0; i < want.size(); ++i) diff |= (unsigned char)(got[i] ^ want[i]);
        return diff == 0;
    }

    void Register(httplib::Server& svr) {
        svr.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
            if (req.path == "/healthz" || Authorized(req)) return httplib::Server::HandlerResponse::Unhandled;
            metrics_.Count("akgen_serve_rejected_total", "unauthorized");
            Reply(res, 401, {{"error", "a bearer token is required (Authorization: Bearer ...)"}});
            return httplib::Server::HandlerResponse::Handled;
        });
        svr.Get("/healthz", [this](const httplib::Request&, httplib::Response& res) {
            std::lock_guard<std::mutex> lock(m_);
            Reply(res, draining_ ? 503 : 200,
                  {{"status", draining_ ? "draining" : "ok"}, {"tasks", tasks_.size()}, {"jobs", o_.jobs},
                   {"queue_depth", queue_.size()}, {"queue_capacity", o_.queue}, {"in_flight", inFlight_}});
        });
        svr.Get("/metrics", [this](const httplib::Request&, httplib::Response& res) {
            size_t depth;
            int inFlight;
            {
                std::lock_guard<std::mutex> lock(m_);
                depth = queue_.size();
                inFlight = inFlight_;
            }
            res.set_content(metrics_.Text(depth, inFlight), "text/plain; version=0.0.4");
        });
        svr.Get(R"(/v1/results/([A-Za-z0-9_.:-]{1,128}))", [this](const httplib::Request& req, httplib::Response& res) {
            const std::string id = req.matches[1];
            if (const std::optional<json> r = ReadJsonFile(ResultPath(id))) return Reply(res, 200, *r);
            std::lock_guard<std::mutex> lock(m_);
            if (auto it = byId_.find(id); it != byId_.end())
                return Reply(res, 200, {{"id", id}, {"status", InFlight(it->second) ? "running" : "queued"}});
            if (auto it = unstored_.find(id); it != unstored_.end()) return Reply(res, 200, it->second);
            Reply(res, 404, {{"id", id}, {"error", "no request with this id was acknowledged"}});
        });
        svr.Post("/v1/evaluate", [this](const httplib::Request& req, httplib::Response& res) { Evaluate(req, res); });
    }

private:
    fs::path ResultPath(const std::string& id) const { return state_ / "results" / (id + ".json"); }
    fs::path PendingPath(const std::string& id) const { return state_ / "pending" / (id + ".json"); }
    fs::path VerdictPath(const std::string& key) const { return state_ / "verdicts" / (key + ".json"); }

    static void Reply(httplib::Response& res, int status, const json& body) {
        res.status = status;
        res.set_content(body.dump() + "\n", "application/json");
    }

    bool InFlight(const std::shared_ptr<Job>& job) const {
        return std::find(queue_.begin(), queue_.end(), job) == queue_.end();
    }

    const std::vector<std::string>& ExpectedFiles(const harness::TaskRef& task, harness::CandidateMode mode,
                                                  std::string* error) {
        std::lock_guard<std::mutex> lock(filesMutex_);
        const std::string key = task.id + (mode == harness::CandidateMode::KernelOnly ? "|k" : "|hk");
        auto it = expected_.find(key);
        if (it == expected_.end()) {
            gen::TaskPrompt prompt;
            if (!gen::BuildTaskPrompt(task, {"", mode, o_.soc, ""}, &prompt, error)) prompt.expectedFiles.clear();
            it = expected_.emplace(key, prompt.expectedFiles).first;
        }
        return it->second;
    }

    // The response of a verdict: the request's identity, the verdict, its reward.
    json Compose(const Job& job, const json& verdict, bool cached) const {
        json r = verdict;
        r["id"] = job.id;
        r["status"] = "done";
        r["task"] = job.eval.task.id;
        r["mode"] = job.eval.mode == harness::CandidateMode::KernelOnly ? "kernel" : "host+kernel";
        r["split"] = job.eval.split == harness::CaseSplit::All      ? "all"
                     : job.eval.split == harness::CaseSplit::Public ? "public"
                                                                    : "hidden";
        r["cached"] = cached;
        r["reward_tier"] = RewardTier(verdict);
        r["reward"] = RewardOf(job.rewards, verdict);
        if (!job.parse.is_null()) r["parse"] = job.parse;
        r["wall_seconds"] = SecondsSince(job.accepted);
        return r;
    }

    // Validates one request item and finds its answer: stored under its id, attached to the
    // same id's running job, in the verdict cache, or a new job.
    Prepared PrepareItem(const json& req, bool fromJournal) {
        Prepared p;
        auto refuse = [&](const std::string& why) {
            p.refusal = {400, why};
            return p;
        };
        if (!req.is_object()) return refuse("a request is a JSON object");
        std::string id;
        if (req.contains("id")) {
            if (!req.at("id").is_string() || !std::regex_match(req.at("id").get<std::string>(), kIdPattern))
                return refuse("id: 1 to 128 characters of A-Z a-z 0-9 _ . : -");
            id = req.at("id");
            if (const std::optional<json> r = ReadJsonFile(ResultPath(id)); r && !fromJournal) {
                p.result = *r;  // answered before: the same answer again, never a second evaluation
                return p;
            }
            std::lock_guard<std::mutex> lock(m_);
            if (auto it = byId_.find(id); it != byId_.end() && !fromJournal) {
                p.job = it->second;
                return p;
            }
        } else {
            id = RandomId();
        }
        auto job = std::make_shared<Job>();
        job->id = id;
        job->accepted = Clock::now();
        const std::string taskId = req.value("task", "");
        auto task = tasks_.find(taskId);
        if (task == tasks_.end()) return refuse("task: '" + taskId + "' is not a task this server serves");
        job->eval.task = task->second;
        job->eval.job = id;
        const std::string mode = req.value("mode", "kernel");
        if (mode == "kernel") job->eval.mode = harness::CandidateMode::KernelOnly;
        else if (mode == "host+kernel") job->eval.mode = harness::CandidateMode::HostAndKernel;
        else return refuse("mode: kernel or host+kernel");
        const std::string split = req.value("split", "all");
        if (split == "all") job->eval.split = harness::CaseSplit::All;
        else if (split == "public") job->eval.split = harness::CaseSplit::Public;
        else if (split == "hidden") job->eval.split = harness::CaseSplit::Hidden;
        else return refuse("split: all, public or hidden");
        job->rewards = o_.rewards;
        if (req.contains("rewards")) {
            std::string error;
            if (!ApplyRewardOverrides(req.at("rewards"), &job->rewards, &error)) return refuse(error);
        }
        double deadline = o_.deadlineSeconds;
        if (req.contains("deadline_seconds")) {
            if (!req.at("deadline_seconds").is_number() || req.at("deadline_seconds").get<double>() <= 0)
                return refuse("deadline_seconds: a positive number");
            deadline = std::min(deadline, req.at("deadline_seconds").get<double>());
        }
        job->deadline = job->accepted + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(deadline));

        json verdictWithoutEvaluation;
        if (req.contains("files")) {
            if (!req.at("files").is_object() || req.at("files").empty())
                return refuse("files: an object of path -> content");
            for (auto& [path, content] : req.at("files").items()) {
                if (!content.is_string()) return refuse("files." + path + ": want the file's text");
                if (path.size() > 200 || !std::regex_match(path, kFilePattern) || path.find("..") != std::string::npos)
                    return refuse("files: '" + path + "' is not a file of the project layout (op_kernel/..., op_host/...; "
                                  "relative, no '..')");
                if (path.rfind("op_host/", 0) == 0 && job->eval.mode == harness::CandidateMode::KernelOnly)
                    return refuse("files: '" + path + "': in kernel mode the candidate is op_kernel/ only");
                job->eval.files[path] = content.get<std::string>();
            }
        } else if (req.contains("answer")) {
            if (!req.at("answer").is_string()) return refuse("answer: the model's answer as text");
            std::string error;
            const std::vector<std::string>& expected = ExpectedFiles(task->second, job->eval.mode, &error);
            if (expected.empty()) return refuse("answer: the task has no question/ templates to parse against: " + error);
            const gen::ParsedAnswer parsed = gen::ParseAnswer(req.at("answer"), expected);
            job->parse = {{"class", parsed.cls}, {"missing", parsed.missing}, {"note", parsed.note}};
            if (parsed.files.empty())
                verdictWithoutEvaluation = {{"compiled", false}, {"passed", false}, {"class", parsed.cls},
                                            {"error", parsed.note}, {"cases", json::array()},
                                            {"diagnostics", json::array()}};
            job->eval.files = parsed.files;
        } else {
            return refuse("want files (path -> content) or answer (the model's text)");
        }
        Sha256 h;
        h.Field("serve-v1");
        h.Field(job->eval.task.id);
        h.Field(mode);
        h.Field(split);
        for (auto& [path, content] : job->eval.files) h.Field(path).Field(content);
        job->key = h.HexDigest();
        if (!verdictWithoutEvaluation.is_null()) {
            p.result = Compose(*job, verdictWithoutEvaluation, false);
            Store(*job, p.result);
            return p;
        }
        if (const std::optional<json> v = ReadJsonFile(VerdictPath(job->key))) {
            p.result = Compose(*job, *v, true);
            Store(*job, p.result);
            return p;
        }
        p.job = job;
        p.fresh = true;
        return p;
    }

    // Records an answer under its id; the journal entry of its request goes.
    void Store(const Job& job, const json& result) {
        WriteFileAtomically(ResultPath(job.id), result.dump());
        std::error_code ec;
        fs::remove(PendingPath(job.id), ec);
        metrics_.Count("akgen_serve_results_total", result.value("class", "unknown"));
        metrics_.Count("akgen_serve_requests_total", result.value("cached", false) ? "cached" : "evaluated");
        metrics_.Observe(result.value("wall_seconds", 0.0));
    }

    void Finish(const std::shared_ptr<Job>& job, const json& result, bool stored) {
        if (stored) Store(*job, result);
        else {
            std::error_code ec;
            fs::remove(PendingPath(job->id), ec);
            metrics_.Count("akgen_serve_requests_total", result.value("status", "unknown"));
        }
        {
            std::lock_guard<std::mutex> lock(m_);
            byId_.erase(job->id);
            if (!stored) {
                if (unstored_.size() > 10000) unstored_.clear();
                unstored_[job->id] = result;
            }
        }
        idle_.notify_all();
        {
            std::lock_guard<std::mutex> lock(job->m);
            job->result = result;
            job->done = true;
        }
        job->cv.notify_all();
    }

    void Dispatch(EvaluatorProcess& evaluator) {
        for (;;) {
            std::shared_ptr<Job> job;
            {
                std::unique_lock<std::mutex> lock(m_);
                cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
                if (queue_.empty()) return;
                job = queue_.front();
                queue_.pop_front();
                ++inFlight_;
            }
            auto pastDeadline = [&] { return Clock::now() > job->deadline; };
            json status = {{"id", job->id}, {"task", job->eval.task.id}};
            if (job->cancelled || pastDeadline()) {
                status["status"] = job->cancelled ? "cancelled" : "deadline_exceeded";
                Finish(job, status, false);
            } else {
                json verdict;
                std::string error;
                const EvaluatorProcess::Outcome outcome =
                    evaluator.Run(job->eval, [&] { return job->cancelled || pastDeadline() || stopping_; }, &verdict, &error);
                if (outcome == EvaluatorProcess::Outcome::Done && !verdict.contains("evaluator_error")) {
                    WriteFileAtomically(VerdictPath(job->key), verdict.dump());
                    Finish(job, Compose(*job, verdict, false), true);
                } else {
                    status["status"] = outcome == EvaluatorProcess::Outcome::Stopped
                                           ? (job->cancelled ? "cancelled" : stopping_ ? "shutdown" : "deadline_exceeded")
                                           : "error";
                    if (outcome != EvaluatorProcess::Outcome::Stopped)
                        status["error"] = outcome == EvaluatorProcess::Outcome::Done ? verdict.value("evaluator_error", "") : error;
                    Finish(job, status, false);
                }
            }
            {
                std::lock_guard<std::mutex> lock(m_);
                --inFlight_;
            }
            idle_.notify_all();
        }
    }

    // Waits for every job, sending a space every second while it runs (JSON allows leading
    // white space): a write that fails means the client left, and its jobs are cancelled.
    void Stream(httplib::Response& res, std::vector<Prepared> items, bool batch) {
        res.set_chunked_content_provider("application/json", [items, batch](size_t, httplib::DataSink& sink) {
            for (;;) {
                bool all = true;
                for (auto& p : items) {
                    if (!p.job) continue;
                    std::unique_lock<std::mutex> lock(p.job->m);
                    if (!p.job->done) {
                        p.job->cv.wait_for(lock, std::chrono::seconds(1), [&] { return p.job->done; });
                        if (!p.job->done) all = false;
                    }
                }
                if (all) break;
                if (!sink.write(" ", 1)) {
                    for (auto& p : items)
                        if (p.job) p.job->cancelled = true;
                    return false;
                }
            }
            json results = json::array();
            for (auto& p : items) {
                if (p.job) results.push_back(p.job->result);
                else if (p.refusal.status) results.push_back({{"status", "rejected"}, {"error", p.refusal.error}});
                else results.push_back(p.result);
            }
            const std::string body = (batch ? json{{"results", results}} : results[0]).dump() + "\n";
            sink.write(body.data(), body.size());
            sink.done();
            return true;
        });
    }

    void Evaluate(const httplib::Request& req, httplib::Response& res) {
        if (draining_) {
            metrics_.Count("akgen_serve_rejected_total", "draining");
            return Reply(res, 503, {{"error", "the server is shutting down"}});
        }
        json body;
        try {
            body = json::parse(req.body);
        } catch (const std::exception& e) {
            metrics_.Count("akgen_serve_rejected_total", "bad_request");
            return Reply(res, 400, {{"error", std::string("the body is not JSON: ") + e.what()}});
        }
        const bool batch = body.is_object() && body.contains("requests");
        if (batch && (!body.at("requests").is_array() || body.at("requests").empty() ||
                      body.at("requests").size() > size_t(std::max(1, o_.queue))))
            return Reply(res, 400, {{"error", "requests: an array of 1 to " + std::to_string(o_.queue) + " requests"}});
        const json items = batch ? body.at("requests") : json::array({body});
        const bool async = !batch && body.is_object() && body.value("async", false);
        std::vector<Prepared> prepared;
        for (auto& item : items) prepared.push_back(PrepareItem(item, false));
        if (!batch && prepared[0].refusal.status) {
            metrics_.Count("akgen_serve_rejected_total", "bad_request");
            return Reply(res, prepared[0].refusal.status, {{"error", prepared[0].refusal.error}});
        }
        // Admission: every new job of the request is queued, or none is.
        {
            std::lock_guard<std::mutex> lock(m_);
            size_t fresh = 0;
            for (auto& p : prepared) fresh += p.fresh;
            if (fresh && queue_.size() + fresh > size_t(o_.queue)) {
                metrics_.Count("akgen_serve_rejected_total", "queue_full");
                const int retry = int(std::max<size_t>(1, (queue_.size() + 1) / size_t(std::max(1, o_.jobs))));
                res.set_header("Retry-After", std::to_string(retry));
                return Reply(res, 429, {{"error", "the queue is full (" + std::to_string(o_.queue) + " waiting)"},
                                        {"retry_after_seconds", retry}});
            }
            for (auto& p : prepared) {
                if (!p.fresh) continue;
                if (auto it = byId_.find(p.job->id); it != byId_.end()) {
                    p.job = it->second;  // the same id arrived twice at once: one evaluation
                    p.fresh = false;
                    continue;
                }
                // Acknowledged from here on: the journal entry survives a crash and is run again.
                json journal = items[size_t(&p - prepared.data())];
                journal["id"] = p.job->id;
                WriteFileAtomically(PendingPath(p.job->id), journal.dump());
                byId_[p.job->id] = p.job;
                queue_.push_back(p.job);
            }
        }
        cv_.notify_all();
        bool waiting = false;
        for (auto& p : prepared) waiting |= bool(p.job);
        if (async && waiting) return Reply(res, 202, {{"id", prepared[0].job->id}, {"status", "queued"}});
        if (!waiting) {
            if (!batch) return Reply(res, 200, prepared[0].result);
            json results = json::array();
            for (auto& p : prepared)
                results.push_back(p.refusal.status ? json{{"status", "rejected"}, {"error", p.refusal.error}} : p.result);
            return Reply(res, 200, {{"results", results}});
        }
        Stream(res, std::move(prepared), batch);
    }

    const ServeOptions& o_;
    fs::path state_;
    std::map<std::string, harness::TaskRef> tasks_;
    std::mutex filesMutex_;
    std::map<std::string, std::vector<std::string>> expected_;
    Metrics metrics_;

    std::mutex m_;
    std::condition_variable cv_, idle_;
    std::deque<std::shared_ptr<Job>> queue_;
    std::map<std::string, std::shared_ptr<Job>> byId_;  // queued and running
    std::map<std::string, json> unstored_;              // outcomes that are no verdict (deadline, cancelled)
    int inFlight_ = 0;
    std::atomic<bool> stopping_{false};
    std::atomic<bool> draining_{false};
    std::vector<std::unique_ptr<EvaluatorProcess>> evaluators_;
    std::vector<std::thread> dispatchers_;
};

bool IsLoopback(const std::string& host) { return host == "127.0.0.1" || host == "localhost" || host == "::1"; }

}  // namespace

int RunServer(const ServeOptions& o) {
    if (!IsLoopback(o.host) && o.token.empty()) {
        std::fprintf(stderr, "akgen serve: binding to %s needs a bearer token (AKGEN_SERVE_TOKEN or --token-file)\n",
                     o.host.c_str());
        return 2;
    }
    // Signals are taken by one thread (sigwait); every other thread inherits the mask.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    signal(SIGPIPE, SIG_IGN);

    Service service(o);
    if (service.TaskCount() == 0) {
        std::fprintf(stderr, "akgen serve: no task under %s\n", o.tasksRoot.c_str());
        return 2;
    }
    const int requeued = service.Recover();
    service.StartDispatchers();

    httplib::Server svr;
    const int threads = o.jobs + o.queue + 8;  // every waiting client holds a thread; 429s need one more
    svr.new_task_queue = [threads] { return new httplib::ThreadPool(size_t(threads)); };
    svr.set_payload_max_length(o.maxBodyBytes);
    svr.set_read_timeout(30, 0);
    svr.set_write_timeout(30, 0);
    service.Register(svr);
    int port = o.port;
    if (port == 0) port = svr.bind_to_any_port(o.host);
    else if (!svr.bind_to_port(o.host, port)) port = -1;
    if (port <= 0) {
        std::fprintf(stderr, "akgen serve: cannot listen on %s:%d\n", o.host.c_str(), o.port);
        service.StopDispatchers();
        return 2;
    }
    std::printf("akgen serve: listening on http://%s:%d (%zu tasks, %d evaluators, queue %d, %d recovered)\n",
                o.host.c_str(), port, service.TaskCount(), o.jobs, o.queue, requeued);
    std::fflush(stdout);

    std::thread signalThread([&] {
        int sig = 0;
        sigwait(&signals, &sig);
        std::fprintf(stderr, "akgen serve: %s: draining\n", strsignal(sig));
        service.Drain();
        svr.stop();
    });
    svr.listen_after_bind();
    kill(getpid(), SIGTERM);  // the listener failed on its own: let the signal thread drain and return
    service.StopDispatchers();
    signalThread.join();
    std::fprintf(stderr, "akgen serve: stopped\n");
    return 0;
}

}  // namespace akg::serve
