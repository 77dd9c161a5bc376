#include "report/render.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <string_view>

#include "common/sha256.h"
#include "report/text.h"

namespace akg::report {

namespace {

constexpr size_t kMessageBytes = 400;     // one error or diagnostic message, clipped
constexpr size_t kChartLabelBytes = 40;   // a class name in the failure chart, clipped
constexpr size_t kMdFailingCases = 5;     // failing case records listed per row in report.md
constexpr size_t kHtmlCaseRecords = 200;  // case records shown per row in report.html
constexpr size_t kLogLinks = 8;           // log links per row before a link to the folder
constexpr size_t kSlowestCases = 5;

const std::string kFinalScoreRule =
    "Σ level score × weight (0.2, 0.3, 0.5), weights renormalised over the levels present";
const std::string kPassAtKRule = "Unbiased pass@k, averaged over tasks, for k up to the samples per task";
const std::string kFailureRule = "case records, plus sample records for build failures";

// Colour keys: a family or a standalone class. Badges in the HTML use the CSS class "c-<key>".
struct ColorEntry {
    std::string_view key, color;
};
constexpr ColorEntry kColors[] = {
    {"pass", "#3a9d5d"},         {"compile", "#e8812a"},           {"diagnostic", "#8e5bd6"},
    {"anticheat", "#7b2d3b"},    {"wrong_values", "#d64545"},      {"timeout", "#d9a520"},
    {"crash", "#7a5230"},        {"deadlock", "#3b6fb6"},          {"memory_limit", "#2a9d8f"},
    {"tiling_error", "#c2549d"}, {"sandbox_violation", "#4a4a4a"}, {"golden_error", "#9a9a9a"},
    {"malformed_task", "#b5b5b5"}, {"other", "#888888"},  // "other" last: see ColorOf
};

// The entry of kColors a class or family belongs to; "other" for classes it does not name.
const ColorEntry& ColorOf(const std::string& clsOrFamily) {
    std::string key = clsOrFamily;
    if (key.size() > 2 && key.compare(key.size() - 2, 2, ".*") == 0) key.resize(key.size() - 2);
    if (std::string family = ClassFamily(key); !family.empty()) key = family;
    for (auto& e : kColors)
        if (e.key == key) return e;
    return kColors[std::size(kColors) - 1];
}

// ---- Pieces both documents show -------------------------------------------------------------

struct LogLink {
    std::string label, path;
};

// The Logs cell of a row: its build log and case logs, or the first of them and its log folder.
std::vector<LogLink> LogLinks(const TaskRow& row) {
    std::vector<LogLink> links;
    if (!row.buildLog.empty()) links.push_back({"build", row.buildLog});
    for (auto& log : row.caseLogs) {
        if (links.size() == kLogLinks) {
            size_t total = row.caseLogs.size() + (row.buildLog.empty() ? 0 : 1);
            links.push_back({"all " + std::to_string(total) + " logs", row.logDir + "/"});
            break;
        }
        links.push_back({"case " + log.caseId + (log.trial ? " trial " + std::to_string(log.trial) : ""), log.path});
    }
    return links;
}

std::vector<const CaseEntry*> FailingCases(const TaskRow& row) {
    std::vector<const CaseEntry*> failing;
    for (auto& c : row.caseRecords)
        if (!c.passed) failing.push_back(&c);
    return failing;
}

bool BuildFailed(const TaskRow& row) { return !row.buildClass.empty() && row.buildClass != "pass"; }

// "case 3, trial 0, seed 7, stage compare"
std::string CaseTitle(const CaseEntry& c) {
    std::string s = "case " + c.caseId + ", trial " + std::to_string(c.trial);
    if (c.seed) s += ", seed " + std::to_string(*c.seed);
    if (!c.stage.empty()) s += ", stage " + c.stage;
    return s;
}

// "max abs 0.5, max rel 0.01, 12 mismatches", empty when the record has none of them.
std::string OutputSummary(const CaseEntry& c) {
    std::string s;
    auto add = [&](const std::string& part) { s += (s.empty() ? "" : ", ") + part; };
    if (c.maxAbsError) add("max abs " + Short(*c.maxAbsError));
    if (c.maxRelError) add("max rel " + Short(*c.maxRelError));
    if (c.mismatches) add(std::to_string(c.mismatches) + " mismatches");
    return s;
}

// "UB_OUT_OF_BOUNDS [memory] add.cpp:12: message (core 2, 3 times)"
std::string DiagnosticText(const DiagnosticEntry& d) {
    std::string s = d.code;
    if (!d.category.empty()) s += " [" + d.category + "]";
    if (!d.location.empty()) s += " " + d.location;
    if (!d.message.empty()) s += ": " + Clip(d.message, kMessageBytes);
    std::string extra;
    if (d.core >= 0) extra = "core " + std::to_string(d.core);
    if (d.count > 1) extra += (extra.empty() ? "" : ", ") + std::to_string(d.count) + " times";
    if (!extra.empty()) s += " (" + extra + ")";
    return s;
}

struct TimedCase {
    const TaskRow* row;
    const CaseEntry* c;
};

std::vector<TimedCase> SlowestCases(const RunData& data) {
    std::vector<TimedCase> timed;
    for (auto& row : data.tasks)
        for (auto& c : row.caseRecords)
            if (c.seconds) timed.push_back({&row, &c});
    size_t n = std::min(kSlowestCases, timed.size());
    std::partial_sort(timed.begin(), timed.begin() + n, timed.end(),
                      [](const TimedCase& a, const TimedCase& b) { return *a.c->seconds > *b.c->seconds; });
    timed.resize(n);
    return timed;
}

// Sums of the wall times the records state.
struct RecordTimes {
    double buildSeconds = 0, caseSeconds = 0;
    int64_t builds = 0, cases = 0;
};

RecordTimes SumRecordTimes(const RunData& data) {
    RecordTimes t;
    for (auto& row : data.tasks) {
        if (row.buildSeconds) t.buildSeconds += *row.buildSeconds, ++t.builds;
        for (auto& c : row.caseRecords)
            if (c.seconds) t.caseSeconds += *c.seconds, ++t.cases;
    }
    return t;
}

// (label, value) rows of the timing table, "n/a" for what the run does not state.
std::vector<std::pair<std::string, std::string>> TimingRows(const RunData& data) {
    auto opt = [](const auto& v, auto format) { return v ? format(*v) : std::string("n/a"); };
    RecordTimes t = SumRecordTimes(data);
    return {
        {"Wall time", opt(data.wallSeconds, Duration)},
        {"Evaluations", opt(data.evaluations, [](int64_t n) { return std::to_string(n); })},
        {"Evaluations per minute", opt(data.evaluationsPerMinute, [](double v) { return Fixed(v, 1); })},
        {"Harness overhead per case", opt(data.overheadMsPerCase, [](double v) { return Fixed(v, 1) + " ms"; })},
        {"Build time, sum of " + std::to_string(t.builds) + " sample records", Duration(t.buildSeconds)},
        {"Case time, sum of " + std::to_string(t.cases) + " case records", Duration(t.caseSeconds)},
    };
}

std::string Ratio(int64_t part, int64_t whole) { return std::to_string(part) + " / " + std::to_string(whole); }

std::string Share(int64_t count, int64_t total) { return total > 0 ? Percent(double(count) / double(total)) : ""; }

std::string ProbabilityOrDash(const std::map<int64_t, double>& series, int64_t k) {
    auto it = series.find(k);
    return it == series.end() ? "—" : Percent(it->second);
}

std::string RecordFilesText(const RunData& data) {
    std::string s = std::to_string(data.sampleRecords) + " sample and " + std::to_string(data.caseRecords) +
                    " case records";
    if (data.recordFiles.empty()) return s;
    s += " in ";
    for (size_t i = 0; i < data.recordFiles.size(); ++i) s += (i ? ", " : "") + data.recordFiles[i];
    return s;
}

// ---- Markdown -------------------------------------------------------------------------------

std::string MdLink(const std::string& text, const std::string& path) {
    return "[" + MdText(text) + "](" + UrlPath(path) + ")";
}

std::string MdCodeOrDash(const std::string& s) { return s.empty() ? "—" : MdCode(s); }

void MdFailureDetails(const RunData& data, std::string* md) {
    std::string out;
    for (auto& row : data.tasks) {
        if (row.Passed()) continue;
        out += "- **" + MdText(row.task) + ", sample " + std::to_string(row.sample) + "** " + MdCodeOrDash(row.cls) +
               "\n";
        if (BuildFailed(row)) {
            out += "  - build " + MdCode(row.buildClass);
            if (!row.buildError.empty()) out += ": " + MdCode(Clip(row.buildError, kMessageBytes));
            if (!row.buildLog.empty()) out += " (" + MdLink("build.log", row.buildLog) + ")";
            out += "\n";
        }
        std::vector<const CaseEntry*> failing = FailingCases(row);
        for (size_t i = 0; i < failing.size() && i < kMdFailingCases; ++i) {
            const CaseEntry& c = *failing[i];
            out += "  - " + MdText(CaseTitle(c)) + " " + MdCode(c.cls);
            if (!c.error.empty()) out += ": " + MdText(Clip(c.error, kMessageBytes));
            if (std::string outputs = OutputSummary(c); !outputs.empty()) out += "; " + MdText(outputs);
            if (!c.logPath.empty()) out += " (" + MdLink("log", c.logPath) + ")";
            out += "\n";
            for (auto& d : c.diagnostics) out += "    - " + MdText(DiagnosticText(d)) + "\n";
        }
        if (failing.size() > kMdFailingCases)
            out += "  - … " + std::to_string(failing.size() - kMdFailingCases) + " more failing case records\n";
        if (!row.hasSampleRecord && row.caseRecords.empty()) out += "  - no records about this sample\n";
    }
    if (!out.empty()) *md += "## Failures\n\n" + out + "\n";
}

}  // namespace

std::vector<FailureLine> GroupFailures(const std::vector<ClassCount>& classes) {
    struct Group {
        std::string cls, family;
        int64_t total = 0;
        std::vector<ClassCount> members;
    };
    std::vector<Group> groups;
    for (auto& c : classes) {
        std::string family = ClassFamily(c.cls);
        auto it = std::find_if(groups.begin(), groups.end(),
                               [&](const Group& g) { return !family.empty() && g.family == family; });
        if (it == groups.end()) {
            groups.push_back({family.empty() ? c.cls : family + ".*", family, 0, {}});
            it = groups.end() - 1;
        }
        it->total += c.count;
        if (!family.empty()) it->members.push_back(c);
    }
    auto byCount = [](const auto& a, const auto& b, int64_t ca, int64_t cb) {
        return ca != cb ? ca > cb : a.cls < b.cls;
    };
    std::sort(groups.begin(), groups.end(),
              [&](const Group& a, const Group& b) { return byCount(a, b, a.total, b.total); });
    std::vector<FailureLine> lines;
    for (auto& g : groups) {
        bool isFamily = !g.family.empty();
        lines.push_back({g.cls, g.family, g.total, isFamily, false});
        std::sort(g.members.begin(), g.members.end(),
                  [&](const ClassCount& a, const ClassCount& b) { return byCount(a, b, a.count, b.count); });
        for (auto& m : g.members) lines.push_back({m.cls, g.family, m.count, false, true});
    }
    return lines;
}

std::string ClassColor(const std::string& clsOrFamily) { return std::string(ColorOf(clsOrFamily).color); }

std::vector<int64_t> PassAtKValues(const std::map<int64_t, double>& compile,
                                   const std::map<int64_t, double>& execution) {
    std::vector<int64_t> ks;
    for (auto& [k, p] : compile) ks.push_back(k);
    for (auto& [k, p] : execution) ks.push_back(k);
    std::sort(ks.begin(), ks.end());
    ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
    return ks;
}

std::string PassAtKChart(const std::map<int64_t, double>& compile, const std::map<int64_t, double>& execution) {
    std::vector<int64_t> ks = PassAtKValues(compile, execution);
    if (ks.size() < 2) return "";
    const double width = 520, height = 260, left = 52, right = 120, top = 16, bottom = 40;
    const double plotW = width - left - right, plotH = height - top - bottom;
    const double logMin = std::log10(double(ks.front())), logMax = std::log10(double(ks.back()));
    auto x = [&](int64_t k) { return left + (std::log10(double(k)) - logMin) / (logMax - logMin) * plotW; };
    auto y = [&](double p) { return top + (1.0 - std::clamp(p, 0.0, 1.0)) * plotH; };

    std::string svg = "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + Fixed(width, 0) +
                      "\" height=\"" + Fixed(height, 0) + "\" viewBox=\"0 0 " + Fixed(width, 0) + " " +
                      Fixed(height, 0) + "\" role=\"img\" aria-labelledby=\"pass-at-k-title\">" +
                      "<title id=\"pass-at-k-title\">pass@k for compilation and execution</title>";
    for (int pct = 0; pct <= 100; pct += 25) {
        std::string gy = Fixed(y(pct / 100.0), 1);
        svg += "<line x1=\"" + Fixed(left, 1) + "\" y1=\"" + gy + "\" x2=\"" + Fixed(left + plotW, 1) + "\" y2=\"" +
               gy + "\" stroke=\"#e3e3e3\"/>";
        svg += "<text x=\"" + Fixed(left - 6, 1) + "\" y=\"" + gy + "\" dy=\"4\" text-anchor=\"end\">" +
               std::to_string(pct) + "%</text>";
    }
    for (int64_t k : ks)
        svg += "<text x=\"" + Fixed(x(k), 1) + "\" y=\"" + Fixed(top + plotH + 18, 1) +
               "\" text-anchor=\"middle\">k=" + std::to_string(k) + "</text>";
    svg += "<line x1=\"" + Fixed(left, 1) + "\" y1=\"" + Fixed(top + plotH, 1) + "\" x2=\"" + Fixed(left + plotW, 1) +
           "\" y2=\"" + Fixed(top + plotH, 1) + "\" stroke=\"#999\"/>";

    struct Series {
        const char* name;
        const std::map<int64_t, double>* points;
        const char* color;
    };
    const Series series[] = {{"compile", &compile, "#3b6fb6"}, {"execution", &execution, "#3a9d5d"}};
    double legendY = top + 8;
    for (auto& s : series) {
        if (s.points->empty()) continue;
        std::string points;
        for (auto& [k, p] : *s.points) points += Fixed(x(k), 1) + "," + Fixed(y(p), 1) + " ";
        svg += "<polyline fill=\"none\" stroke=\"" + std::string(s.color) + "\" stroke-width=\"2\" points=\"" + points +
               "\"/>";
        for (auto& [k, p] : *s.points)
            svg += "<circle cx=\"" + Fixed(x(k), 1) + "\" cy=\"" + Fixed(y(p), 1) + "\" r=\"4\" fill=\"" +
                   std::string(s.color) + "\"><title>" + s.name + " pass@" + std::to_string(k) + ": " + Percent(p) +
                   "</title></circle>";
        svg += "<line x1=\"" + Fixed(width - right + 14, 1) + "\" y1=\"" + Fixed(legendY, 1) + "\" x2=\"" +
               Fixed(width - right + 34, 1) + "\" y2=\"" + Fixed(legendY, 1) + "\" stroke=\"" + s.color +
               "\" stroke-width=\"2\"/>";
        svg += "<text x=\"" + Fixed(width - right + 40, 1) + "\" y=\"" + Fixed(legendY, 1) + "\" dy=\"4\">" + s.name +
               "</text>";
        legendY += 20;
    }
    return svg + "</svg>";
}

std::string FailureChart(const std::vector<FailureLine>& lines, int64_t total) {
    if (lines.empty()) return "";
    const double labelW = 250, barW = 300, valueW = 110, rowH = 22, pad = 6;
    const double width = labelW + barW + valueW, height = double(lines.size()) * rowH + 2 * pad;
    int64_t maxCount = 1;
    for (auto& l : lines) maxCount = std::max(maxCount, l.count);

    std::string svg = "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + Fixed(width, 0) +
                      "\" height=\"" + Fixed(height, 0) + "\" viewBox=\"0 0 " + Fixed(width, 0) + " " +
                      Fixed(height, 0) + "\" role=\"img\" aria-labelledby=\"failure-title\">" +
                      "<title id=\"failure-title\">Failures by class</title>";
    for (size_t i = 0; i < lines.size(); ++i) {
        const FailureLine& l = lines[i];
        double top = pad + double(i) * rowH, bar = std::max(1.0, double(l.count) / double(maxCount) * barW);
        std::string label = HtmlEscape(Clip(l.cls, kChartLabelBytes)), value = std::to_string(l.count);
        if (total > 0) value += " (" + Share(l.count, total) + ")";
        svg += "<g><title>" + HtmlEscape(l.cls) + ": " + value + "</title>";
        svg += "<text x=\"" + Fixed(labelW - 8, 1) + "\" y=\"" + Fixed(top + rowH / 2, 1) +
               "\" dy=\"4\" text-anchor=\"end\"" + (l.isFamily ? " font-weight=\"bold\"" : "") +
               (l.isMember ? " fill=\"#555\"" : "") + ">" + label + "</text>";
        svg += "<rect x=\"" + Fixed(labelW, 1) + "\" y=\"" + Fixed(top + 3, 1) + "\" width=\"" + Fixed(bar, 1) +
               "\" height=\"" + Fixed(rowH - 6, 1) + "\" fill=\"" + ClassColor(l.family.empty() ? l.cls : l.family) +
               "\"" + (l.isMember ? " fill-opacity=\"0.55\"" : "") + "/>";
        svg += "<text x=\"" + Fixed(labelW + bar + 6, 1) + "\" y=\"" + Fixed(top + rowH / 2, 1) + "\" dy=\"4\">" +
               value + "</text></g>";
    }
    return svg + "</svg>";
}

std::string RenderMarkdown(const RunData& data) {
    std::string md = "# Evaluation report: " + MdText(data.runName) + "\n\n";
    for (auto& note : data.notes) md += "> **Note:** " + MdText(note) + "\n\n";

    md += "## Run\n\n| Setting | Value |\n| --- | --- |\n";
    for (auto& [label, value] : data.config)
        md += "| " + MdText(label) + " | " + (value.empty() ? "unknown" : MdCode(value)) + " |\n";
    md += "| Records | " + MdText(RecordFilesText(data)) + " |\n\n";

    md += "## Scores\n\n**Final score: " + (data.finalScore ? Fixed(*data.finalScore, 2) : std::string("n/a")) +
          "** / 100 (" + MdText(kFinalScoreRule) + ")\n\n";
    md += "| Level | Tasks | Compiled | Passed tasks | Score |\n| ---: | ---: | ---: | ---: | ---: |\n";
    for (auto& l : data.levels)
        md += "| " + std::to_string(l.level) + " | " + std::to_string(l.tasks) + " | " + Ratio(l.compiled, l.tasks) +
              " | " + Ratio(l.passedTasks, l.tasks) + " | " + Fixed(l.score, 2) + " |\n";
    md += "\n";

    md += "## pass@k\n\n";
    std::vector<int64_t> ks = PassAtKValues(data.passAtKCompile, data.passAtKExecution);
    if (ks.empty()) {
        md += "summary.json has no pass@k.\n\n";
    } else {
        md += MdText(kPassAtKRule) + ".\n\n| k | Compile | Execution |\n| ---: | ---: | ---: |\n";
        for (int64_t k : ks)
            md += "| " + std::to_string(k) + " | " + ProbabilityOrDash(data.passAtKCompile, k) + " | " +
                  ProbabilityOrDash(data.passAtKExecution, k) + " |\n";
        md += "\n";
    }

    md += "## Failure classes\n\n";
    int64_t totalFailures = data.TotalFailures();
    if (totalFailures == 0) {
        md += "No failures.\n\n";
    } else {
        md += std::to_string(totalFailures) + " failures: " + MdText(kFailureRule) + ".\n\n";
        md += "| Class | Count | Share |\n| --- | ---: | ---: |\n";
        for (auto& l : GroupFailures(data.failureClasses)) {
            std::string name = l.isFamily ? "**" + MdText(l.cls) + "**" : (l.isMember ? "&emsp;" : "") + MdCode(l.cls);
            md += "| " + name + " | " + std::to_string(l.count) + " | " + Share(l.count, totalFailures) + " |\n";
        }
        md += "\n";
    }

    md += "## Tasks\n\n";
    if (data.tasks.empty()) {
        md += "summary.json lists no tasks.\n\n";
    } else {
        md += "| Level | Category | Op | Sample | Cases | Passed | Score | Class | Logs |\n"
              "| ---: | --- | --- | ---: | ---: | ---: | ---: | --- | --- |\n";
        for (auto& row : data.tasks) {
            std::string logs;
            for (auto& link : LogLinks(row)) logs += (logs.empty() ? "" : " · ") + MdLink(link.label, link.path);
            md += "| " + std::to_string(row.level) + " | " + MdText(row.category) + " | " + MdText(row.op) + " | " +
                  std::to_string(row.sample) + " | " + std::to_string(row.cases) + " | " + std::to_string(row.passed) +
                  " | " + Fixed(row.score, 1) + " | " + MdCodeOrDash(row.cls) + " | " + (logs.empty() ? "—" : logs) +
                  " |\n";
        }
        md += "\n";
    }
    MdFailureDetails(data, &md);

    md += "## Timing\n\n| | |\n| --- | ---: |\n";
    for (auto& [label, value] : TimingRows(data)) md += "| " + MdText(label) + " | " + value + " |\n";
    md += "\n";
    if (auto slowest = SlowestCases(data); !slowest.empty()) {
        md += "Slowest cases:\n\n| Task | Sample | Case | Trial | Time | Class |\n"
              "| --- | ---: | --- | ---: | ---: | --- |\n";
        for (auto& t : slowest)
            md += "| " + MdText(t.row->task) + " | " + std::to_string(t.row->sample) + " | " + MdText(t.c->caseId) +
                  " | " + std::to_string(t.c->trial) + " | " + Duration(*t.c->seconds) + " | " + MdCode(t.c->cls) +
                  " |\n";
        md += "\n";
    }
    return md;
}

namespace {

// ---- HTML -----------------------------------------------------------------------------------

constexpr std::string_view kScript = R"JS((function () {
  var table = document.getElementById('task-table');
  if (!table) return;
  var body = table.tBodies[0];
  var controls = document.createElement('div');
  controls.id = 'task-controls';
  var filter = document.createElement('input');
  filter.type = 'search';
  filter.id = 'task-filter';
  filter.placeholder = 'Filter: op, category, class, error text';
  var failing = document.createElement('input');
  failing.type = 'checkbox';
  failing.id = 'task-failing';
  var label = document.createElement('label');
  label.appendChild(failing);
  label.appendChild(document.createTextNode(' failing only'));
  var shown = document.createElement('span');
  shown.className = 'muted';
  controls.appendChild(filter);
  controls.appendChild(label);
  controls.appendChild(shown);
  table.parentNode.insertBefore(controls, table);
  function apply() {
    var query = filter.value.toLowerCase(), count = 0;
    Array.prototype.forEach.call(body.rows, function (row) {
      var show = (!failing.checked || row.classList.contains('fail')) &&
                 (!query || row.textContent.toLowerCase().indexOf(query) >= 0);
      row.hidden = !show;
      if (show) count++;
    });
    shown.textContent = count + ' of ' + body.rows.length + ' rows';
  }
  filter.addEventListener('input', apply);
  failing.addEventListener('change', apply);
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, column) {
    if (!th.hasAttribute('data-sort')) return;
    th.tabIndex = 0;
    function sort() {
      var direction = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;
      Array.prototype.forEach.call(th.parentNode.cells, function (h) { h.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', direction > 0 ? 'ascending' : 'descending');
      var numeric = th.getAttribute('data-sort') === 'num';
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = a.cells[column], y = b.cells[column];
        var order = numeric ? Number(x.getAttribute('data-v')) - Number(y.getAttribute('data-v'))
                            : x.textContent.localeCompare(y.textContent);
        return order * direction;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    }
    th.addEventListener('click', sort);
    th.addEventListener('keydown', function (e) { if (e.key === 'Enter') sort(); });
  });
  apply();
})();
)JS";

