// The current platform and how a PlatformSpec is described to host code.
#pragma once

#include "akg/launch/platform.h"
#include "platform/platform_info.h"

namespace akg::host {

// Fills `infos` with the label/key/value description of `spec` (see platform/platform_info.h).
void DescribePlatform(const PlatformSpec& spec, fe::PlatFormInfos& infos);

// Makes `spec` current for the lifetime of the object (a tiling run's platform), then restores
// the previous one.
class ScopedPlatform {
public:
    explicit ScopedPlatform(const PlatformSpec& spec);
    ~ScopedPlatform();
    ScopedPlatform(const ScopedPlatform&) = delete;
    ScopedPlatform& operator=(const ScopedPlatform&) = delete;

private:
    PlatformSpec previous_;
};

}  // namespace akg::host
