// Escaping and number formatting for the report. Every string that comes from a run (compiler
// output, kernel printf, file names) passes through HtmlEscape or the Markdown escapes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace akg::report {

// Valid UTF-8 with control characters other than tab and newline replaced by U+FFFD.
std::string CleanText(std::string_view s);

// For HTML text and attribute values: & < > " ' escaped (after CleanText).
std::string HtmlEscape(std::string_view s);

// Markdown text on one line (a table cell): newlines become spaces and every character Markdown or
// GitHub's renderer gives a meaning (\ ` * _ [ ] < > | ~ & $ # !) is backslash-escaped.
std::string MdText(std::string_view s);

// A code span for a Markdown table cell: literal text (no markup, no HTML), pipes escaped the way
// GitHub tables need (\|), newlines as spaces. Empty for an empty string.
std::string MdCode(std::string_view s);

// A relative URL of a path: every byte except A-Z a-z 0-9 - . _ ~ / percent-encoded.
std::string UrlPath(std::string_view path);

// At most `maxBytes` bytes, cut at a character boundary, with "…" appended when cut.
std::string Clip(std::string_view s, size_t maxBytes);

std::string Fixed(double v, int decimals);
std::string Percent(double fraction, int decimals = 1);  // 0.4567 -> "45.7%"
std::string Duration(double seconds);                     // "1 h 02 min 03 s", "4 min 05 s", "12.3 s"
std::string Short(double v);                              // "%.3g"

}  // namespace akg::report
