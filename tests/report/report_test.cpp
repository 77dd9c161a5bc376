// report.md and report.html of a hand-written run directory: the numbers of summary.json, the
// failure classes, the per-task rows with their log links, and escaping of record text.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "report/model.h"
#include "report/render.h"
#include "report/report.h"
#include "report/run_fixture.h"
#include "report/text.h"

namespace akg::report {
namespace {

using fixture::TempRunDir;
using fixture::WriteSampleRun;

size_t Count(const std::string& haystack, const std::string& needle) {
    size_t n = 0;
    for (size_t at = haystack.find(needle); at != std::string::npos; at = haystack.find(needle, at + 1)) ++n;
    return n;
}

class ReportTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(dir_.Path().empty());
        WriteSampleRun(dir_);
        std::string error;
        ASSERT_TRUE(RenderReport(dir_.Path(), &docs_, &error)) << error;
    }
    TempRunDir dir_;
    Documents docs_;
};

TEST_F(ReportTest, MarkdownShowsConfigurationAndScores) {
    const std::string& md = docs_.markdown;
    EXPECT_NE(md.find("| SoC | `Ascend910B1` |"), std::string::npos) << md;
    EXPECT_NE(md.find("| Sandbox | `rlimits, seccomp` |"), std::string::npos);
    EXPECT_NE(md.find("| akgen version | `v0.3-12-gabc1234` |"), std::string::npos);
    EXPECT_NE(md.find("| seed | `42` |"), std::string::npos);  // a field this report does not know yet
    EXPECT_NE(md.find("| \\<b\\>note | `\\|x` |"), std::string::npos) << md;  // a key and value with markup
    EXPECT_NE(md.find("**Final score: 25.00** / 100"), std::string::npos);
    EXPECT_NE(md.find("| 1 | 2 | 2 / 2 | 1 / 2 | 62.50 |"), std::string::npos);
    EXPECT_NE(md.find("| 2 | 1 | 0 / 1 | 0 / 1 | 0.00 |"), std::string::npos);
    EXPECT_NE(md.find("| 1 | 83.3% | 33.3% |"), std::string::npos);
    EXPECT_NE(md.find("| 10 | 100.0% | 50.0% |"), std::string::npos);
    EXPECT_NE(md.find("| Wall time | 2 min 06 s |"), std::string::npos);
    EXPECT_NE(md.find("| Evaluations | 7 |"), std::string::npos);
    EXPECT_NE(md.find("| Harness overhead per case | 12.5 ms |"), std::string::npos);
}

TEST_F(ReportTest, MarkdownGroupsFailureClassesByFamily) {
    const std::string& md = docs_.markdown;
    EXPECT_NE(md.find("5 failures"), std::string::npos);
    size_t family = md.find("| **compile.\\*** | 3 | 60.0% |");
    size_t apiSignature = md.find("| &emsp;`compile.api_signature` | 2 | 40.0% |");
    size_t syntax = md.find("| &emsp;`compile.syntax` | 1 | 20.0% |");
    size_t diagnostic = md.find("| **diagnostic.\\*** | 1 | 20.0% |");
    size_t wrongValues = md.find("| `wrong_values` | 1 | 20.0% |");
    ASSERT_NE(family, std::string::npos) << md;
    ASSERT_NE(apiSignature, std::string::npos);
    ASSERT_NE(syntax, std::string::npos);
    ASSERT_NE(diagnostic, std::string::npos);
    ASSERT_NE(wrongValues, std::string::npos);
    EXPECT_LT(family, apiSignature);
    EXPECT_LT(apiSignature, syntax);
    std::string section = md.substr(md.find("## Failure classes"));
    section = section.substr(0, section.find("## Tasks"));
    EXPECT_EQ(section.find("pass"), std::string::npos) << section;  // "pass" is not a failure
}

TEST_F(ReportTest, MarkdownTaskRowsLinkExistingLogs) {
    const std::string& md = docs_.markdown;
    EXPECT_NE(md.find("| 1 | Activation | Relu | 1 | 2 | 1 | 50.0 | `wrong_values` | "
                      "[case 2](logs/level1/Activation/Relu/sample1/case2.log) |"),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("| 1 | Activation | Relu | 0 | 2 | 2 | 100.0 | `pass` | — |"), std::string::npos);
    EXPECT_NE(md.find("| 2 | Conv | Conv2d | 0 | 2 | 0 | 0.0 | `compile.syntax` | "
                      "[build](logs/level2/Conv/Conv2d/sample0/build.log) |"),
              std::string::npos);
    // Failing rows come first within a level.
    EXPECT_LT(md.find("| Relu | 1 |"), md.find("| Relu | 0 |"));
}

