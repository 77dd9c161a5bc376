#include "gen/parse.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <regex>

namespace akg::gen {

namespace {

// Hand-written scanning, not std::regex over the whole answer: libstdc++'s regex recurses per
// character and overflows the stack on answers of a few hundred kilobytes.

std::string Trim(const std::string& s) {
    const size_t b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

std::string Lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

std::string Basename(const std::string& p) {
    const size_t slash = p.find_last_of('/');
    return slash == std::string::npos ? p : p.substr(slash + 1);
}

// Removes <think>…</think> blocks (and reasoning before a lone </think>, or after an unclosed
// <think>) from `text`, returning them.
std::string StripReasoning(std::string* text) {
    std::string reasoning;
    auto add = [&](const std::string& r) {
        if (!Trim(r).empty()) reasoning += (reasoning.empty() ? "" : "\n\n") + Trim(r);
    };
    const size_t firstClose = text->find("</think>");
    const size_t firstOpen = text->find("<think>");
    if (firstClose != std::string::npos && (firstOpen == std::string::npos || firstOpen > firstClose)) {
        add(text->substr(0, firstClose));
        text->erase(0, firstClose + 8);
    }
    for (size_t open; (open = text->find("<think>")) != std::string::npos;) {
        const size_t close = text->find("</think>", open);
        if (close == std::string::npos) {
            add(text->substr(open + 7));
            text->erase(open);
            break;
        }
        add(text->substr(open + 7, close - open - 7));
        text->erase(open, close + 8 - open);
    }
    return reasoning;
}

struct Block {
    std::string path;  // as the answer names it; empty when unlabelled
    std::string content;
    std::string lang;  // of a fence
};

struct Fence {
    size_t begin, end;  // of the whole fence, in the text
    std::string lang;
    std::string content;
};

// The end of the line that starts at `start`, at most `to`.
size_t LineEnd(const std::string& text, size_t start, size_t to) {
    const size_t e = text.find('\n', start);
    return e == std::string::npos || e > to ? to : e;
}

// Where "```" opens the line text[start, end) after its indentation, or npos: not a fence line.
size_t FenceMark(const std::string& text, size_t start, size_t end) {
    const std::string line = text.substr(start, end - start);
    const size_t tick = line.find_first_not_of(" \t");
    return tick != std::string::npos && line.compare(tick, 3, "```") == 0 ? tick : std::string::npos;
}

// The first fenced block in text[from, to), if any.
std::optional<Fence> NextFence(const std::string& text, size_t from, size_t to) {
    for (size_t lineStart = from; lineStart < to;) {
        const size_t lineEnd = LineEnd(text, lineStart, to);
        const size_t tick = FenceMark(text, lineStart, lineEnd);
        if (tick == std::string::npos) {
            lineStart = lineEnd + 1;
            continue;
        }
        Fence f;
        f.begin = lineStart;
        f.lang = Lower(Trim(text.substr(lineStart + tick + 3, lineEnd - lineStart - tick - 3)));
        const size_t body = lineEnd + 1;
        for (size_t scan = body; scan < to;) {
            const size_t e = LineEnd(text, scan, to);
            if (FenceMark(text, scan, e) != std::string::npos) {
                f.content = body <= scan ? text.substr(body, scan - body) : "";
                f.end = e;
                return f;
            }
            scan = e + 1;
        }
        // An unclosed fence (the answer was cut off) runs to the end.
        f.content = body < to ? text.substr(body, to - body) : "";
        f.end = to;
        return f;
    }
    return std::nullopt;
}

// The content of a tag: its first fenced block when it has one, else the text itself.
std::string TagContent(const std::string& inner) {
    if (auto f = NextFence(inner, 0, inner.size())) return f->content;
    return Trim(inner) + "\n";
}

// Blanks text[b, e) so that later passes do not see it again; newlines stay.
void Blank(std::string* text, size_t b, size_t e) {
    for (size_t i = b; i < e && i < text->size(); ++i)
        if ((*text)[i] != '\n') (*text)[i] = ' ';
}

// <file path="…">…</file> and <kernel_impl>…</kernel_impl>.
void TakeTags(std::string* text, const std::string& kernelPath, std::vector<Block>* blocks) {
    static const std::regex attr(R"((path|name)\s*=\s*["']([^"']+)["'])");
    for (size_t pos = 0; (pos = text->find("<file", pos)) != std::string::npos;) {
        const size_t gt = text->find('>', pos);
        const size_t close = gt == std::string::npos ? gt : text->find("</file>", gt);
        if (close == std::string::npos) break;
        const std::string head = text->substr(pos, gt - pos);
        std::smatch m;
        if (head.size() < 512 && std::regex_search(head, m, attr))
            blocks->push_back({m[2], TagContent(text->substr(gt + 1, close - gt - 1)), ""});
        Blank(text, pos, close + 7);
        pos = close + 7;
    }
    for (size_t pos = 0; (pos = text->find("<kernel_impl>", pos)) != std::string::npos;) {
        const size_t close = text->find("</kernel_impl>", pos);
        if (close == std::string::npos) break;
        blocks->push_back({kernelPath, TagContent(text->substr(pos + 13, close - pos - 13)), ""});
        Blank(text, pos, close + 14);
        pos = close + 14;
    }
}

// A path a line names: "===== op_host/x.cpp =====", "**op_kernel/x.cpp**", "### x_tiling.h:".
std::string PathNamedBy(const std::string& line) {
    static const std::regex path(R"(([A-Za-z0-9_./-]+\.(cpp|cc|h|hpp)))");
    if (line.size() > 300) return "";
    std::smatch m;
    return std::regex_search(line, m, path) ? std::string(m[1]) : "";
}

// Fenced blocks of what the tags left, each with the path it names or is named by.
void TakeFences(const std::string& text, std::vector<Block>* blocks) {
    size_t pos = 0;
    while (auto f = NextFence(text, pos, text.size())) {
        Block b{"", f->content, f->lang};
        // "// file: path" on the first line names the file and is not part of it.
        const std::string first = b.content.substr(0, b.content.find('\n'));
        const std::string firstTrim = Trim(first);
        if (firstTrim.rfind("//", 0) == 0) {
            const std::string rest = Lower(Trim(firstTrim.substr(2)));
            if (rest.rfind("file:", 0) == 0) {
                b.path = Trim(Trim(firstTrim.substr(2)).substr(5));
                b.content = b.content.find('\n') == std::string::npos ? "" : b.content.substr(b.content.find('\n') + 1);
            }
        }
        if (b.path.empty()) {
            // The last non-blank line before the fence, when it names a path.
            size_t end = f->begin;
            while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == ' ' || text[end - 1] == '\r')) --end;
            const size_t start = text.rfind('\n', end ? end - 1 : 0);
            const std::string prev = text.substr(start == std::string::npos ? 0 : start + 1,
                                                 end - (start == std::string::npos ? 0 : start + 1));
            b.path = PathNamedBy(prev);
        }
        blocks->push_back(b);
        pos = f->end + 1;
        if (pos >= text.size()) break;
    }
}

