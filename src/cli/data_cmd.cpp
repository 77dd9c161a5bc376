#include "cli/data_cmd.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>

#include "data/cot.h"
#include "data/export.h"
#include "data/records.h"

namespace akg::cli {

namespace {

enum ExitCode { kOk = 0, kFailed = 1, kUsage = 4 };

int CmdBuild(const data::BuildOptions& o) {
    const data::BuildOutcome r = data::BuildRecords(o);
    for (auto& w : r.warnings) std::fprintf(stderr, "akgen data: warning: %s\n", w.c_str());
    if (!r.error.empty()) {
        std::fprintf(stderr, "akgen data: %s\n", r.error.c_str());
        return kUsage;
    }
    std::printf("%s records in %s/records.jsonl:", r.manifest["record_count"].dump().c_str(), o.outDir.c_str());
    for (auto& [k, v] : r.manifest["records"].items()) std::printf(" %s=%s", k.c_str(), v.dump().c_str());
    std::printf("\ndropped:");
    for (auto& [k, v] : r.manifest["dropped"].items()) std::printf(" %s=%s", k.c_str(), v.dump().c_str());
    std::printf("\n");
    return kOk;
}

int Load(const std::string& dir, std::vector<nlohmann::json>* records) {
    std::string error;
    if (!data::ReadRecordSet(dir, records, &error)) {
        std::fprintf(stderr, "akgen data: %s\n", error.c_str());
        return kUsage;
    }
    return kOk;
}

int CmdExport(const std::string& dir, const std::string& format, const std::string& out) {
    std::vector<nlohmann::json> records;
    if (int rc = Load(dir, &records)) return rc;
    const data::ExportOutcome r = data::ExportRecords(records, format, out);
    if (!r.error.empty()) {
        std::fprintf(stderr, "akgen data: %s\n", r.error.c_str());
        return kFailed;
    }
    for (auto& f : r.files) std::printf("%s/%s\n", out.c_str(), f.c_str());
    return kOk;
}

int CmdStats(const std::string& dir, bool asJson) {
    std::vector<nlohmann::json> records;
    if (int rc = Load(dir, &records)) return rc;
    const nlohmann::json s = data::RecordStats(records);
    std::printf("%s", asJson ? (s.dump(2) + "\n").c_str() : data::FormatStats(s).c_str());
    return kOk;
}

struct CotArgs {
    data::CotOptions options;
    std::string apiKeyEnv;
    bool noCode = false;
    int64_t seed = -1;
};

int CmdCot(CotArgs& a) {
    data::CotOptions& o = a.options;
    auto env = [](const std::string& name) {
        const char* v = name.empty() ? nullptr : std::getenv(name.c_str());
        return std::string(v ? v : "");
    };
    if (o.client.baseUrl.empty()) o.client.baseUrl = env("AKGEN_TEACHER_BASE_URL");
    if (o.client.model.empty()) o.client.model = env("AKGEN_TEACHER_MODEL");
    o.client.apiKey = env(a.apiKeyEnv.empty() ? "AKGEN_TEACHER_API_KEY" : a.apiKeyEnv);
    if (o.client.baseUrl.empty() || o.client.model.empty()) {
        std::fprintf(stderr, "akgen data: no teacher: --teacher-base-url and --teacher-model "
                             "(or $AKGEN_TEACHER_BASE_URL, $AKGEN_TEACHER_MODEL)\n");
        return kUsage;
    }
    o.code = !a.noCode;
    if (a.seed >= 0) o.sampling.seed = uint64_t(a.seed);
    const data::CotOutcome r = data::RunCot(o);
    if (!r.error.empty()) {
        std::fprintf(stderr, "akgen data: %s\n", r.error.c_str());
        return kUsage;
    }
    std::printf("%d teacher answers, %d kept in %s/records.jsonl; rejected:", r.asked, r.kept, o.outDir.c_str());
    for (auto& [why, n] : r.rejected) std::printf(" %s=%d", why.c_str(), n);
    std::printf("\n");
    return kOk;
}

}  // namespace

void AddDataCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand("data", "Training data from verified evaluations: build, export, stats, cot");
    cmd->require_subcommand(1);

