#include "data/cot.h"

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "build/compile.h"
#include "common/process.h"
#include "data/records.h"
#include "gen/feedback.h"
#include "gen/parse.h"

namespace akg::data {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Whole file contents (empty when unreadable).
std::string ReadFileAt(const fs::path& p) { return build::ReadFile(p.string()); }

const char* kTeacherSystem =
    "You are an expert Ascend C kernel engineer teaching others. Explain precisely and truthfully; "
    "name only APIs that exist in Ascend C.";

std::string CodePrompt(const json& record) {
    std::string task;
    for (auto& m : record["prompt"])
        if (m.value("role", "") == "user") task = m.value("content", "");
    return "Below is a task and a kernel that was verified to pass every test case of it. Explain, step by step, "
           "how the kernel solves the task: the data movement between GM and the on-chip buffers, the tiling "
           "across cores, the queue and synchronisation protocol, and the vector or cube instructions, with the "
           "reason for each choice. Put the explanation inside <think> and </think>, then reproduce the kernel "
           "exactly as given, unchanged, in the same answer format.\n\n## The task\n\n" +
           task + "\n\n## The verified kernel\n\n" + ResponseText("", record["response_files"], record.value("mode", "kernel"));
}

std::string DocPrompt(const std::string& page, const std::string& text) {
    return "Explain the Ascend C APIs documented on the page below to a kernel engineer: what each computes, its "
           "arguments, its constraints (alignment, sizes, data types), and how to call it correctly. Give complete "
           "examples as ```cpp blocks that compile with `#include \"kernel_operator.h\"` and "
           "`using namespace AscendC;`. Qualify every API you name with AscendC::.\n\n## " + page + "\n\n" + text;
}

}  // namespace

std::set<std::string> ApiManifest(const std::string& apiDocsDir) {
    std::set<std::string> names;
    static const std::regex ident(R"([A-Za-z_][A-Za-z0-9_]*)");
    std::error_code ec;
    for (auto& e : fs::directory_iterator(fs::path(apiDocsDir) / "signatures", ec)) {
        if (e.path().extension() != ".md") continue;
        std::istringstream s(ReadFileAt(e.path()));
        for (std::string line; std::getline(s, line);)
            if (line.rfind("- `", 0) == 0)
                for (auto it = std::sregex_iterator(line.begin(), line.end(), ident); it != std::sregex_iterator(); ++it)
                    names.insert(it->str());
    }
    return names;
}

std::vector<std::string> CppSnippets(const std::string& text) {
    std::vector<std::string> out;
    static const std::regex fence(R"(```(?:cpp|c\+\+|C\+\+)[ \t]*\n([\s\S]*?)```)");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), fence); it != std::sregex_iterator(); ++it)
        out.push_back((*it)[1]);
    return out;
}

std::vector<std::string> UnknownApis(const std::string& text, const std::set<std::string>& manifest) {
    std::vector<std::string> out;
    static const std::regex qualified(R"(AscendC::([A-Za-z_][A-Za-z0-9_]*))");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), qualified); it != std::sregex_iterator(); ++it)
        if (!manifest.count((*it)[1]) && std::find(out.begin(), out.end(), (*it)[1]) == out.end()) out.push_back((*it)[1]);
    return out;
}

bool SnippetCompiles(const std::string& snippet, std::string* log) {
    static std::atomic<int> counter{0};
    const fs::path file = fs::temp_directory_path() /
                          ("akg-cot-" + std::to_string(getpid()) + "-" + std::to_string(counter++) + ".cpp");
    std::ofstream(file) << "#include \"kernel_operator.h\"\nusing namespace AscendC;\n" << snippet << "\n";
    const ProcessResult r = RunProcess({"g++", "-std=c++17", "-fsyntax-only", "-w", "-I" AKG_SOURCE_DIR "/include",
                                        "-D__CCE_AICORE__=220", file.string()},
                                       120);
    std::error_code ec;
    fs::remove(file, ec);
    *log = r.output;
    return r.exitCode == 0;
}

