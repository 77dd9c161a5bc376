// Header names op_host code of the CANN 8.x operator repositories includes:
// platform/platform_infos_def.h declares fe::PlatFormInfos, and platform/platform_ascendc.h is
// tiling/platform/platform_ascendc.h (ops-cv's common tiling_util.cpp). (The standard headers that
// the tiling context and registry headers now bring in, <memory>, <set>, <map>, cannot be checked
// here, where gtest includes them first; the hicann corpus in docs/compat.md exercises them.)
#include "platform/platform_ascendc.h"
#include "platform/platform_infos_def.h"

#include <gtest/gtest.h>

namespace {

TEST(CannHeaderPaths, PlatformInfosDefAndPlatformAscendC) {
    fe::PlatFormInfos infos;
    platform_ascendc::PlatformAscendC platform(&infos);
    EXPECT_EQ(platform.GetPlatFormInfo(), &infos);
}

}  // namespace