    auto o = std::make_shared<data::BuildOptions>();
    auto* build = cmd->add_subcommand("build", "Records (sft, compile_fix, numeric_fix, dpo, repair) from bench runs and solve outputs");
    build->add_option("--run", o->runs, "akgen bench run directory (repeatable)");
    build->add_option("--solve", o->solveDirs, "akgen solve output directory (repeatable): repair conversations and every turn's run");
    build->add_option("--exclude-tasks", o->excludeTasks,
                      "Evaluation task tree to decontaminate against (repeatable): its tasks and long shared n-grams are dropped");
    build->add_option("--out", o->outDir, "Output directory (records.jsonl, manifest.json)")->required();
    build->add_option("--prompts", o->promptsDir, "Prompt templates for samples without a stored prompt");
    build->add_option("--validation-fraction", o->validationFraction, "Share of tasks (not records) in the validation split");
    build->add_flag("--compile-rejects", o->compileRejects, "DPO pairs whose rejected side failed to compile too");
    build->add_flag("--hostile-rejects", o->hostileRejects, "DPO pairs whose rejected side broke a sandbox or anti-cheat rule");
    build->add_option("--speed-pairs", o->speedMargin,
                      "DPO speed pairs: both pass, the rejected one at least this fraction slower in simulated time");
    build->add_option("--near-dup-threshold", o->nearDupThreshold, "Estimated Jaccard similarity of a near-duplicate response");
    build->add_option("--contamination-ngram", o->contaminationNgram, "Shared token n-gram length that contaminates a record");
    build->callback([o] { std::exit(CmdBuild(*o)); });

    auto exp = std::make_shared<std::tuple<std::string, std::string, std::string>>("", "all", "");
    auto* exportCmd = cmd->add_subcommand("export", "Write a record set in the trainers' formats");
    exportCmd->add_option("records", std::get<0>(*exp), "Directory written by akgen data build")->required();
    exportCmd->add_option("--format", std::get<1>(*exp), "llamafactory, trl, openrlhf, verl or all");
    exportCmd->add_option("--out", std::get<2>(*exp), "Output directory")->required();
    exportCmd->callback([exp] { std::exit(CmdExport(std::get<0>(*exp), std::get<1>(*exp), std::get<2>(*exp))); });

    auto st = std::make_shared<std::pair<std::string, bool>>("", false);
    auto* stats = cmd->add_subcommand("stats", "Counts by kind, class, level and token-length percentiles of a record set");
    stats->add_option("records", st->first, "Directory written by akgen data build")->required();
    stats->add_flag("--json", st->second, "Print JSON");
    stats->callback([st] { std::exit(CmdStats(st->first, st->second)); });

    auto cot = std::make_shared<CotArgs>();
    auto* cotCmd = cmd->add_subcommand("cot", "Teacher-written reasoning for verified kernels and API pages, kept only when checked");
    cotCmd->add_option("records", cot->options.recordsDir, "Directory written by akgen data build (its sft records are explained)");
    cotCmd->add_option("--out", cot->options.outDir, "Output record set (kinds cot_code, cot_doc)")->required();
    cotCmd->add_option("--doc", cot->options.docPages, "API reference page to explain (repeatable; e.g. docs/api/vector-cmpsel.md)");
    cotCmd->add_flag("--no-code", cot->noCode, "Explain only the --doc pages");
    cotCmd->add_option("--max-records", cot->options.maxRecords, "sft records explained at most (0: all)");
    cotCmd->add_option("--teacher-base-url", cot->options.client.baseUrl, "Teacher's OpenAI-compatible base URL");
    cotCmd->add_option("--teacher-model", cot->options.client.model, "Teacher model name");
    cotCmd->add_option("--teacher-api-key-env", cot->apiKeyEnv, "Environment variable holding the teacher's API key");
    cotCmd->add_option("--temperature", cot->options.sampling.temperature, "Sampling temperature");
    cotCmd->add_option("--max-tokens", cot->options.sampling.maxTokens, "Completion tokens per answer");
    cotCmd->add_option("--seed", cot->seed, "Seed sent with every request");
    cotCmd->add_option("--retries", cot->options.client.maxRetries, "Further attempts after a 429, 5xx, timeout or connection error");
    cotCmd->add_option("--backoff", cot->options.client.backoffSeconds, "First retry delay in seconds");
    cotCmd->callback([cot] { std::exit(CmdCot(*cot)); });
}

}  // namespace akg::cli
