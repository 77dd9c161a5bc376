// Keeps docs/failure-classes.md in step with the compile-error classifier and with the class
// table of docs/results.md.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "harness/compile_errors.h"

namespace akg::harness {
namespace {

namespace fs = std::filesystem;

const fs::path kDocs = fs::path(__FILE__).parent_path() / ".." / ".." / "docs";

std::vector<std::string> ReadLines(const fs::path& path) {
    std::ifstream in(path);
    EXPECT_TRUE(in) << path;
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::string Trim(const std::string& s) {
    const size_t b = s.find_first_not_of(' ');
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(' ') - b + 1);
}

// The cells of a Markdown table row, trimmed, with one pair of surrounding backticks removed.
std::vector<std::string> Cells(const std::string& row) {
    std::vector<std::string> cells;
    std::stringstream in(row.substr(1));
    for (std::string cell; std::getline(in, cell, '|');) {
        cell = Trim(cell);
        if (cell.size() >= 2 && cell.front() == '`' && cell.back() == '`') cell = cell.substr(1, cell.size() - 2);
        cells.push_back(cell);
    }
    return cells;
}

std::set<std::string> SectionHeadings() {
    std::set<std::string> headings;
    for (const std::string& line : ReadLines(kDocs / "failure-classes.md"))
        if (line.rfind("## ", 0) == 0) headings.insert(line.substr(3));
    return headings;
}

TEST(FailureClassesDoc, EveryCompileClassHasASection) {
    std::set<std::string> classes = {kCompileOther};
    for (const CompileErrorRule& rule : CompileErrorRules()) classes.insert(rule.cls);
    const std::set<std::string> headings = SectionHeadings();
    for (const std::string& cls : classes) EXPECT_TRUE(headings.count("`" + cls + "`")) << "no section ## `" << cls << "`";
}

TEST(FailureClassesDoc, RuleTableMatchesTheCode) {
    std::vector<std::vector<std::string>> rows;  // the numbered rows: #, message, note, class
    for (const std::string& line : ReadLines(kDocs / "failure-classes.md")) {
        if (line.rfind("| ", 0) != 0) continue;
        std::vector<std::string> cells = Cells(line);
        if (cells.size() == 4 && !cells[0].empty() && cells[0].find_first_not_of("0123456789") == std::string::npos)
            rows.push_back(cells);
    }
    const std::vector<CompileErrorRule>& rules = CompileErrorRules();
    ASSERT_EQ(rows.size(), rules.size());
    for (size_t i = 0; i < rules.size(); ++i) {
        // A '|' would split the Markdown cell.
        EXPECT_EQ(std::string(rules[i].messagePattern).find('|'), std::string::npos) << rules[i].messagePattern;
        EXPECT_EQ(rows[i][0], std::to_string(i + 1));
        EXPECT_EQ(rows[i][1], rules[i].messagePattern) << "row " << i + 1;
        EXPECT_EQ(rows[i][2], rules[i].notePattern) << "row " << i + 1;
        EXPECT_EQ(rows[i][3], rules[i].cls) << "row " << i + 1;
    }
}

// One section per class of the "Failure classes" table in docs/results.md.
TEST(FailureClassesDoc, EveryResultsClassHasASection) {
    const std::vector<std::string> results = ReadLines(kDocs / "results.md");
    const std::set<std::string> headings = SectionHeadings();
    bool inTable = false;
    int classes = 0;
    for (const std::string& line : results) {
        if (line.rfind("## ", 0) == 0) inTable = line == "## Failure classes";
        if (!inTable || line.rfind("| `", 0) != 0) continue;
        const std::string cls = Cells(line)[0];
        ++classes;
        EXPECT_TRUE(headings.count("`" + cls + "`")) << "no section ## `" << cls << "`";
    }
    EXPECT_GT(classes, 10);
}

}  // namespace
}  // namespace akg::harness
