#include "common/elf.h"

#include <elf.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

namespace akg {

namespace fs = std::filesystem;

namespace {

template <typename T>
bool ReadAt(const std::string& bytes, uint64_t offset, T* out) {
    if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return false;
    std::memcpy(out, bytes.data() + offset, sizeof(T));
    return true;
}

std::string StringAt(const std::string& bytes, const Elf64_Shdr& strtab, uint64_t offset) {
    if (offset >= strtab.sh_size || strtab.sh_offset > bytes.size() || offset >= bytes.size() - strtab.sh_offset)
        return "";
    const char* s = bytes.data() + strtab.sh_offset + offset;
    const size_t limit = std::min<uint64_t>(strtab.sh_size - offset, bytes.size() - strtab.sh_offset - offset);
    return std::string(s, strnlen(s, limit));
}

// Reads the file, checks it is a 64-bit little-endian ELF and returns its section headers.
bool LoadElf(const std::string& path, std::string* bytes, Elf64_Ehdr* eh, std::vector<Elf64_Shdr>* sections,
             std::string* error) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return *error = "no such file", false;
    std::ifstream f(path, std::ios::binary);
    bytes->assign((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    if (!ReadAt(*bytes, 0, eh) || std::memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0) return *error = "not an ELF file", false;
    if (eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_ident[EI_DATA] != ELFDATA2LSB)
        return *error = "not a 64-bit little-endian ELF file", false;
    if (eh->e_shentsize != sizeof(Elf64_Shdr)) return *error = "unexpected section header size", false;
    sections->resize(eh->e_shnum);
    for (size_t i = 0; i < sections->size(); ++i)
        if (!ReadAt(*bytes, eh->e_shoff + i * sizeof(Elf64_Shdr), &(*sections)[i]))
            return *error = "truncated section headers", false;
    return true;
}

// The objects of the full symbol table (.symtab, else .dynsym) in writable or thread-local memory.
bool WritableObjectsOf(const std::string& bytes, const Elf64_Ehdr& eh, const std::vector<Elf64_Shdr>& sections,
                       std::vector<ElfObject>* out, std::string* error) {
    if (eh.e_shstrndx >= sections.size()) return *error = "bad section name table index", false;
    const Elf64_Shdr* table = nullptr;
    for (const Elf64_Shdr& s : sections)
        if (s.sh_type == SHT_SYMTAB || (s.sh_type == SHT_DYNSYM && !table)) table = &s;
    if (!table) return *error = "no symbol table", false;
    if (table->sh_link >= sections.size()) return *error = "bad symbol string table link", false;
    const Elf64_Shdr& strtab = sections[table->sh_link];
    const uint64_t count = table->sh_size / sizeof(Elf64_Sym);
    for (uint64_t i = 1; i < count; ++i) {
        Elf64_Sym sym;
        if (!ReadAt(bytes, table->sh_offset + i * sizeof(Elf64_Sym), &sym)) return *error = "truncated symbol table", false;
        const unsigned type = ELF64_ST_TYPE(sym.st_info);
        if ((type != STT_OBJECT && type != STT_TLS) || sym.st_shndx == SHN_UNDEF || sym.st_shndx >= sections.size())
            continue;
        const Elf64_Shdr& in = sections[sym.st_shndx];
        if (!(in.sh_flags & SHF_ALLOC) || !(in.sh_flags & (SHF_WRITE | SHF_TLS))) continue;
        // .data.rel.ro holds constants that need relocating: read-only once loaded (RELRO).
        std::string section = StringAt(bytes, sections[eh.e_shstrndx], in.sh_name);
        if (section.rfind(".data.rel.ro", 0) == 0) continue;
        if (std::string name = StringAt(bytes, strtab, sym.st_name); !name.empty())
            out->push_back({std::move(name), std::move(section)});
    }
    return true;
}

}  // namespace

bool ReadSections(const std::string& path, std::vector<ElfSection>* out, bool* fixedAddresses, std::string* error) {
    std::string bytes;
    Elf64_Ehdr eh;
    std::vector<Elf64_Shdr> sections;
    if (!LoadElf(path, &bytes, &eh, &sections, error)) return false;
    *fixedAddresses = eh.e_type == ET_EXEC;
    if (eh.e_shstrndx >= sections.size()) return *error = "bad section name table index", false;
    for (const Elf64_Shdr& s : sections)
        out->push_back({StringAt(bytes, sections[eh.e_shstrndx], s.sh_name), s.sh_addr, s.sh_size,
                        (s.sh_flags & SHF_ALLOC) != 0});
    return true;
}

bool ReadDynamicSymbols(const std::string& path, std::vector<DynamicSymbol>* out, std::string* error,
                        std::vector<ElfObject>* writableObjects) {
    std::string bytes;
    Elf64_Ehdr eh;
    std::vector<Elf64_Shdr> sections;
    if (!LoadElf(path, &bytes, &eh, &sections, error)) return false;
    if (writableObjects && !WritableObjectsOf(bytes, eh, sections, writableObjects, error)) return false;
    const Elf64_Shdr *dynsym = nullptr, *versym = nullptr, *verneed = nullptr;
    for (const Elf64_Shdr& s : sections) {
        if (s.sh_type == SHT_DYNSYM) dynsym = &s;
        if (s.sh_type == SHT_GNU_versym) versym = &s;
        if (s.sh_type == SHT_GNU_verneed) verneed = &s;
    }
    if (!dynsym) return *error = "no dynamic symbol table", false;
    if (dynsym->sh_link >= sections.size()) return *error = "bad dynamic string table link", false;
    const Elf64_Shdr& dynstr = sections[dynsym->sh_link];

    // Version index -> the library that must provide it.
    std::map<uint16_t, std::string> libraryOfVersion;
    if (verneed && verneed->sh_link < sections.size()) {
        const Elf64_Shdr& vstr = sections[verneed->sh_link];
        uint64_t at = verneed->sh_offset;
        for (uint32_t k = 0; k < verneed->sh_info; ++k) {
            Elf64_Verneed vn;
            if (!ReadAt(bytes, at, &vn)) return *error = "truncated version requirements", false;
            const std::string file = StringAt(bytes, vstr, vn.vn_file);
            uint64_t auxAt = at + vn.vn_aux;
            for (uint16_t a = 0; a < vn.vn_cnt; ++a) {
                Elf64_Vernaux aux;
                if (!ReadAt(bytes, auxAt, &aux)) return *error = "truncated version requirements", false;
                libraryOfVersion[aux.vna_other] = file;
                if (aux.vna_next == 0) break;
                auxAt += aux.vna_next;
            }
            if (vn.vn_next == 0) break;
            at += vn.vn_next;
        }
    }

    const uint64_t count = dynsym->sh_size / sizeof(Elf64_Sym);
    for (uint64_t i = 1; i < count; ++i) {
        Elf64_Sym sym;
        if (!ReadAt(bytes, dynsym->sh_offset + i * sizeof(Elf64_Sym), &sym)) return *error = "truncated symbol table", false;
        DynamicSymbol d;
        d.name = StringAt(bytes, dynstr, sym.st_name);
        if (d.name.empty()) continue;
        d.defined = sym.st_shndx != SHN_UNDEF;
        Elf64_Half version = VER_NDX_GLOBAL;
        if (versym) ReadAt(bytes, versym->sh_offset + i * sizeof(Elf64_Half), &version);
        if (auto it = libraryOfVersion.find(version & 0x7fff); it != libraryOfVersion.end()) d.library = it->second;
        out->push_back(std::move(d));
    }
    return true;
}

}  // namespace akg
