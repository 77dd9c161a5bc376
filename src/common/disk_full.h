// A full disk (or an exhausted quota) is the machine's problem, never the candidate's or the
// task's: the harness recognises it wherever it can surface, to stop the run with a resumable
// error instead of recording a failure that `--resume` would then keep.
#pragma once

#include <string>
#include <system_error>

namespace akg {

// ENOSPC or EDQUOT.
bool IsDiskFull(int error);
bool IsDiskFull(const std::system_error& e);
// A message of our own code, a compiler or a linker that reports the error text of ENOSPC or
// EDQUOT (strerror's wording, which g++, ld and Python's OSError all print).
bool MentionsDiskFull(const std::string& message);

}  // namespace akg
