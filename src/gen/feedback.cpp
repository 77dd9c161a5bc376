#include "gen/feedback.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>

#include "harness/compile_errors.h"

namespace akg::gen {

namespace fs = std::filesystem;

std::string DefaultApiDocsDir() { return (fs::path(AKG_SOURCE_DIR) / "docs" / "api").string(); }

namespace {

std::vector<std::string> Lines(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream s(text);
    for (std::string l; std::getline(s, l);) out.push_back(l);
    return out;
}

void ReplaceAll(std::string* s, const std::string& from, const std::string& to) {
    if (from.empty()) return;
    for (size_t p = 0; (p = s->find(from, p)) != std::string::npos; p += to.size()) s->replace(p, from.size(), to);
}

// Paths under the candidate's src/ are shown as the model wrote them (op_kernel/x.cpp).
std::string Relative(std::string text, const std::string& srcDir) {
    std::string dir = srcDir;
    while (!dir.empty() && dir.back() == '/') dir.pop_back();
    ReplaceAll(&text, dir + "/", "");
    // Our headers by their CANN include paths (basic_api/...), not by where this tree lies.
    ReplaceAll(&text, (fs::path(AKG_SOURCE_DIR) / "include").string() + "/", "");
    std::error_code ec;
    const std::string canonical = fs::weakly_canonical(dir, ec).string();
    if (!ec && canonical != dir) ReplaceAll(&text, canonical + "/", "");
    return text;
}

// A diagnostic location as a path inside the candidate (op_kernel/x.cpp:12). Kernels are cached by
// content, so a location may name the directory of an identical candidate built earlier: only
// the part from op_kernel/ or op_host/ on is the candidate's.
std::string CandidateLocation(const std::string& location) {
    for (const char* half : {"/op_kernel/", "/op_host/"})
        if (size_t p = location.rfind(half); p != std::string::npos) return location.substr(p + 1);
    return location;
}

// Line `line` (1-based) of a candidate file, trimmed; empty when unavailable.
std::string SourceLine(const std::string& srcDir, const std::string& file, int line) {
    if (line <= 0) return "";
    fs::path p(file);
    if (p.is_relative()) p = fs::path(srcDir) / p;
    std::ifstream f(p);
    std::string l;
    for (int i = 1; std::getline(f, l); ++i)
        if (i == line) {
            const size_t b = l.find_first_not_of(" \t");
            return b == std::string::npos ? "" : l.substr(b);
        }
    return "";
}

// "file:line" of a diagnostic location, split.
bool SplitLocation(const std::string& loc, std::string* file, int* line) {
    const size_t colon = loc.rfind(':');
    if (colon == std::string::npos) return false;
    try {
        *line = std::stoi(loc.substr(colon + 1));
    } catch (const std::exception&) {
        return false;
    }
    *file = loc.substr(0, colon);
    return true;
}

// The rows of the public case table, by case id.
std::map<std::string, std::string> CaseRows(const std::string& taskDir) {
    std::map<std::string, std::string> rows;
    std::ifstream f(fs::path(taskDir) / "validation" / "test_cases.csv");
    std::string header, line;
    if (!std::getline(f, header)) return rows;
    const bool hasId = header.rfind("case_id", 0) == 0;
    for (int row = 0; std::getline(f, line);) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        rows[hasId ? line.substr(0, line.find(';')) : std::to_string(row)] = line;
        ++row;
    }
    rows["#header"] = header;
    return rows;
}

std::string Number(double v) {
    if (std::isnan(v)) return "non-finite";
    std::ostringstream s;
    s << v;
    return s.str();
}

// The compiler's own context of the first user-code error: the error line and the notes after
// it (candidate overloads with their signatures, instantiation context), at most `maxLines`.
std::string ErrorContext(const std::string& log, const harness::CompileError& e, const std::string& srcDir,
                         size_t maxLines) {
    const std::vector<std::string> lines = Lines(Relative(log, srcDir));
    const std::string key = ":" + std::to_string(e.line) + ":";
    size_t start = lines.size();
    for (size_t i = 0; i < lines.size(); ++i)
        if (lines[i].find(key) != std::string::npos && lines[i].find("error:") != std::string::npos &&
            lines[i].find(fs::path(e.file).filename().string()) != std::string::npos) {
            start = i;
            break;
        }
    if (start == lines.size()) return "";
    std::string out = lines[start] + "\n";
    for (size_t i = start + 1, n = 1; i < lines.size() && n < maxLines; ++i, ++n) {
        if (lines[i].find(" error:") != std::string::npos) break;
        out += lines[i] + "\n";
    }
    return out;
}

// The lines of every page of the API reference, read once per directory (akgen data describes
// thousands of failures): hand-written pages (with semantics and constraints) before the
// generated signature pages in subdirectories (signatures/, from scripts/api_reference.py).
const std::vector<std::pair<std::string, std::vector<std::string>>>& DocLines(const std::string& apiDocsDir) {
    static std::mutex mutex;
    static std::map<std::string, std::vector<std::pair<std::string, std::vector<std::string>>>> byDir;
    std::lock_guard lock(mutex);
    auto found = byDir.find(apiDocsDir);
    if (found != byDir.end()) return found->second;
    std::vector<fs::path> docs;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(apiDocsDir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".md") docs.push_back(it->path().lexically_relative(apiDocsDir));
    std::sort(docs.begin(), docs.end(), [](const fs::path& a, const fs::path& b) {
        const auto depth = [](const fs::path& p) { return std::distance(p.begin(), p.end()); };
        return depth(a) != depth(b) ? depth(a) < depth(b) : a < b;
    });
    auto& pages = byDir[apiDocsDir];
    for (auto& d : docs) {
        std::ifstream f(fs::path(apiDocsDir) / d);
        std::vector<std::string> lines;
        for (std::string line; std::getline(f, line);) lines.push_back(line);
        pages.emplace_back(d.generic_string(), std::move(lines));
    }
    return pages;
}

}  // namespace

