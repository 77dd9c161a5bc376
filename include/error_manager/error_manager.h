// GE's error_manager/error_manager.h as the package's metadef include directory reaches it
// (ops-transformer's mc2_log.h); the macros are those of experiment/metadef/common/util.
#pragma once

#include "experiment/metadef/common/util/error_manager/error_manager.h"
