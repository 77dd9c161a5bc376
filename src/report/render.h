// The two renderings of a RunData and the pieces they share.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "report/model.h"

namespace akg::report {

std::string RenderMarkdown(const RunData& data);

// One self-contained page: inline CSS, inline SVG charts and a small inline script for sorting
// and filtering the task table, with a Content-Security-Policy that loads nothing from outside and
// runs only that script.
std::string RenderHtml(const RunData& data);

// Failure classes grouped for display: each family (compile.*, diagnostic.*, anticheat.*) is a
// line with its total followed by its members; other classes stand alone. Groups by descending
// count, members by descending count within their family.
struct FailureLine {
    std::string cls;     // the class, or "compile.*" for a family line
    std::string family;  // family of a family line or a member, else empty
    int64_t count = 0;
    bool isFamily = false, isMember = false;
};
std::vector<FailureLine> GroupFailures(const std::vector<ClassCount>& classes);

// Fill colour of a class (or of a family: "compile", "compile.*") in charts and badges.
std::string ClassColor(const std::string& clsOrFamily);

// Inline SVG: pass@k against k on a log-scale axis, one line per series. Empty with fewer than
// two k values.
std::string PassAtKChart(const std::map<int64_t, double>& compile, const std::map<int64_t, double>& execution);

// Inline SVG: horizontal bars of the grouped failure classes, with count and share of `total`.
// Empty without lines.
std::string FailureChart(const std::vector<FailureLine>& lines, int64_t total);

// Sorted union of the k values of both series.
std::vector<int64_t> PassAtKValues(const std::map<int64_t, double>& compile,
                                   const std::map<int64_t, double>& execution);

}  // namespace akg::report