std::vector<std::string> ApiDocLines(const std::string& message, const std::string& apiDocsDir, size_t maxLines) {
    // Ascend C API names are capitalised identifiers; the message quotes them ('AscendC::Mul').
    static const std::regex ident(R"(\b([A-Z][A-Za-z0-9_]{2,})\b)");
    static const std::set<std::string> notApis = {"AscendC", "LocalTensor", "GlobalTensor", "GM_ADDR", "TPosition"};
    std::vector<std::string> names;
    for (auto it = std::sregex_iterator(message.begin(), message.end(), ident); it != std::sregex_iterator(); ++it) {
        const std::string n = (*it)[1];
        if (!notApis.count(n) && std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    }
    std::vector<std::string> out;
    if (names.empty()) return out;
    for (auto& name : names) {
        // A signature names the API followed by its arguments, template arguments or sibling
        // names ("WholeReduceSum/Max/Min(").
        const std::regex sig("\\b" + name + "(<[^>]*>)?[(/]");
        for (auto& [d, lines] : DocLines(apiDocsDir))
            for (auto& line : lines) {
                if (line.size() > 600 || line.find(name) == std::string::npos || !std::regex_search(line, sig)) continue;
                out.push_back("docs/api/" + d + ": " + line);
                if (out.size() >= maxLines) return out;
            }
    }
    return out;
}

TurnVerdict VerdictOf(const harness::RunRecords& records, const std::string& task, int sample) {
    TurnVerdict v;
    bool haveSample = false;
    for (auto& s : records.Samples())
        if (s.task == task && s.sample == sample) {
            haveSample = true;
            v.compiled = s.compiled;
            if (!s.compiled) v.cls = s.cls;
        }
    std::vector<harness::CaseRecord> cases;
    for (auto& c : records.Cases())
        if (c.task == task && c.sample == sample) cases.push_back(c);
    std::sort(cases.begin(), cases.end(), harness::CaseBefore);
    v.cases = int(cases.size());
    for (auto& c : cases) {
        v.passedCases += c.passed;
        if (!c.passed && v.cls.empty()) v.cls = c.cls;
    }
    if (!haveSample) v.cls = "not_evaluated";
    v.passed = haveSample && v.compiled && v.cases > 0 && v.passedCases == v.cases;
    if (v.passed) v.cls = "pass";
    if (!v.compiled) v.summary = haveSample ? "the build failed (" + v.cls + ")" : "the candidate was not evaluated";
    else
        v.summary = std::to_string(v.passedCases) + " of " + std::to_string(v.cases) + " cases passed" +
                    (v.passed ? "" : " (first failure: " + v.cls + ")");
    return v;
}

std::string DescribeFailure(const FeedbackInput& in) {
    std::string out;
    const TurnVerdict v = VerdictOf(*in.records, in.task, in.sample);
    if (!v.compiled) {
        out += "## Build failed: `" + v.cls + "`\n\n";
        harness::CompileErrorSummary errors = harness::ClassifyCompileErrors(
            in.buildLog, {(fs::path(in.srcDir) / "op_kernel").string(), (fs::path(in.srcDir) / "op_host").string()});
        std::vector<const harness::CompileError*> shown;
        for (auto& e : errors.errors)
            if (e.inUserCode && shown.size() < 5) shown.push_back(&e);
        if (shown.empty())
            for (auto& e : errors.errors)
                if (shown.size() < 3) shown.push_back(&e);
        if (shown.empty()) {
            // No parsable compiler error: the builder's own message.
            std::string first;
            for (auto& s : in.records->Samples())
                if (s.task == in.task && s.sample == in.sample) first = s.error;
            out += "```\n" + Relative(first, in.srcDir) + "\n```\n\n";
            return out;
        }
        out += "Compiler errors in your files (first " + std::to_string(shown.size()) + " of " +
               std::to_string(errors.errors.size()) + "):\n\n";
        for (auto* e : shown) {
            const std::string file = Relative(e->file, in.srcDir);
            out += "- `" + file + ":" + std::to_string(e->line) + "`: " + e->message + " [" + e->cls + "]\n";
            const std::string src = SourceLine(in.srcDir, e->file, e->line);
            if (!src.empty()) out += "  source line: `" + src + "`\n";
        }
        const std::string context = ErrorContext(in.buildLog, *shown.front(), in.srcDir, 30);
        if (!context.empty()) out += "\nThe compiler's notes on the first error:\n\n```\n" + context + "```\n";
        std::vector<std::string> doc = ApiDocLines(shown.front()->message, in.apiDocsDir);
        if (!doc.empty()) {
            out += "\nDocumented signatures of the API named in the first error:\n\n";
            for (auto& d : doc) out += "- " + d + "\n";
        }
        return out;
    }

    out += "## Result: " + v.summary + "\n\n";
    std::vector<harness::CaseRecord> failing;
    for (auto& c : in.records->Cases())
        if (c.task == in.task && c.sample == in.sample && !c.passed) failing.push_back(c);
    std::sort(failing.begin(), failing.end(), harness::CaseBefore);
    const auto rows = CaseRows(in.taskDir);
    int described = 0;
    for (auto& c : failing) {
        if (described++ >= in.maxCases) {
            out += "\n(" + std::to_string(failing.size() - size_t(in.maxCases)) + " more failing cases not shown)\n";
            break;
        }
        out += "### Case " + c.caseId + ": `" + c.cls + "`\n\n";
        if (auto r = rows.find(c.caseId); r != rows.end())
            out += "Case row (" + rows.at("#header") + "): `" + r->second + "`\n\n";
        // A diagnosed case's error is its first diagnostic's message, listed below with its place.
        if (!c.error.empty() && c.diagnostics.empty()) out += Relative(c.error, in.srcDir) + "\n\n";
        for (size_t i = 0; i < c.diagnostics.size() && i < 5; ++i) {
            const auto& d = c.diagnostics[i];
            const std::string loc = CandidateLocation(d.location);
            out += "- simulator diagnostic `" + d.code + "` [" + d.category + "] at `" +
                   (loc.empty() ? "<kernel>" : loc) + "`" + (d.core >= 0 ? " (core " + std::to_string(d.core) + ")" : "") +
                   ": " + d.message + "\n";
            std::string file;
            int line = 0;
            if (SplitLocation(loc, &file, &line))
                if (std::string src = SourceLine(in.srcDir, file, line); !src.empty())
                    out += "  source line: `" + src + "`\n";
        }
        for (auto& o : c.outputs)
            if (c.cls == "wrong_values")
                out += "- outputs differ from the reference: " + std::to_string(o.mismatches) +
                       " mismatching elements, max abs error " + Number(o.maxAbsError) + ", max rel error " +
                       Number(o.maxRelError) + "\n";
        out += "\n";
    }
    return out;
}

std::string DescribePerformance(const harness::RunRecords& records, const harness::RunRecords& reference,
                                const std::string& task, int sample, double speedup, double targetSpeedup,
                                size_t maxCases) {
    struct Row {
        std::string caseId;
        double yours = 0, ref = 0, bound = 0;
    };
    std::vector<Row> rows;
    double yours = 0, ref = 0;
    const auto referenceTimes = harness::ReferenceCaseTimes(reference);
    for (auto& c : records.Cases()) {
        if (c.task != task || c.sample != sample || !c.simTimeUs) continue;
        auto r = referenceTimes.find({task, c.caseId, c.trial});
        if (r == referenceTimes.end()) continue;
        rows.push_back({c.caseId, *c.simTimeUs, r->second, c.hwBoundUs.value_or(0)});
        yours += *c.simTimeUs;
        ref += r->second;
    }
    // The cases where it loses most first.
    std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.yours / a.ref > b.yours / b.ref; });
    std::string out = "## Correct, but not fast enough\n\nYour kernel passes every case. Simulated by our cost model "
                      "of the AI core, it takes " + Number(yours) + " us over the cases against " + Number(ref) +
                      " us for the expert reference: a speedup of " + Number(speedup) + "x (geometric mean over "
                      "the cases), and " + Number(targetSpeedup) + "x is asked for.\n\n"
                      "| case | yours (us) | reference (us) | hardware bound (us) |\n| --- | --- | --- | --- |\n";
    for (size_t i = 0; i < rows.size() && i < maxCases; ++i)
        out += "| " + rows[i].caseId + " | " + Number(rows[i].yours) + " | " + Number(rows[i].ref) + " | " +
               Number(rows[i].bound) + " |\n";
    out += "\nThe hardware bound is the time to read every input and write every output once at peak "
           "bandwidth. Keep the kernel correct; look for idle pipes (double buffering, larger tiles, "
           "all cores busy, vector instructions instead of scalar loops).\n";
    return out;
}

}  // namespace akg::gen