constexpr std::string_view kCss = R"CSS(
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d1d1f; background: #fff;
       max-width: 1280px; margin: 0 auto; padding: 16px 24px 48px; }
h1 { font-size: 22px; margin: 8px 0 16px; }
h2 { font-size: 17px; margin: 32px 0 10px; padding-bottom: 4px; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 4px 8px; border-bottom: 1px solid #eee; text-align: left; vertical-align: top; }
th { background: #f5f5f7; font-weight: 600; }
.num { text-align: right; }
.muted { color: #666; }
.note { background: #fff7e0; border: 1px solid #f0d48a; border-radius: 4px; padding: 8px 12px; margin: 8px 0; }
.final { font-size: 16px; margin: 8px 0 12px; }
#final-score { font-size: 30px; margin: 0 6px; }
code, .cls { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
.cls { display: inline-block; padding: 0 6px; border-left: 4px solid #888; background: #f3f3f5; white-space: nowrap; }
.chart { display: block; margin: 8px 0 12px; max-width: 100%; height: auto; }
.chart text { font-size: 12px; fill: #333; }
table.tasks { width: 100%; }
table.tasks > tbody > tr > td:last-child { min-width: 360px; }
table.tasks > tbody > tr.fail > td:first-child { box-shadow: inset 3px 0 #d64545; }
table.tasks tr[hidden] { display: none; }
th[data-sort] { cursor: pointer; user-select: none; }
th[aria-sort="ascending"]::after { content: " \25B2"; }
th[aria-sort="descending"]::after { content: " \25BC"; }
#task-controls { display: flex; gap: 16px; align-items: center; margin: 8px 0; }
#task-filter { width: 320px; padding: 3px 6px; }
details summary { cursor: pointer; color: #0b57d0; white-space: nowrap; }
.case { margin: 4px 0; padding: 2px 0 2px 8px; border-left: 2px solid #ccc; font-size: 12px; }
.case.fail { border-left-color: #d64545; }
.case .err { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre-wrap;
             word-break: break-word; }
.case ul { margin: 2px 0; padding-left: 18px; }
.logs a { margin-right: 8px; white-space: nowrap; }
)CSS";

// The stylesheet: kCss, then one border colour per class key for the badges.
std::string Stylesheet() {
    std::string css(kCss);
    for (auto& e : kColors)
        css += ".c-" + std::string(e.key) + " { border-left-color: " + std::string(e.color) + "; }\n";
    return css;
}

// A Content-Security-Policy source that allows exactly this inline script or style.
std::string CspHash(std::string_view text) {
    static const char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string hex = Sha256Hex(text), digest;
    for (size_t i = 0; i + 1 < hex.size(); i += 2) digest += char(std::stoi(hex.substr(i, 2), nullptr, 16));
    std::string b64;
    for (size_t i = 0; i < digest.size(); i += 3) {
        size_t left = digest.size() - i;
        uint32_t n = uint32_t(uint8_t(digest[i])) << 16;
        if (left > 1) n |= uint32_t(uint8_t(digest[i + 1])) << 8;
        if (left > 2) n |= uint8_t(digest[i + 2]);
        b64 += kBase64[n >> 18 & 63];
        b64 += kBase64[n >> 12 & 63];
        b64 += left > 1 ? kBase64[n >> 6 & 63] : '=';
        b64 += left > 2 ? kBase64[n & 63] : '=';
    }
    return "'sha256-" + b64 + "'";
}

std::string Esc(std::string_view s) { return HtmlEscape(s); }

std::string Badge(const std::string& cls) {
    if (cls.empty()) return "<span class=\"muted\">—</span>";
    return "<span class=\"cls c-" + std::string(ColorOf(cls).key) + "\">" + Esc(cls) + "</span>";
}

std::string Link(const std::string& text, const std::string& path) {
    return "<a href=\"" + Esc(UrlPath(path)) + "\">" + Esc(text) + "</a>";
}

std::string NumCell(const std::string& shown, double sortValue) {
    return "<td class=\"num\" data-v=\"" + Fixed(sortValue, 6) + "\">" + shown + "</td>";
}

std::string NumCell(int64_t v) { return NumCell(std::to_string(v), double(v)); }

std::string KeyValueTable(const std::vector<std::pair<std::string, std::string>>& rows, bool valuesAsCode) {
    std::string out = "<table class=\"kv\">";
    for (auto& [label, value] : rows) {
        std::string shown = value.empty() ? "<span class=\"muted\">unknown</span>"
                                          : (valuesAsCode ? "<code>" + Esc(value) + "</code>" : Esc(value));
        out += "<tr><th>" + Esc(label) + "</th><td>" + shown + "</td></tr>";
    }
    return out + "</table>";
}

// The Details cell of a task row: the build failure and one block per case record, folded.
std::string DetailsCell(const TaskRow& row) {
    if (!BuildFailed(row) && row.caseRecords.empty()) return "<td class=\"muted\">no records</td>";
    size_t failing = FailingCases(row).size();
    std::string summary = BuildFailed(row) ? "build failed" : "";
    if (!row.caseRecords.empty()) {
        summary += (summary.empty() ? "" : ", ") + std::to_string(row.caseRecords.size()) + " case records";
        if (failing) summary += ", " + std::to_string(failing) + " failing";
    }
    std::string out = "<td><details><summary>" + summary + "</summary>";
    if (BuildFailed(row)) {
        out += "<div class=\"case fail\">Build " + Badge(row.buildClass);
        if (row.buildSeconds) out += " <span class=\"muted\">after " + Duration(*row.buildSeconds) + "</span>";
        if (!row.buildError.empty()) out += "<div class=\"err\">" + Esc(Clip(row.buildError, kMessageBytes)) + "</div>";
        out += "</div>";
    }
    size_t shown = std::min(row.caseRecords.size(), kHtmlCaseRecords);
    for (size_t i = 0; i < shown; ++i) {
        const CaseEntry& c = row.caseRecords[i];
        std::string title = CaseTitle(c);
        if (c.seconds) title += ", " + Duration(*c.seconds);
        if (c.simTimeUs) title += ", " + Short(*c.simTimeUs) + " µs simulated";
        out += std::string("<div class=\"case ") + (c.passed ? "pass" : "fail") + "\">" + Esc(title) + " " +
               Badge(c.cls) + (c.logPath.empty() ? "" : " " + Link("log", c.logPath));
        if (!c.error.empty()) out += "<div class=\"err\">" + Esc(Clip(c.error, kMessageBytes)) + "</div>";
        if (std::string outputs = OutputSummary(c); !outputs.empty())
            out += "<div class=\"muted\">" + Esc(outputs) + "</div>";
        if (!c.diagnostics.empty()) {
            out += "<ul>";
            for (auto& d : c.diagnostics) out += "<li>" + Esc(DiagnosticText(d)) + "</li>";
            out += "</ul>";
        }
        out += "</div>";
    }
    if (row.caseRecords.size() > shown)
        out += "<p class=\"muted\">… " + std::to_string(row.caseRecords.size() - shown) +
               " more case records (see the records and logs)</p>";
    return out + "</details></td>";
}

std::string TaskRowHtml(const TaskRow& row) {
    std::string logs;
    for (auto& link : LogLinks(row)) logs += Link(link.label, link.path);
    return std::string("<tr class=\"") + (row.Passed() ? "pass" : "fail") + "\">" + NumCell(row.level) + "<td>" +
           Esc(row.category) + "</td><td>" + Esc(row.op) + "</td>" + NumCell(row.sample) + NumCell(row.cases) +
           NumCell(row.passed) + NumCell(Fixed(row.score, 1), row.score) + "<td>" + Badge(row.cls) +
           "</td><td class=\"logs\">" + logs + "</td>" + DetailsCell(row) + "</tr>\n";
}

}  // namespace

std::string RenderHtml(const RunData& data) {
    const std::string css = Stylesheet();
    std::string title = "Evaluation report: " + data.runName;
    std::string html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    // Nothing loads from outside, and of scripts and styles only the two below apply: records
    // are untrusted, and this keeps even an escaping mistake from running anything.
    html += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src " +
            CspHash(css) + "; script-src " + CspHash(kScript) + "\">\n";
    html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    html += "<title>" + Esc(title) + "</title>\n<style>" + css + "</style>\n</head>\n<body>\n";
    html += "<h1>" + Esc(title) + "</h1>\n";
    for (auto& note : data.notes) html += "<div class=\"note\">" + Esc(note) + "</div>\n";

    html += "<section id=\"run\"><h2>Run</h2>" + KeyValueTable(data.config, true) + "<p class=\"muted\">" +
            Esc(RecordFilesText(data)) + "</p></section>\n";

    html += "<section id=\"scores\"><h2>Scores</h2><p class=\"final\">Final score<strong id=\"final-score\">" +
            (data.finalScore ? Fixed(*data.finalScore, 2) : std::string("n/a")) +
            "</strong><span class=\"muted\">/ 100: " + Esc(kFinalScoreRule) + "</span></p>";
    html += "<table><thead><tr><th class=\"num\">Level</th><th class=\"num\">Tasks</th><th class=\"num\">Compiled</th>"
            "<th class=\"num\">Passed tasks</th><th class=\"num\">Score</th></tr></thead><tbody>";
    for (auto& l : data.levels)
        html += "<tr><td class=\"num\">" + std::to_string(l.level) + "</td><td class=\"num\">" +
                std::to_string(l.tasks) + "</td><td class=\"num\">" + Ratio(l.compiled, l.tasks) +
                "</td><td class=\"num\">" + Ratio(l.passedTasks, l.tasks) + "</td><td class=\"num\">" +
                Fixed(l.score, 2) + "</td></tr>";
    html += "</tbody></table></section>\n";

    html += "<section id=\"pass-at-k\"><h2>pass@k</h2>";
    std::vector<int64_t> ks = PassAtKValues(data.passAtKCompile, data.passAtKExecution);
    if (ks.empty()) {
        html += "<p class=\"muted\">summary.json has no pass@k.</p>";
    } else {
        html += "<p class=\"muted\">" + Esc(kPassAtKRule) + ".</p>" +
                PassAtKChart(data.passAtKCompile, data.passAtKExecution);
        html += "<table><thead><tr><th class=\"num\">k</th><th class=\"num\">Compile</th><th class=\"num\">Execution"
                "</th></tr></thead><tbody>";
        for (int64_t k : ks)
            html += "<tr><td class=\"num\">" + std::to_string(k) + "</td><td class=\"num\">" +
                    ProbabilityOrDash(data.passAtKCompile, k) + "</td><td class=\"num\">" +
                    ProbabilityOrDash(data.passAtKExecution, k) + "</td></tr>";
        html += "</tbody></table>";
    }
    html += "</section>\n";

    html += "<section id=\"failures\"><h2>Failure classes</h2>";
    int64_t totalFailures = data.TotalFailures();
    if (totalFailures == 0) html += "<p>No failures.</p>";
    else
        html += "<p class=\"muted\">" + std::to_string(totalFailures) + " failures: " + Esc(kFailureRule) + ".</p>" +
                FailureChart(GroupFailures(data.failureClasses), totalFailures);
    html += "</section>\n";

    html += "<section id=\"tasks\"><h2>Tasks</h2>";
    if (data.tasks.empty()) {
        html += "<p class=\"muted\">summary.json lists no tasks.</p>";
    } else {
        html += "<p class=\"muted\">One row per (task, sample); failing rows first within each level. Click a heading "
                "to sort.</p>";
        html += "<table id=\"task-table\" class=\"tasks\"><thead><tr><th class=\"num\" data-sort=\"num\">Level</th>"
                "<th data-sort=\"text\">Category</th><th data-sort=\"text\">Op</th>"
                "<th class=\"num\" data-sort=\"num\">Sample</th><th class=\"num\" data-sort=\"num\">Cases</th>"
                "<th class=\"num\" data-sort=\"num\">Passed</th><th class=\"num\" data-sort=\"num\">Score</th>"
                "<th data-sort=\"text\">Class</th><th>Logs</th><th>Details</th></tr></thead><tbody>\n";
        for (auto& row : data.tasks) html += TaskRowHtml(row);
        html += "</tbody></table>";
    }
    html += "</section>\n";

    std::vector<std::pair<std::string, std::string>> timing = TimingRows(data);
    html += "<section id=\"timing\"><h2>Timing</h2>" + KeyValueTable(timing, false);
    if (auto slowest = SlowestCases(data); !slowest.empty()) {
        html += "<h3>Slowest cases</h3><table><thead><tr><th>Task</th><th class=\"num\">Sample</th><th>Case</th>"
                "<th class=\"num\">Trial</th><th class=\"num\">Time</th><th>Class</th></tr></thead><tbody>";
        for (auto& t : slowest)
            html += "<tr><td>" + Esc(t.row->task) + "</td><td class=\"num\">" + std::to_string(t.row->sample) +
                    "</td><td>" + Esc(t.c->caseId) + "</td><td class=\"num\">" + std::to_string(t.c->trial) +
                    "</td><td class=\"num\">" + Duration(*t.c->seconds) + "</td><td>" + Badge(t.c->cls) + "</td></tr>";
        html += "</tbody></table>";
    }
    html += "</section>\n<script>" + std::string(kScript) + "</script>\n</body>\n</html>\n";
    return html;
}

}  // namespace akg::report