TEST_F(ReportTest, MarkdownDetailsFailuresAndEscapesRecordText) {
    const std::string& md = docs_.markdown;
    EXPECT_NE(md.find("build `compile.syntax`: `conv2d.cpp:7: error: expected ';' before '}' token`"),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("case 2, trial 0, seed 12, stage compare `wrong_values`"), std::string::npos);
    EXPECT_NE(md.find("max abs 0.5, max rel 0.25, 3 mismatches"), std::string::npos);
    EXPECT_NE(md.find("UB\\_OUT\\_OF\\_BOUNDS \\[memory\\] add\\_kernel.cpp:42: read of 64 bytes past the end of UB "
                      "(core 3, 2 times)"),
              std::string::npos);
    EXPECT_NE(md.find("\\<script\\>alert(1)\\</script\\>"), std::string::npos);
    EXPECT_EQ(md.find("<script>"), std::string::npos);
    EXPECT_NE(md.find("1 record lines could not be read"), std::string::npos);  // the partial last line
}

TEST_F(ReportTest, HtmlShowsNumbersChartsAndLinks) {
    const std::string& html = docs_.html;
    EXPECT_NE(html.find("<strong id=\"final-score\">25.00</strong>"), std::string::npos);
    EXPECT_NE(html.find(">62.50<"), std::string::npos);
    EXPECT_NE(html.find(">83.3%<"), std::string::npos);
    EXPECT_EQ(Count(html, "<svg "), 2u);  // pass@k and failure classes
    EXPECT_NE(html.find(">compile.*</text>"), std::string::npos);
    EXPECT_NE(html.find(">3 (60.0%)</text>"), std::string::npos);
    EXPECT_NE(html.find("<a href=\"logs/level1/Activation/Relu/sample1/case2.log\">case 2</a>"), std::string::npos);
    EXPECT_NE(html.find("<a href=\"logs/level2/Conv/Conv2d/sample0/build.log\">build</a>"), std::string::npos);
    EXPECT_NE(html.find("<td>Relu</td>"), std::string::npos);
}

TEST_F(ReportTest, HtmlIsSelfContainedAndEscapesRecordText) {
    const std::string& html = docs_.html;
    EXPECT_NE(html.find("output y: 3 of 16 values differ &lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
    EXPECT_NE(html.find("expected &#39;;&#39; before &#39;}&#39; token"), std::string::npos);
    EXPECT_EQ(Count(html, "<script"), 1u);  // only the report's own
    EXPECT_NE(html.find("Content-Security-Policy\" content=\"default-src 'none'"), std::string::npos);
    for (const char* external : {"src=\"http", "href=\"http", "src=\"//", "href=\"//", "@import", "url("})
        EXPECT_EQ(html.find(external), std::string::npos) << external;
}

TEST_F(ReportTest, WriteReportWritesBothFiles) {
    std::string error;
    ASSERT_TRUE(WriteReport(dir_.Path(), &error)) << error;
    for (auto [name, expected] : {std::pair{"report.md", &docs_.markdown}, std::pair{"report.html", &docs_.html}}) {
        std::ifstream f(std::filesystem::path(dir_.Path()) / name, std::ios::binary);
        std::stringstream text;
        text << f.rdbuf();
        EXPECT_EQ(text.str(), *expected) << name;
    }
}

TEST(ReportErrors, MissingSummaryIsExplained) {
    TempRunDir dir;
    dir.Write("run.json", fixture::kRunJson);
    dir.Write("records/all.jsonl", fixture::kRecords);
    std::string error;
    EXPECT_FALSE(WriteReport(dir.Path(), &error));
    EXPECT_NE(error.find("summary.json not found"), std::string::npos) << error;
    EXPECT_NE(error.find("still going or was interrupted"), std::string::npos) << error;
    EXPECT_FALSE(std::filesystem::exists(std::filesystem::path(dir.Path()) / "report.md"));
}

TEST(ReportErrors, UnreadableSummaryAndMissingDirectory) {
    TempRunDir dir;
    dir.Write("summary.json", "{\"levels\": ");
    std::string error;
    EXPECT_FALSE(WriteReport(dir.Path(), &error));
    EXPECT_NE(error.find("summary.json cannot be read"), std::string::npos) << error;
    EXPECT_FALSE(WriteReport(dir.Path() + "/no-such-run", &error));
    EXPECT_NE(error.find("is not a directory"), std::string::npos) << error;
}

TEST(ReportModel, RecordsWithoutSummaryEntryAndUnsafeNamesAreNoted) {
    TempRunDir dir;
    dir.Write("summary.json", R"({"tasks": [{"level": 1, "category": "..", "op": "Relu", "sample": 0, "cases": 1,
                                             "passed": 1, "score": 100, "compiled": true, "class": "pass"}]})");
    dir.Write("records/shard-1-of-2.jsonl",
              R"({"kind":"sample","task":"level3/Big/Matmul","sample":4,"compiled":true,"class":"pass"})"
              "\n");
    RunData data;
    std::string error;
    ASSERT_TRUE(LoadRun(dir.Path(), &data, &error)) << error;
    ASSERT_EQ(data.tasks.size(), 1u);
    EXPECT_TRUE(data.tasks[0].logDir.empty());  // ".." is no directory name to look into
    EXPECT_EQ(data.sampleRecords, 1);
    bool notedUnmatched = false, notedConfig = false;
    for (auto& note : data.notes) {
        notedUnmatched |= note.find("1 records are about (task, sample) pairs") != std::string::npos;
        notedConfig |= note.find("run configuration is unknown") != std::string::npos;
    }
    EXPECT_TRUE(notedUnmatched);
    EXPECT_TRUE(notedConfig);
}

