// report.html as a browser renders it: headless Chromium dumps the DOM after the page's script
// ran. Skipped when no Chromium is installed (Debian package `chromium`).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "common/process.h"
#include "report/report.h"
#include "report/run_fixture.h"

namespace akg::report {
namespace {

// The first of the usual Chromium executables on PATH, or empty.
std::string FindBrowser() {
    const char* path = std::getenv("PATH");
    if (!path) return "";
    for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
        std::stringstream dirs(path);
        for (std::string dir; std::getline(dirs, dir, ':');) {
            std::filesystem::path candidate = std::filesystem::path(dir.empty() ? "." : dir) / name;
            if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
        }
    }
    return "";
}

TEST(ReportBrowser, RendersScoreTaskRowsAndRunsOnlyItsOwnScript) {
    std::string browser = FindBrowser();
    if (browser.empty())
        GTEST_SKIP() << "no chromium, chromium-browser or google-chrome on PATH: install the Debian package "
                        "`chromium` to check report.html in a headless browser";
    fixture::TempRunDir dir;
    ASSERT_FALSE(dir.Path().empty());
    fixture::WriteSampleRun(dir);
    std::string error;
    ASSERT_TRUE(WriteReport(dir.Path(), &error)) << error;

    // The browser's own chatter (D-Bus, GPU) goes to stderr; only the DOM is kept.
    std::string page = "file://" + (std::filesystem::path(dir.Path()) / "report.html").string();
    std::string command = ShellQuote(browser) + " --headless --no-sandbox --disable-gpu --user-data-dir=" +
                          ShellQuote(dir.Path() + "/browser-profile") + " --dump-dom " + ShellQuote(page) +
                          " 2>/dev/null";
    ProcessResult result = RunProcess({"sh", "-c", command}, 120);
    ASSERT_FALSE(result.timedOut) << browser << " did not finish in 120 s";
    ASSERT_EQ(result.exitCode, 0) << result.output;
    const std::string& dom = result.output;

    EXPECT_NE(dom.find("<strong id=\"final-score\">25.00</strong>"), std::string::npos) << dom;
    EXPECT_NE(dom.find("<td>Activation</td><td>Relu</td>"), std::string::npos);
    EXPECT_NE(dom.find("<td>Conv</td><td>Conv2d</td>"), std::string::npos);
    // The filter controls exist only if the inline script ran, i.e. the page's
    // Content-Security-Policy hash matches it.
    EXPECT_NE(dom.find("id=\"task-filter\""), std::string::npos);
    EXPECT_NE(dom.find("4 of 4 rows"), std::string::npos);
    // The record's markup stayed text.
    EXPECT_NE(dom.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
    EXPECT_EQ(dom.find("<script>alert"), std::string::npos);
}

}  // namespace
}  // namespace akg::report