enum class Kind { Kernel, TilingHeader, HostSource, Unknown };

Kind KindOfPath(const std::string& p) {
    if (p.rfind("op_kernel/", 0) == 0) return Kind::Kernel;
    if (p.size() > 2 && p.compare(p.size() - 2, 2, ".h") == 0) return Kind::TilingHeader;
    return Kind::HostSource;
}

Kind KindOfContent(const std::string& c) {
    if (c.find("__global__") != std::string::npos || c.find("__aicore__") != std::string::npos) return Kind::Kernel;
    if (c.find("BEGIN_TILING_DATA_DEF") != std::string::npos) return Kind::TilingHeader;
    if (c.find("OpDef") != std::string::npos || c.find("TilingContext") != std::string::npos) return Kind::HostSource;
    return Kind::Unknown;
}

bool IsCodeLanguage(const std::string& lang) {
    static const std::vector<std::string> code = {"", "cpp", "c++", "c", "cc", "cxx", "h", "hpp", "ascendc"};
    const std::string first = lang.substr(0, lang.find_first_of(" \t{"));
    return std::find(code.begin(), code.end(), first) != code.end();
}

}  // namespace

ParsedAnswer ParseAnswer(const std::string& answer, const std::vector<std::string>& expected) {
    ParsedAnswer out;
    std::string text = answer;
    out.reasoning = StripReasoning(&text);
    if (Trim(text).empty()) {
        out.cls = kGenEmptyAnswer;
        out.missing = expected;
        out.note = out.reasoning.empty() ? "the answer is empty" : "the answer holds only reasoning";
        return out;
    }
    std::string kernelPath;
    for (auto& e : expected)
        if (KindOfPath(e) == Kind::Kernel && kernelPath.empty()) kernelPath = e;

    std::vector<Block> blocks;
    TakeTags(&text, kernelPath, &blocks);
    TakeFences(text, &blocks);

    std::vector<std::string> how;
    std::vector<const Block*> unlabelled;
    for (const Block& b : blocks) {
        if (Trim(b.content).empty()) continue;
        std::string p = b.path;
        while (p.rfind("./", 0) == 0) p = p.substr(2);
        if (p.rfind("src/", 0) == 0) p = p.substr(4);
        std::string match;
        for (auto& e : expected)
            if (e == p || (!p.empty() && p.size() >= e.size() && p.compare(p.size() - e.size(), e.size(), e) == 0))
                match = e;
        if (match.empty() && !p.empty())
            for (auto& e : expected)
                if (Basename(e) == Basename(p)) match = e;
        if (!match.empty()) {
            out.files[match] = b.content;  // a later version of a file replaces an earlier one
            how.push_back(match + " (named)");
        } else if (IsCodeLanguage(b.lang)) {
            unlabelled.push_back(&b);
        }
    }
    // Unnamed blocks go to the unfilled file of the kind their content shows, or to the only
    // unfilled file.
    for (const Block* b : unlabelled) {
        std::vector<std::string> open;
        for (auto& e : expected)
            if (!out.files.count(e)) open.push_back(e);
        if (open.empty()) break;
        const Kind kind = KindOfContent(b->content);
        std::string target;
        for (auto& e : open)
            if (kind != Kind::Unknown && KindOfPath(e) == kind) target = e;
        if (target.empty() && open.size() == 1 && (kind == Kind::Unknown || expected.size() == 1)) target = open[0];
        if (target.empty()) continue;
        out.files[target] = b->content;
        how.push_back(target + " (by content)");
    }
    for (auto& e : expected)
        if (!out.files.count(e)) out.missing.push_back(e);
    if (out.files.empty()) {
        out.cls = kGenNoCode;
        out.note = blocks.empty() ? "no code block, file tag or file header in the answer"
                                  : "no code block could be matched to an expected file";
    } else if (!out.missing.empty()) {
        out.cls = kGenIncomplete;
    } else {
        out.cls = "ok";
    }
    if (out.note.empty())
        for (auto& h : how) out.note += (out.note.empty() ? "" : ", ") + h;
    return out;
}

}  // namespace akg::gen
