#include "build/rewrite.h"

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace akg::build {

namespace fs = std::filesystem;

namespace {

bool IsIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':'; }

// Rewrites `callee<<<a, b, c>>>(args)` into `::akg::LaunchKernelNamed("callee", a, b, c)(args)`.
std::string RewriteLaunches(const std::string& s) {
    std::string out;
    size_t pos = 0;
    for (;;) {
        size_t open = s.find("<<<", pos);
        if (open == std::string::npos) break;
        size_t close = s.find(">>>", open + 3);
        if (close == std::string::npos) break;
        // The callee: an identifier (possibly qualified), optionally followed by <template args>.
        size_t end = open;
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
        std::string callee = s.substr(begin, end - begin);
        if (auto lt = callee.find('<'); lt != std::string::npos) callee.resize(lt);  // templates launch by name
        if (auto colons = callee.rfind("::"); colons != std::string::npos) callee = callee.substr(colons + 2);
        std::string config = s.substr(open + 3, close - open - 3);
        out.append(s, pos, begin - pos);
        out += "::akg::LaunchKernelNamed(\"" + callee + "\", " + config + ")";
        pos = close + 3;
    }
    out.append(s, pos, std::string::npos);
    return out;
}

}  // namespace

std::string RewriteDeviceSource(const std::string& text) {
    static const std::regex attr(R"(\[\s*(host\s*,\s*)?aicore\s*\])");
    std::string s = std::regex_replace(text, attr, "");
    if (s.find("<<<") != std::string::npos) s = RewriteLaunches(s);
    return s;
}

bool MirrorRewritten(const std::string& srcDir, const std::string& dstDir, std::string* error) {
    std::error_code ec;
    fs::create_directories(dstDir, ec);
    for (auto& e : fs::recursive_directory_iterator(srcDir)) {
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
        if (source) text = "#line 1 \"" + fs::canonical(e.path()).string() + "\"\n" + RewriteDeviceSource(text);
        fs::create_directories(dst.parent_path(), ec);
        std::ofstream out(dst, std::ios::binary);
        out << text;
        if (!out) return *error = "cannot write " + dst.string(), false;
    }
    return true;
}

}  // namespace akg::build
