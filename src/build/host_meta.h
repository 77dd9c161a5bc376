// What a compiled op_host library registers: operator definitions and tiling struct layouts.
// It is read in a forked child (host code runs arbitrary static initialisers) and cached as
// JSON next to the library.
#pragma once

#include <string>
#include <vector>

#include "akg/host/host_registry.h"

namespace akg::build {

struct HostMeta {
    std::vector<host::OpInfo> ops;
    std::vector<host::TilingRegistration> tilingRegistrations;
    std::vector<host::TilingStruct> tilingStructs;

    const host::OpInfo* FindOp(const std::string& type) const;
    // The struct REGISTER_TILING_DATA_CLASS bound to `opType`, or null.
    const host::TilingStruct* TilingStructOf(const std::string& opType) const;
    const host::TilingStruct* FindStruct(const std::string& name) const;
};

std::string HostMetaToJson(const HostMeta& m);
bool HostMetaFromJson(const std::string& json, HostMeta* out, std::string* error);

// Loads `soPath` in a forked child and reports what it registered.
bool IntrospectHostLibrary(const std::string& soPath, HostMeta* out, std::string* error);

}  // namespace akg::build
