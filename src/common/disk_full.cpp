#include "common/disk_full.h"

#include <cerrno>
#include <cstring>

namespace akg {

bool IsDiskFull(int error) { return error == ENOSPC || error == EDQUOT; }

bool IsDiskFull(const std::system_error& e) {
    return e.code().category() == std::generic_category() || e.code().category() == std::system_category()
               ? IsDiskFull(e.code().value())
               : false;
}

bool MentionsDiskFull(const std::string& message) {
    for (int error : {ENOSPC, EDQUOT})
        if (message.find(std::strerror(error)) != std::string::npos) return true;
    return false;
}

}  // namespace akg
