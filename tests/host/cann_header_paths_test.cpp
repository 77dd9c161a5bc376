// Header names and transitive includes op_host code of the CANN 8.x operator repositories relies
// on: platform/platform_infos_def.h declares fe::PlatFormInfos, platform/platform_ascendc.h is
// tiling/platform/platform_ascendc.h (ops-cv's common tiling_util.cpp), and the tiling context header
// brings in <memory> (ops-cv's common tiling_base.h holds a std::unique_ptr with nothing else
// included).
#include <gtest/gtest.h>

#include "exe_graph/runtime/tiling_context.h"
#include "platform/platform_ascendc.h"
#include "platform/platform_infos_def.h"

namespace {

struct TilingHolder {
    std::unique_ptr<fe::PlatFormInfos> infos;
};

TEST(CannHeaderPaths, PlatformInfosDefAndMemoryFromTilingContext) {
    TilingHolder holder;
    holder.infos = std::make_unique<fe::PlatFormInfos>();
    EXPECT_NE(holder.infos.get(), nullptr);
    platform_ascendc::PlatformAscendC platform(holder.infos.get());
    EXPECT_EQ(platform.GetPlatFormInfo(), holder.infos.get());
}

}  // namespace
