// `akgen data`: build / export / stats / cot (docs/data.md).
#pragma once

#include <CLI/CLI.hpp>

namespace akg::cli {

// Adds the subcommand; its callbacks exit with the command's status.
void AddDataCommand(CLI::App& app);

}  // namespace akg::cli
