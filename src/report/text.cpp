#include "report/text.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace akg::report {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Length of the valid UTF-8 sequence at s[i], or 0 if it is not one.
size_t Utf8Length(std::string_view s, size_t i) {
    unsigned char c = s[i];
    size_t n;
    uint32_t cp;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07;
    else return 0;
    if (i + n > s.size()) return 0;
    for (size_t k = 1; k < n; ++k) {
        unsigned char d = s[i + k];
        if ((d & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (d & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

}  // namespace

std::string CleanText(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        size_t n = Utf8Length(s, i);
        if (n == 0) {
            out += kReplacement;
            ++i;
            continue;
        }
        unsigned char c = s[i];
        if (n == 1 && ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7F)) out += kReplacement;
        else out.append(s.substr(i, n));
        i += n;
    }
    return out;
}

std::string HtmlEscape(std::string_view s) {
    std::string clean = CleanText(s), out;
    out.reserve(clean.size() + clean.size() / 8);
    for (char c : clean) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string MdText(std::string_view s) {
    std::string clean = CleanText(s), out;
    out.reserve(clean.size() + clean.size() / 4);
    for (char c : clean) {
        if (c == '\n' || c == '\t') {
            out += ' ';
            continue;
        }
        if (std::string_view("\\`*_[]<>|~&$#!").find(c) != std::string_view::npos) out += '\\';
        out += c;
    }
    return out;
}

std::string MdCode(std::string_view s) {
    std::string clean = CleanText(s), body;
    size_t longestRun = 0, run = 0;
    for (char c : clean) {
        if (c == '\n' || c == '\t') c = ' ';
        run = c == '`' ? run + 1 : 0;
        longestRun = std::max(longestRun, run);
        if (c == '|') body += '\\';
        body += c;
    }
    if (body.empty()) return "";
    std::string fence(longestRun + 1, '`');
    // A span that starts or ends with a backtick or a space needs padding (CommonMark strips one
    // space from each side when both are present).
    bool pad = body.front() == '`' || body.back() == '`' || body.front() == ' ' || body.back() == ' ';
    return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

std::string UrlPath(std::string_view path) {
    static const char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : path) {
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
            c == '_' || c == '~' || c == '/') {
            out += char(c);
        } else {
            out += '%';
            out += kHex[c >> 4];
            out += kHex[c & 15];
        }
    }
    return out;
}

std::string Clip(std::string_view s, size_t maxBytes) {
    if (s.size() <= maxBytes) return std::string(s);
    size_t cut = maxBytes;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    return std::string(s.substr(0, cut)) + "\xE2\x80\xA6";
}

std::string Fixed(double v, int decimals) {
    if (!std::isfinite(v)) return "n/a";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    std::string s = buf;
    if (s == "-0" || s.rfind("-0.", 0) == 0) {  // no "-0.0" for tiny negatives
        bool zero = s.find_first_not_of("-0.") == std::string::npos;
        if (zero) s.erase(0, 1);
    }
    return s;
}

std::string Percent(double fraction, int decimals) { return Fixed(fraction * 100.0, decimals) + "%"; }

std::string Duration(double seconds) {
    if (!std::isfinite(seconds) || seconds < 0) return "n/a";
    if (seconds < 60) return Fixed(seconds, 1) + " s";
    long long total = std::llround(seconds);
    long long h = total / 3600, m = total / 60 % 60, sec = total % 60;
    char buf[64];
    if (h > 0) std::snprintf(buf, sizeof buf, "%lld h %02lld min %02lld s", h, m, sec);
    else std::snprintf(buf, sizeof buf, "%lld min %02lld s", m, sec);
    return buf;
}

std::string Short(double v) {
    if (!std::isfinite(v)) return "n/a";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

}  // namespace akg::report
