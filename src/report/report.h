// `akgen report RUN`: a Markdown and a self-contained HTML report of one evaluation run, written
// from the run directory that `akgen bench` fills (docs/results.md): summary.json for the
// numbers, records/*.jsonl for per-case detail and logs/ for links. docs/report.md describes what
// the report shows.
#pragma once

#include <string>

namespace akg::report {

// Writes RUN/report.md and RUN/report.html. False with `error` set when RUN is not a directory,
// its summary.json is missing (the run has not finished) or unreadable, or a file cannot be
// written.
bool WriteReport(const std::string& runDir, std::string* error);

// The two documents as strings (what WriteReport writes), for tests.
struct Documents {
    std::string markdown, html;
};
bool RenderReport(const std::string& runDir, Documents* out, std::string* error);

}  // namespace akg::report
