#include "build/rewrite.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace akg::build {

namespace fs = std::filesystem;

namespace {

bool IsIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':'; }

// Rewrites `callee<<<a, b, c>>>(args)` into `::akg::LaunchKernelNamed("callee", a, b, c)(args)`
// (named) or `::akg::KernelLaunch("callee", a, b, c).Run(callee, args)` (typed).
std::string RewriteLaunches(const std::string& s, LaunchForm form) {
    std::string out;
    size_t pos = 0;
    for (;;) {
        size_t open = s.find("<<<", pos);
        if (open == std::string::npos) break;
        size_t close = s.find(">>>", open + 3);
        if (close == std::string::npos) break;
        // The callee: an identifier (possibly qualified), optionally followed by <template args>,
        // possibly on the line before the `<<<`.
        size_t end = open;
        while (end > pos && std::isspace(static_cast<unsigned char>(s[end - 1]))) --end;
        const std::string lineBreaks(size_t(std::count(s.begin() + end, s.begin() + open, '\n')), '\n');
        size_t begin = end;
        if (begin > 0 && s[begin - 1] == '>') {
            int depth = 0;
            while (begin > 0) {
                char c = s[--begin];
                if (c == '>') ++depth;
                if (c == '<' && --depth == 0) break;
            }
        }
        while (begin > 0 && IsIdentChar(s[begin - 1])) --begin;
        if (begin == end) {  // not a launch
            out.append(s, pos, open + 3 - pos);
            pos = open + 3;
            continue;
        }
        const std::string expr = s.substr(begin, end - begin);
        std::string callee = expr;
        if (auto lt = callee.find('<'); lt != std::string::npos) callee.resize(lt);  // templates launch by name
        if (auto colons = callee.rfind("::"); colons != std::string::npos) callee = callee.substr(colons + 2);
        std::string config = s.substr(open + 3, close - open - 3);
        out.append(s, pos, begin - pos);
        pos = close + 3;
        if (form == LaunchForm::Named) {
            out += "::akg::LaunchKernelNamed(\"" + callee + "\", " + lineBreaks + config + ")";
            continue;
        }
        out += "::akg::KernelLaunch(\"" + callee + "\", " + lineBreaks + config + ").Run(" + expr;
        size_t paren = s.find_first_not_of(" \t\n", pos);
        if (paren == std::string::npos || s[paren] != '(') continue;  // not a call: left to the compiler
        size_t next = s.find_first_not_of(" \t\n", paren + 1);
        out.append(s, pos, paren - pos);
        if (next == std::string::npos || s[next] != ')') out += ", ";
        pos = paren + 1;
    }
    out.append(s, pos, std::string::npos);
    return out;
}

// For each kernel qualifier (__vector__, __cube__, __mix__(aic, aiv)), a record naming the
// function it qualifies and its KernelMetaType, in the section the launcher reads
// (KernelTypeMark, tiling key -2). The records go after the last line, so lines keep their numbers.
std::string QualifierMarks(const std::string& s) {
    static const std::regex qualifier(R"(\b(__vector__|__cube__|__mix__\s*\(\s*([01])\s*,\s*([012])\s*\)))");
    std::string marks;
    for (std::sregex_iterator it(s.begin(), s.end(), qualifier), end; it != end; ++it) {
        const std::smatch& m = *it;
        const size_t at = size_t(m.position(0));
        const size_t lineStart = s.rfind('\n', at) == std::string::npos ? 0 : s.rfind('\n', at) + 1;
        if (s.find_first_not_of(" \t", lineStart) == s.find('#', lineStart)) continue;  // a macro definition
        const size_t after = at + size_t(m.length(0));
        const size_t paren = s.find_first_of("(;{}", after);
        if (paren == std::string::npos || s[paren] != '(') continue;
        size_t nameEnd = paren;
        while (nameEnd > after && std::isspace(static_cast<unsigned char>(s[nameEnd - 1]))) --nameEnd;
        size_t nameBegin = nameEnd;
        while (nameBegin > after && (std::isalnum(static_cast<unsigned char>(s[nameBegin - 1])) || s[nameBegin - 1] == '_'))
            --nameBegin;
        if (nameBegin == nameEnd) continue;
        int type = 0;  // __vector__: KERNEL_TYPE_AIV_ONLY
        if (m.str(1) == "__cube__") type = 1;
        if (m[2].matched) {
            const std::string ratio = m.str(2) + m.str(3);
            type = ratio == "01" ? 2 : ratio == "10" ? 3 : ratio == "11" ? 4 : 5;
        }
        marks += "\n[[gnu::used, gnu::section(\"akg_kernel_types\")]] alignas(32) static const struct { char f[112]; "
                 "long long key; int type; int reserved; } akg_kernel_qualifier_" +
                 std::to_string(at) + " = {\"" + s.substr(nameBegin, nameEnd - nameBegin) + "\", -2, " +
                 std::to_string(type) + ", 0};";
    }
    return marks;
}

}  // namespace

std::string RewriteDeviceSource(const std::string& text, LaunchForm form) {
    static const std::regex attr(R"(\[\s*(host\s*,\s*)?aicore\s*\])");
    std::string s = std::regex_replace(text, attr, "");
    if (s.find("<<<") != std::string::npos) s = RewriteLaunches(s, form);
    if (s.find("__vector__") != std::string::npos || s.find("__cube__") != std::string::npos ||
        s.find("__mix__") != std::string::npos)
        s += QualifierMarks(s) + "\n";
    return s;
}

std::string KernelEntrySymbol(const std::string& name) { return "akg_kernel_entry_" + name; }

std::string RenameKernelEntry(const std::string& text, const std::string& name) {
    // `__global__`, then qualifiers and the return type (no parenthesis, brace or semicolon), then
    // the name and its parameter list.
    const std::regex decl(R"((\b__global__\b[^;{}()]*?\b))" + name + R"((\s*\())");
    return std::regex_replace(text, decl, "$1" + KernelEntrySymbol(name) + "$2");
}

bool MirrorRewritten(const std::string& srcDir, const std::string& dstDir, std::string* error, LaunchForm form,
                     const TreeFilter& keep) {
    std::error_code ec;
    fs::create_directories(dstDir, ec);
    for (auto it = fs::recursive_directory_iterator(srcDir); it != fs::recursive_directory_iterator(); ++it) {
        const fs::directory_entry& e = *it;
        if (keep && !keep(e)) {
            if (e.is_directory()) it.disable_recursion_pending();
            continue;
        }
        fs::path rel = fs::relative(e.path(), srcDir);
        fs::path dst = fs::path(dstDir) / rel;
        if (e.is_directory()) {
            fs::create_directories(dst, ec);
            continue;
        }
        if (!e.is_regular_file()) continue;
        std::ifstream in(e.path(), std::ios::binary);
        std::stringstream buf;
        buf << in.rdbuf();
        std::string text = buf.str();
        std::string ext = e.path().extension().string();
        bool source = ext == ".cpp" || ext == ".h" || ext == ".hpp" || ext == ".cc" || ext == ".inc" || ext == ".asc";
        if (source) text = "#line 1 \"" + fs::canonical(e.path()).string() + "\"\n" + RewriteDeviceSource(text, form);
        fs::create_directories(dst.parent_path(), ec);
        std::ofstream out(dst, std::ios::binary);
        out << text;
        if (!out) return *error = "cannot write " + dst.string(), false;
    }
    return true;
}

}  // namespace akg::build
