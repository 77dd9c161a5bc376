#include "gen/prompt.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "build/compile.h"
#include "run/op_runner.h"

namespace akg::gen {

namespace fs = std::filesystem;

bool RenderTemplate(const std::string& text, const std::map<std::string, std::string>& vars, std::string* out,
                    std::string* error) {
    std::string r;
    size_t pos = 0;
    for (size_t open; (open = text.find("{{", pos)) != std::string::npos;) {
        const size_t close = text.find("}}", open + 2);
        if (close == std::string::npos) break;
        std::string name = text.substr(open + 2, close - open - 2);
        name.erase(0, name.find_first_not_of(' '));
        name.erase(name.find_last_not_of(' ') + 1);
        auto it = vars.find(name);
        if (it == vars.end()) {
            *error = "unknown template variable {{" + name + "}}";
            return false;
        }
        r += text.substr(pos, open - pos);
        r += it->second;
        pos = close + 2;
    }
    r += text.substr(pos);
    *out = std::move(r);
    return true;
}

std::string DefaultPromptsDir() { return (fs::path(AKG_SOURCE_DIR) / "prompts").string(); }

bool ReadTemplate(const std::string& dir, const std::string& name, std::string* text, std::string* error) {
    const fs::path p = fs::path(dir.empty() ? DefaultPromptsDir() : dir) / name;
    std::ifstream f(p, std::ios::binary);
    if (!f) {
        *error = "cannot read prompt template " + p.string();
        return false;
    }
    std::stringstream s;
    s << f.rdbuf();
    *text = s.str();
    return true;
}

namespace {

std::string KiB(uint64_t bytes) { return std::to_string(bytes / 1024) + " KiB"; }

// Files of a directory (sorted), relative to `base`.
std::vector<std::string> FilesUnder(const fs::path& dir, const fs::path& base) {
    std::vector<std::string> out;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec))
        if (it->is_regular_file(ec)) out.push_back(fs::relative(it->path(), base).string());
    std::sort(out.begin(), out.end());
    return out;
}

// Files shown to the model, each as a heading and a fenced block.
std::string ShowFiles(const fs::path& base, const std::vector<std::string>& files) {
    std::string s;
    for (auto& f : files) {
        s += "### " + f + "\n\n```cpp\n" + build::ReadFile((base / f).string());
        if (!s.empty() && s.back() != '\n') s += "\n";
        s += "```\n\n";
    }
    return s;
}

// The public cases: the header and the rows of validation/test_cases.csv (one row when
// `onlyCase` is set).
std::string PublicCases(const fs::path& taskDir, const std::string& onlyCase, std::string* error) {
    std::ifstream f(taskDir / "validation" / "test_cases.csv");
    std::string header, line, rows;
    if (!f || !std::getline(f, header)) {
        *error = "cannot read validation/test_cases.csv";
        return "";
    }
    const bool hasId = header.rfind("case_id", 0) == 0;
    int row = 0;
    while (std::getline(f, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::string id = hasId ? line.substr(0, line.find(';')) : std::to_string(row);
        ++row;
        if (!onlyCase.empty() && id != onlyCase) continue;
        rows += line + "\n";
    }
    if (rows.empty()) *error = onlyCase.empty() ? "no public cases" : "no public case " + onlyCase;
    return header + "\n" + rows;
}

}  // namespace

bool HardwareDescription(const std::string& promptsDir, const PlatformSpec& p, std::string* out, std::string* error) {
    std::string text;
    if (!ReadTemplate(promptsDir, "hardware.md", &text, error)) return false;
    std::ostringstream clock;
    clock << p.clockMHz;
    return RenderTemplate(text,
                          {{"soc_version", p.socVersion},
                           {"short_soc_version", p.shortSocVersion},
                           {"aic_cores", std::to_string(p.aicCores)},
                           {"aiv_cores", std::to_string(p.aivCores)},
                           {"clock_mhz", clock.str()},
                           {"ub", KiB(p.ubSize)},
                           {"l1", KiB(p.l1Size)},
                           {"l0a", KiB(p.l0aSize)},
                           {"l0b", KiB(p.l0bSize)},
                           {"l0c", KiB(p.l0cSize)},
                           {"l2", std::to_string(p.l2Size / (1024 * 1024)) + " MiB"},
                           {"hbm", std::to_string(p.hbmSize >> 30) + " GiB"}},
                          out, error);
}

bool BuildTaskPrompt(const harness::TaskRef& task, const PromptOptions& o, TaskPrompt* out, std::string* error) {
    const fs::path dir(task.dir);
    const bool kernelOnly = o.mode == harness::CandidateMode::KernelOnly;
    const fs::path question = dir / "question";
    std::vector<std::string> templates = FilesUnder(question / "op_kernel", question);
    if (templates.empty()) return *error = "no question/op_kernel/ template", false;
    out->expectedFiles = templates;
    if (!kernelOnly) {
        std::vector<std::string> host = FilesUnder(question / "op_host", question);
        if (host.empty()) return *error = "no question/op_host/ template", false;
        templates.insert(templates.begin(), host.begin(), host.end());
        out->expectedFiles = templates;
        // NPUKernelBench's questions have no tiling header, yet its host+kernel answers consist of
        // op_host/<kernel>_tiling.h, op_host/<kernel>.cpp and op_kernel/<kernel>.cpp.
        const bool hasHeader = std::any_of(host.begin(), host.end(), [](const std::string& f) {
            return fs::path(f).extension() == ".h";
        });
        if (!hasHeader)
            out->expectedFiles.insert(out->expectedFiles.begin() + long(host.size()),
                                      "op_host/" + fs::path(templates.back()).stem().string() + "_tiling.h");
    }

    std::string casesError;
    const std::string cases = PublicCases(dir, o.onlyCase, &casesError);
    if (!casesError.empty()) return *error = casesError, false;
    PlatformSpec platform;
    if (!run::LoadPlatform(o.soc, &platform, error)) return false;
    std::string hardware;
    if (!HardwareDescription(o.promptsDir, platform, &hardware, error)) return false;

    std::string filesList;
    for (auto& f : out->expectedFiles) filesList += "- `" + f + "`\n";
    // Most tasks keep api_desc.md at their root, a few NPUKernelBench tasks under question/.
    fs::path apiDesc = dir / "api_desc.md";
    if (!fs::exists(apiDesc)) apiDesc = question / "api_desc.md";
    std::map<std::string, std::string> vars = {
        {"op", task.op},
        {"task", task.id},
        {"level", std::to_string(task.level)},
        {"category", task.category},
        {"api_desc", build::ReadFile(apiDesc.string())},
        {"test_cases", cases},
        {"files_to_write", filesList},
        {"templates", ShowFiles(question, templates)},
        {"kernel_file", out->expectedFiles.back()},
        {"hardware", hardware},
        {"case_note", o.onlyCase.empty() ? "one kernel must serve every case"
                                         : "the kernel is judged on this one case only (static shape)"},
    };
    if (kernelOnly) {
        const fs::path answer = dir / "answer" / "0";
        vars["host_code"] = ShowFiles(answer, FilesUnder(answer / "op_host", answer));
    }
    std::string system, user;
    if (!ReadTemplate(o.promptsDir, "system.md", &system, error)) return false;
    if (!ReadTemplate(o.promptsDir, kernelOnly ? "kernel_only.md" : "host_kernel.md", &user, error)) return false;
    return RenderTemplate(system, vars, &out->system, error) && RenderTemplate(user, vars, &out->user, error);
}

}  // namespace akg::gen
