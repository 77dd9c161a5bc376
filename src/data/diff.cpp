#include "data/diff.h"

#include <algorithm>
#include <sstream>
#include <vector>

namespace akg::data {

namespace {

std::vector<std::string> SplitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream s(text);
    for (std::string line; std::getline(s, line);) lines.push_back(line);
    return lines;
}

// One edit script line: ' ' kept, '-' removed from before, '+' added from after.
struct Edit {
    char op;
    size_t a, b;  // line index in before / after
};

std::vector<Edit> EditScript(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    const size_t n = a.size(), m = b.size();
    std::vector<Edit> out;
    if (n > 4000 || m > 4000) {
        for (size_t i = 0; i < n; ++i) out.push_back({'-', i, 0});
        for (size_t j = 0; j < m; ++j) out.push_back({'+', n, j});
        return out;
    }
    // Longest common subsequence table, suffix form, so the script is read front to back.
    std::vector<std::vector<uint16_t>> lcs(n + 1, std::vector<uint16_t>(m + 1, 0));
    for (size_t i = n; i-- > 0;)
        for (size_t j = m; j-- > 0;)
            lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    size_t i = 0, j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && a[i] == b[j]) out.push_back({' ', i++, j++});
        else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) out.push_back({'-', i++, j});
        else out.push_back({'+', i, j++});
    }
    return out;
}

}  // namespace

std::string UnifiedDiff(const std::string& path, const std::string& before, const std::string& after, int context) {
    if (before == after) return "";
    const std::vector<std::string> a = SplitLines(before), b = SplitLines(after);
    const std::vector<Edit> edits = EditScript(a, b);
    std::string out = "--- a/" + path + "\n+++ b/" + path + "\n";
    size_t k = 0;
    while (k < edits.size()) {
        while (k < edits.size() && edits[k].op == ' ') ++k;
        if (k == edits.size()) break;
        // A hunk: from `context` lines before the change to `context` lines after its last change,
        // merging changes closer than twice the context.
        size_t start = k >= size_t(context) ? k - context : 0, end = k;
        while (end < edits.size()) {
            size_t next = end;
            while (next < edits.size() && edits[next].op != ' ') ++next;
            size_t same = next;
            while (same < edits.size() && edits[same].op == ' ') ++same;
            if (same == edits.size() || same - next > size_t(2 * context)) {
                end = std::min(edits.size(), next + context);
                break;
            }
            end = same;
        }
        size_t aStart = edits[start].a, bStart = edits[start].b, aLen = 0, bLen = 0;
        std::string body;
        for (size_t e = start; e < end; ++e) {
            const Edit& d = edits[e];
            if (d.op != '+') ++aLen;
            if (d.op != '-') ++bLen;
            body += d.op;
            body += (d.op == '+' ? b[d.b] : a[d.a]) + "\n";
        }
        out += "@@ -" + std::to_string(aLen ? aStart + 1 : aStart) + "," + std::to_string(aLen) + " +" +
               std::to_string(bLen ? bStart + 1 : bStart) + "," + std::to_string(bLen) + " @@\n" + body;
        k = end;
    }
    return out;
}

std::string FilesDiff(const std::map<std::string, std::string>& before, const std::map<std::string, std::string>& after) {
    std::map<std::string, std::pair<std::string, std::string>> all;
    for (auto& [p, c] : before) all[p].first = c;
    for (auto& [p, c] : after) all[p].second = c;
    std::string out;
    for (auto& [p, texts] : all) out += UnifiedDiff(p, texts.first, texts.second);
    return out;
}

}  // namespace akg::data
