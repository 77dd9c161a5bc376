// Prompts of the benchmark's two modes, built from editable templates (prompts/ at the top of the
// source tree, or a directory given with --prompts): docs/gen.md, "Prompts".
#pragma once

#include <map>
#include <string>
#include <vector>

#include "akg/launch/platform.h"
#include "harness/task_set.h"

namespace akg::gen {

// `{{name}}` is replaced by vars[name]. A name the map lacks is an error, so that a typo in an
// edited template is caught instead of sent to the model.
bool RenderTemplate(const std::string& text, const std::map<std::string, std::string>& vars, std::string* out,
                    std::string* error);

// The directory of the default templates (the source tree's prompts/).
std::string DefaultPromptsDir();

// Reads <dir>/<name>; false with `error` when it cannot.
bool ReadTemplate(const std::string& dir, const std::string& name, std::string* text, std::string* error);

// The hardware section: prompts/hardware.md filled from the platform description.
bool HardwareDescription(const std::string& promptsDir, const PlatformSpec& platform, std::string* out,
                         std::string* error);

struct PromptOptions {
    std::string promptsDir;  // empty: DefaultPromptsDir()
    harness::CandidateMode mode = harness::CandidateMode::KernelOnly;
    std::string soc = "Ascend910B1";
    std::string onlyCase;    // static-shape prompts: this public case only
};

struct TaskPrompt {
    std::string system, user;
    std::vector<std::string> expectedFiles;  // relative to a sample's src/: op_kernel/x.cpp, ...
};

// The prompt of one task. Shows the task's api_desc.md, its public cases (validation/
// test_cases.csv; the hidden split is never read), the question/ templates of the files to
// write, the task's own host code in kernel-only mode, and the hardware section.
bool BuildTaskPrompt(const harness::TaskRef& task, const PromptOptions& options, TaskPrompt* out, std::string* error);

}  // namespace akg::gen
