// The dynamic symbol table of an ELF shared object: what a library defines and what it imports
// from where. Read by the anti-cheat scan (imports of candidate code) and by the builder (the
// runtime's exported interface, part of the kernel cache key).
#pragma once

#include <string>
#include <vector>

namespace akg {

struct DynamicSymbol {
    std::string name;
    bool defined = false;
    std::string library;  // from the symbol's version requirement (libc.so.6); empty: unversioned
};

bool ReadDynamicSymbols(const std::string& path, std::vector<DynamicSymbol>* out, std::string* error);

}  // namespace akg