CotOutcome RunCot(const CotOptions& o) {
    CotOutcome out;
    if (o.outDir.empty()) return out.error = "no output directory (--out)", out;
    std::vector<json> source;
    if (o.code && !ReadRecordSet(o.recordsDir, &source, &out.error)) return out;
    const std::string apiDocs = o.apiDocsDir.empty() ? gen::DefaultApiDocsDir() : o.apiDocsDir;
    gen::ChatClient client(o.client);
    std::vector<json> kept;
    auto ask = [&](const std::string& user) {
        ++out.asked;
        const gen::ChatResult r = client.Complete({{"system", kTeacherSystem}, {"user", user}}, o.sampling);
        if (!r.ok || r.choices.empty()) {
            ++out.rejected["request_failed"];
            return std::string();
        }
        return r.choices.front().content;
    };
    int explained = 0;
    for (auto& rec : source) {
        if (rec.value("kind", "") != "sft") continue;
        if (o.maxRecords > 0 && explained >= o.maxRecords) break;
        ++explained;
        const std::string answer = ask(CodePrompt(rec));
        if (answer.empty()) continue;
        std::vector<std::string> expected;
        std::map<std::string, std::string> verified;
        for (auto& [p, c] : rec["response_files"].items()) {
            expected.push_back(p);
            verified[p] = c.get<std::string>();
        }
        const gen::ParsedAnswer parsed = gen::ParseAnswer(answer, expected);
        if (parsed.reasoning.empty()) {
            ++out.rejected["no_reasoning"];
            continue;
        }
        if (parsed.files != verified) {  // the code must be the verified code, byte for byte
            ++out.rejected["code_differs_from_verified"];
            continue;
        }
        json r = {{"kind", "cot_code"},  {"task", rec["task"]},   {"level", rec["level"]},
                  {"category", rec["category"]}, {"op", rec["op"]}, {"mode", rec["mode"]},
                  {"prompt", rec["prompt"]},
                  {"response", ResponseText(parsed.reasoning, verified, rec.value("mode", "kernel"))},
                  {"response_files", verified},
                  {"teacher", {{"model", o.client.model}, {"answer", answer}}},
                  {"sources", rec["sources"]}};
        r["split"] = rec.value("split", "train");
        r["id"] = RecordId(r);
        kept.push_back(std::move(r));
    }
    const std::set<std::string> manifest = o.docPages.empty() ? std::set<std::string>{} : ApiManifest(apiDocs);
    for (auto& page : o.docPages) {
        const std::string text = ReadFileAt(page);
        if (text.empty()) return out.error = page + ": cannot read", out;
        const std::string name = fs::path(page).filename().string();
        const std::string answer = ask(DocPrompt(name, text));
        if (answer.empty()) continue;
        if (!UnknownApis(answer, manifest).empty()) {
            ++out.rejected["names_unknown_api"];
            continue;
        }
        const std::vector<std::string> snippets = CppSnippets(answer);
        if (snippets.empty()) {
            ++out.rejected["no_code_snippet"];
            continue;
        }
        bool compiles = true;
        for (auto& s : snippets) {
            std::string log;
            compiles = compiles && SnippetCompiles(s, &log);
        }
        if (!compiles) {
            ++out.rejected["snippet_does_not_compile"];
            continue;
        }
        json r = {{"kind", "cot_doc"},
                  {"task", "docs/api/" + name},
                  {"level", 0},
                  {"category", "api"},
                  {"op", fs::path(page).stem().string()},
                  {"mode", "doc"},
                  {"prompt", json::array({{{"role", "user"}, {"content", "Explain the Ascend C APIs of " + name +
                                                                             " with compiling examples."}}})},
                  {"response", answer},
                  {"teacher", {{"model", o.client.model}, {"page", name}}},
                  {"sources", json::array()}};
        r["split"] = "train";
        r["id"] = RecordId(r);
        kept.push_back(std::move(r));
    }
    out.kept = int(kept.size());
    json manifestJson = {{"format_version", kRecordFormatVersion},
                               {"inputs", {{"records", o.recordsDir}, {"doc_pages", o.docPages}}},
                               {"teacher", o.client.model},
                               {"asked", out.asked},
                               {"kept", out.kept},
                               {"rejected", out.rejected}};
    if (!WriteRecordSet(o.outDir, std::move(kept), &manifestJson, &out.error)) return out;
    return out;
}

}  // namespace akg::data