TEST(ReportModel, CaseLogsOfLaterTrialsBelongToTheirRecords) {
    TempRunDir dir;
    dir.Write("summary.json", R"({"tasks": [{"task": "level1/Math/Add", "level": 1, "category": "Math", "op": "Add",
                                             "sample": 2, "cases": 1, "passed": 0, "score": 0, "compiled": true,
                                             "class": "timeout"}]})");
    dir.Write("records/all.jsonl",
              R"({"kind":"case","task":"level1/Math/Add","sample":2,"case":"7","trial":0,"passed":true,"class":"pass"})"
              "\n"
              R"({"kind":"case","task":"level1/Math/Add","sample":2,"case":"7","trial":1,"passed":false,"class":"timeout"})"
              "\n");
    dir.Write("logs/level1/Math/Add/sample2/case7.log", "trial 0\n");
    dir.Write("logs/level1/Math/Add/sample2/case7-t1.log", "trial 1\n");
    RunData data;
    std::string error;
    ASSERT_TRUE(LoadRun(dir.Path(), &data, &error)) << error;
    ASSERT_EQ(data.tasks.size(), 1u);
    const TaskRow& row = data.tasks[0];
    ASSERT_EQ(row.caseRecords.size(), 2u);
    EXPECT_EQ(row.caseRecords[0].logPath, "logs/level1/Math/Add/sample2/case7.log");
    EXPECT_EQ(row.caseRecords[1].logPath, "logs/level1/Math/Add/sample2/case7-t1.log");
    std::string md = RenderMarkdown(data);
    EXPECT_NE(md.find("[case 7](logs/level1/Math/Add/sample2/case7.log) · "
                      "[case 7 trial 1](logs/level1/Math/Add/sample2/case7-t1.log)"),
              std::string::npos)
        << md;
}

TEST(ReportCharts, GroupFailuresOrdersFamiliesAndMembers) {
    std::vector<FailureLine> lines = GroupFailures({{"timeout", 4},
                                                    {"compile.syntax", 1},
                                                    {"diagnostic.DEADLOCK", 2},
                                                    {"compile.dtype_cast", 2},
                                                    {"compile.other", 2}});
    std::vector<std::string> order;
    for (auto& l : lines) order.push_back(l.cls + "=" + std::to_string(l.count));
    EXPECT_EQ(order, (std::vector<std::string>{"compile.*=5", "compile.dtype_cast=2", "compile.other=2",
                                               "compile.syntax=1", "timeout=4", "diagnostic.*=2",
                                               "diagnostic.DEADLOCK=2"}));
    EXPECT_TRUE(lines[0].isFamily);
    EXPECT_TRUE(lines[1].isMember);
    EXPECT_EQ(ClassColor("compile.*"), ClassColor("compile.syntax"));
    EXPECT_NE(ClassColor("wrong_values"), ClassColor("compile.syntax"));
}

TEST(ReportCharts, PassAtKNeedsTwoValuesOfK) {
    EXPECT_EQ(PassAtKChart({{1, 0.5}}, {{1, 0.25}}), "");
    std::string svg = PassAtKChart({{1, 0.5}, {10, 0.9}}, {{1, 0.25}});
    EXPECT_EQ(svg.rfind("<svg ", 0), 0u);
    EXPECT_NE(svg.find("compile pass@10: 90.0%"), std::string::npos);
    EXPECT_NE(svg.find("execution pass@1: 25.0%"), std::string::npos);
}

TEST(ReportText, Escaping) {
    EXPECT_EQ(HtmlEscape("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    EXPECT_EQ(CleanText("a\x01" "b\xff"), "a\xEF\xBF\xBD" "b\xEF\xBF\xBD");
    EXPECT_EQ(MdText("a|b *c* [x](y)\nz"), "a\\|b \\*c\\* \\[x\\](y) z");
    EXPECT_EQ(MdCode("x | `y`"), "`` x \\| `y` ``");
    EXPECT_EQ(MdCode(""), "");
    EXPECT_EQ(UrlPath("logs/a b/(x)#1.log"), "logs/a%20b/%28x%29%231.log");
    EXPECT_EQ(Clip("h\xC3\xA9llo", 2), "h\xE2\x80\xA6");  // never cuts é in half
}

TEST(ReportText, Numbers) {
    EXPECT_EQ(Duration(12.34), "12.3 s");
    EXPECT_EQ(Duration(245), "4 min 05 s");
    EXPECT_EQ(Duration(3723), "1 h 02 min 03 s");
    EXPECT_EQ(Percent(0.4567), "45.7%");
    EXPECT_EQ(Fixed(-0.0001, 2), "0.00");
}

}  // namespace
}  // namespace akg::report
