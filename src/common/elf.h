// The dynamic symbol table of an ELF shared object: what a library defines and what it imports
// from where, and the objects it keeps in writable memory; and its sections (the launcher reads a
// kernel's type from them). Read by the anti-cheat scan (imports and globals of candidate code)
// and by the builder (the runtime's exported interface, part of the kernel cache key).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace akg {

struct DynamicSymbol {
    std::string name;
    bool defined = false;
    std::string library;  // from the symbol's version requirement (libc.so.6); empty: unversioned
};

struct ElfSection {
    std::string name;
    uint64_t addr = 0;  // virtual address (relative to the load base of a shared object)
    uint64_t size = 0;
    bool allocated = false;  // mapped into memory when loaded
};

// The section headers, and whether the file is an executable at fixed addresses (ET_EXEC).
bool ReadSections(const std::string& path, std::vector<ElfSection>* out, bool* fixedAddresses, std::string* error);

// An object the file defines in writable memory, and the section that holds it.
struct ElfObject {
    std::string name;
    std::string section;
};

// `writableObjects`, when given, receives the objects the file defines in writable memory
// (.data, .bss) or thread-local storage, from its full symbol table (.symtab, which also lists
// internal-linkage and function-local statics), else from .dynsym: one read of the file.
bool ReadDynamicSymbols(const std::string& path, std::vector<DynamicSymbol>* out, std::string* error,
                        std::vector<ElfObject>* writableObjects = nullptr);

}  // namespace akg
