// CANN's metadef header of fe::PlatFormInfos (op_host code includes it by this name; CANN's
// platform_info.h includes it in turn). Ours declares the class in platform/platform_info.h.
#pragma once

#include "platform/platform_info.h"
