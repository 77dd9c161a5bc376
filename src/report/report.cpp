#include "report/report.h"

#include <filesystem>
#include <fstream>

#include "report/model.h"
#include "report/render.h"

namespace akg::report {

namespace fs = std::filesystem;

namespace {

// Written beside the target and renamed over it, so that a reader never sees half a report.
bool WriteFile(const fs::path& path, const std::string& text, std::string* error) {
    fs::path temp = path;
    temp += ".tmp";
    {
        std::ofstream f(temp, std::ios::binary | std::ios::trunc);
        f << text;
        if (!f.flush()) {
            *error = "cannot write " + temp.string();
            return false;
        }
    }
    std::error_code ec;
    fs::rename(temp, path, ec);
    if (ec) {
        *error = "cannot rename " + temp.string() + " to " + path.string() + ": " + ec.message();
        fs::remove(temp, ec);
        return false;
    }
    return true;
}

}  // namespace

bool RenderReport(const std::string& runDir, Documents* out, std::string* error) {
    RunData data;
    if (!LoadRun(runDir, &data, error)) return false;
    out->markdown = RenderMarkdown(data);
    out->html = RenderHtml(data);
    return true;
}

bool WriteReport(const std::string& runDir, std::string* error) {
    Documents docs;
    if (!RenderReport(runDir, &docs, error)) return false;
    fs::path dir(runDir);
    return WriteFile(dir / "report.md", docs.markdown, error) && WriteFile(dir / "report.html", docs.html, error);
}

}  // namespace akg::report
