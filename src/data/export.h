// `akgen data export` and `akgen data stats`: the record set in the formats trainers read
// (docs/data.md, "Exports"), and its counts.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace akg::data {

// "llamafactory", "trl", "openrlhf", "verl", or "all".
const std::vector<std::string>& ExportFormats();

struct ExportOutcome {
    std::vector<std::string> files;  // written, relative to the output directory
    std::string error;
};

// Writes the exports of `format` under outDir/<format>/ (JSON Lines, train and validation files).
ExportOutcome ExportRecords(const std::vector<nlohmann::json>& records, const std::string& format,
                            const std::string& outDir);

// Counts by kind, split, class, level and pair kind, and percentiles of record lengths in
// approximate tokens (UTF-8 bytes / 4).
nlohmann::json RecordStats(const std::vector<nlohmann::json>& records);
std::string FormatStats(const nlohmann::json& stats);

}  // namespace akg::data
