// Line diffs between a failing candidate and its corrected implementation: the hunks the
// analysis of a compile_fix or numeric_fix record shows.
#pragma once

#include <map>
#include <string>

namespace akg::data {

// A unified diff of two texts (`---`/`+++` headers naming `path`, `@@` hunks with `context` lines
// around each change); empty when they are equal. Texts of more than 4,000 lines each are shown
// as one hunk replacing the whole file.
std::string UnifiedDiff(const std::string& path, const std::string& before, const std::string& after, int context = 2);

// The diffs of every file either side has, in path order.
std::string FilesDiff(const std::map<std::string, std::string>& before, const std::map<std::string, std::string>& after);

}  // namespace akg::data
