#include "harness/anticheat.h"

#include <cxxabi.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <memory>
#include <set>
#include <sstream>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "akg/lang/block_local.h"
#include "common/elf.h"

namespace akg::harness {

namespace fs = std::filesystem;

namespace {

// ---------------------------------------------------------------------------------------------
// Rules: ids and what each one forbids, in the words of the messages.

struct RuleText {
    std::string_view id;
    std::string_view forbids;
};

constexpr RuleText kRules[] = {
    {"include", "code may come only from the project's own files, CANN headers and the standard headers listed "
                "in docs/anticheat.md"},
    {"inline_asm", "inline assembly is not allowed"},
    {"instrumentation", "the simulator's memory-access instrumentation may not be switched off or replaced "
                        "(no no_sanitize attributes, no __asan_ or __sanitizer_ functions)"},
    {"file_io", "file system access is not allowed"},
    {"network", "network access is not allowed"},
    {"process", "process control, dynamic loading and raw system calls are not allowed"},
    {"thread", "threads are not allowed"},
    {"clock", "clocks and entropy sources are not allowed: results must not depend on time or chance"},
    {"environment", "the process environment (environment variables, /proc, /sys) is off limits"},
    // Device-code rules: not cheating, but code CANN's device compiler does not build for the AI
    // core (class compile.device_code, see CheatClassOf).
    {"device_heap", "the AI core has no heap: device code cannot allocate or free memory (no malloc, new, "
                    "delete or allocating std:: container)"},
    {"device_libc", "the AI core has no C library: device code cannot use stdio/iostream I/O or end the "
                    "process (print with AscendC::printf)"},
    {"device_global", "device code cannot keep mutable global or static variables: on the AI core they live in "
                      "GM as `__gm__` variables, one copy every core shares, which the simulator does not model; "
                      "pass state through a GM workspace, with SyncAll between the cores' phases"},
};

// The C library's allocator: device_heap calls in kernel sources and imports of kernel libraries.
constexpr std::string_view kHeapFunctions[] = {"malloc",  "calloc", "realloc", "free",   "aligned_alloc", "posix_memalign",
                                               "memalign", "valloc", "pvalloc", "strdup", "strndup"};

// The failure class a finding of `rule` gives its candidate.
std::string ClassOfRule(std::string_view rule) {
    const bool deviceCode = rule == "device_heap" || rule == "device_libc" || rule == "device_global";
    return deviceCode ? "compile.device_code" : "anticheat." + std::string(rule);
}

std::string_view ForbidsOf(std::string_view rule) {
    for (const RuleText& r : kRules)
        if (r.id == rule) return r.forbids;
    return {};
}

// "<file>:<line>: <what> in kernel code: <what the rule forbids>[; <detail>] (<class>)"
CheatFinding SourceFinding(std::string_view rule, const std::string& file, int line, const std::string& what,
                           const std::string& detail, SourceSide side) {
    std::string where = line > 0 ? file + ":" + std::to_string(line) : file;
    return {std::string(rule), file, line,
            where + ": " + what + " in " + SourceSideName(side) + " code: " + std::string(ForbidsOf(rule)) +
                (detail.empty() ? "" : "; " + detail) + " (" + ClassOfRule(rule) + ")"};
}

// "<so>: the kernel library <what>: <why> (<class>)"
CheatFinding SymbolFinding(const std::string& soPath, const std::string& what, std::string_view why,
                           SourceSide side, std::string_view rule = "symbol") {
    return {std::string(rule), soPath, 0,
            soPath + ": the " + SourceSideName(side) + " library " + what + ": " + std::string(why) +
                " (" + ClassOfRule(rule) + ")"};
}

bool IsIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool IsIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)); }

// ---------------------------------------------------------------------------------------------
// Line splicing, comment and literal stripping.

// Translation phase 2: a backslash at the end of a line joins it with the next, so it can split an
// identifier or continue a // comment; GCC also accepts blanks after the backslash. The removed
// newlines are re-emitted at the end of the logical line, so every later line keeps its number.
std::string SpliceLines(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    int pending = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\') {
            size_t j = i + 1;
            while (j < text.size() && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r')) ++j;
            if (j < text.size() && text[j] == '\n') {
                ++pending;
                i = j;
                continue;
            }
        }
        out += text[i];
        if (text[i] == '\n') {
            out.append(pending, '\n');
            pending = 0;
        }
    }
    out.append(pending, '\n');
    return out;
}

struct Literal {
    int line = 0;
    std::string text;
};

// Both views have exactly the characters and newlines of the spliced text, so offsets and line
// numbers carry over.
struct StrippedSource {
    std::string withLiterals;  // comments blanked; string literals intact (for #include "...")
    std::string code;          // comments and the contents of string/character literals blanked
    std::vector<Literal> literals;
};

StrippedSource Strip(const std::string& text) {
    StrippedSource out;
    out.withLiterals.reserve(text.size());
    out.code.reserve(text.size());
    const size_t n = text.size();
    size_t i = 0;
    int line = 1;
    auto blank = [](char c) { return c == '\n' ? '\n' : ' '; };
    auto copy = [&](char c) {
        out.withLiterals += c;
        out.code += c;
    };
    auto dropBoth = [&](char c) {
        out.withLiterals += blank(c);
        out.code += blank(c);
    };
    auto literalChar = [&](char c) {
        out.withLiterals += c;
        out.code += blank(c);
        if (c == '\n') ++line;
    };
    // A quoted literal (string or character) up to `quote`, honouring escapes; an unterminated
    // one ends at the end of its line, as the compiler would reject it anyway.
    auto quoted = [&](char quote, Literal* lit) {
        copy(quote);
        ++i;
        while (i < n && text[i] != quote && text[i] != '\n') {
            if (text[i] == '\\' && i + 1 < n) {
                if (lit) lit->text += text[i];
                literalChar(text[i++]);
            }
            if (lit) lit->text += text[i];
            literalChar(text[i++]);
        }
        if (i < n && text[i] == quote) copy(text[i++]);
    };

    while (i < n) {
        const char c = text[i];
        const char next = i + 1 < n ? text[i + 1] : '\0';
        if (c == '\n') {
            copy(c);
            ++line;
            ++i;
        } else if (c == '/' && next == '/') {
            while (i < n && text[i] != '\n') dropBoth(text[i++]);
        } else if (c == '/' && next == '*') {
            dropBoth(text[i++]);
            dropBoth(text[i++]);
            while (i < n && !(text[i] == '*' && i + 1 < n && text[i + 1] == '/')) {
                if (text[i] == '\n') ++line;
                dropBoth(text[i++]);
            }
            for (int k = 0; k < 2 && i < n; ++k) dropBoth(text[i++]);
        } else if (c == '"') {
            size_t p = i;
            while (p > 0 && IsIdentChar(text[p - 1])) --p;
            const std::string_view prefix(text.data() + p, i - p);
            const bool raw = prefix == "R" || prefix == "u8R" || prefix == "uR" || prefix == "UR" || prefix == "LR";
            const size_t open = raw ? text.find('(', i + 1) : std::string::npos;
            Literal lit{line, ""};
            if (open != std::string::npos && open - i - 1 <= 16) {
                // R"delim( ... )delim"
                const std::string close = ")" + text.substr(i + 1, open - i - 1) + "\"";
                size_t end = text.find(close, open + 1);
                if (end == std::string::npos) end = n;
                copy(text[i++]);
                while (i <= open) literalChar(text[i++]);
                lit.text = text.substr(open + 1, end - open - 1);
                while (i < end) literalChar(text[i++]);
                for (size_t k = 0; k + 1 < close.size() && i < n; ++k) literalChar(text[i++]);
                if (i < n) copy(text[i++]);
            } else {
                quoted('"', &lit);
            }
            out.literals.push_back(std::move(lit));
        } else if (c == '\'') {
            // A digit separator (1'000'000) is not a character literal.
            size_t p = i;
            while (p > 0 && (IsIdentChar(text[p - 1]) || text[p - 1] == '.' || text[p - 1] == '\'')) --p;
            if (p < i && IsDigit(text[p])) {
                copy(text[i++]);
            } else {
                quoted('\'', nullptr);
            }
        } else {
            copy(text[i++]);
        }
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// Tokens of the stripped code.

struct Token {
    std::string_view text;
    int line = 0;
    bool directive = false;  // on a preprocessor directive line (a #define body included)
    bool identifier = false;
};

std::vector<Token> Tokenize(const std::string& code) {
    std::vector<Token> tokens;
    const size_t n = code.size();
    int line = 1;
    bool directive = false, lineStart = true;
    for (size_t i = 0; i < n;) {
        const char c = code[i];
        if (c == '\n') {
            directive = false;
            lineStart = true;
            ++line;
            ++i;
            continue;
        }
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
            continue;
        }
        if (lineStart) directive = c == '#' || (c == '%' && i + 1 < n && code[i + 1] == ':');  // %: is a digraph of #
        lineStart = false;
        size_t len = 1;
        if (IsIdentStart(c)) {
            while (i + len < n && IsIdentChar(code[i + len])) ++len;
        } else if (IsDigit(c) || (c == '.' && i + 1 < n && IsDigit(code[i + 1]))) {
            // A pp-number, exponent signs and digit separators included.
            while (i + len < n) {
                const char d = code[i + len];
                const char prev = code[i + len - 1];
                if (IsIdentChar(d) || d == '.' || d == '\'' ||
                    ((d == '+' || d == '-') && (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P')))
                    ++len;
                else
                    break;
            }
        } else if ((c == ':' && i + 1 < n && code[i + 1] == ':') || (c == '-' && i + 1 < n && code[i + 1] == '>')) {
            len = 2;
        }
        tokens.push_back({std::string_view(code.data() + i, len), line, directive, IsIdentStart(c)});
        i += len;
    }
    return tokens;
}

// ---------------------------------------------------------------------------------------------
// Banned identifiers.

enum class Form {
    Name,       // the identifier anywhere, unless it is a member (x.name, p->name) or qualified by a
                // class or namespace of the project's (Foo::name)
    StdName,    // only as std::name
    Call,       // an unqualified or ::-qualified call name(...), unless the project declares `name`
    CallOrStd,  // as Call, or a call std::name(...)
};

struct BannedIdentifier {
    std::string_view rule;
    Form form;
    bool kernelOnly = false;  // a device-code rule: host code keeps what CANN's host build allows
};

// Kernel code reaches the simulator through the access instrumentation's callbacks
// (src/sim/kernel_access.cpp): a function exempted from it, or a callback of the candidate's own,
// would make raw-pointer loads and stores unchecked and free. Any use but a member's, qualified or
// not: `[[gnu::no_sanitize_address]]` is the attribute itself.
bool NamesTheInstrumentation(std::string_view name) {
    static const std::unordered_set<std::string_view> attributes = {
        "no_sanitize", "no_sanitize_address", "__no_sanitize_address__", "no_address_safety_analysis",
        "__no_address_safety_analysis__", "disable_sanitizer_instrumentation", "__disable_sanitizer_instrumentation__"};
    return attributes.count(name) || name.substr(0, 7) == "__asan_" || name.substr(0, 12) == "__sanitizer_";
}

// Distinctive names are banned in any use (taking their address evades a call-only check);
// common words (open, read, time, ...) only as calls of the C library function.
const std::unordered_map<std::string_view, BannedIdentifier>& BannedIdentifiers() {
    static const std::unordered_map<std::string_view, BannedIdentifier> banned = [] {
        std::unordered_map<std::string_view, BannedIdentifier> m;
        auto add = [&](std::string_view rule, Form form, std::initializer_list<std::string_view> names) {
            for (std::string_view name : names) m.emplace(name, BannedIdentifier{rule, form});
        };
        add("inline_asm", Form::Name, {"asm", "__asm", "__asm__"});
        add("file_io", Form::Name,
            {"fopen", "fopen64", "freopen", "fdopen", "tmpfile", "opendir", "fdopendir", "scandir", "openat",
             "open64", "mmap", "mmap64", "sendfile", "memfd_create", "ifstream", "ofstream", "fstream",
             "basic_ifstream", "basic_ofstream", "basic_fstream", "filebuf", "basic_filebuf", "stdio_filebuf",
             "filesystem"});
        add("file_io", Form::Call, {"open", "creat", "read", "write", "pread", "pwrite", "unlink", "mkdir", "rmdir"});
        add("network", Form::Name,
            {"socket", "socketpair", "getaddrinfo", "gethostbyname", "inet_pton", "inet_addr", "sendto", "recvfrom",
             "sendmsg", "recvmsg"});
        add("network", Form::Call, {"connect", "bind", "listen", "accept", "send", "recv"});
        add("process", Form::Name,
            {"fork", "vfork", "execve", "execv", "execvp", "execvpe", "execl", "execlp", "execle", "fexecve",
             "popen", "posix_spawn", "posix_spawnp", "ptrace", "prctl", "dlopen", "dlmopen", "dlsym", "dlvsym",
             "syscall"});
        add("process", Form::CallOrStd, {"system"});
        add("process", Form::Call, {"kill", "clone"});
        add("thread", Form::Name, {"pthread_create", "thrd_create", "this_thread"});
        add("thread", Form::StdName, {"thread", "jthread", "async"});
        add("clock", Form::Name,
            {"clock_gettime", "gettimeofday", "timespec_get", "chrono", "steady_clock", "system_clock",
             "high_resolution_clock", "rdtsc", "__rdtsc", "__rdtscp", "__builtin_ia32_rdtsc",
             "__builtin_ia32_rdtscp", "__builtin_readcyclecounter", "__builtin_ia32_rdrand16_step",
             "__builtin_ia32_rdrand32_step", "__builtin_ia32_rdrand64_step", "__builtin_ia32_rdseed_hi_step",
             "__builtin_ia32_rdseed_si_step", "__builtin_ia32_rdseed_di_step", "random_device", "getrandom"});
        add("clock", Form::CallOrStd, {"time", "clock"});
        add("environment", Form::Name,
            {"getenv", "secure_getenv", "setenv", "unsetenv", "putenv", "clearenv", "environ", "__environ"});
        auto addDevice = [&](std::string_view rule, Form form, std::initializer_list<std::string_view> names) {
            for (std::string_view name : names) m.emplace(name, BannedIdentifier{rule, form, true});
        };
        for (std::string_view name : kHeapFunctions)
            m.emplace(name, BannedIdentifier{"device_heap", Form::CallOrStd, true});
        // The standard library's types and helpers that take memory from the heap.
        addDevice("device_heap", Form::StdName,
                  {"vector", "basic_string", "string", "wstring", "u16string", "u32string", "map", "multimap",
                   "set", "multiset", "unordered_map", "unordered_multimap", "unordered_set", "unordered_multiset",
                   "list", "forward_list", "deque", "queue", "priority_queue", "stack", "function", "any",
                   "valarray", "shared_ptr", "make_shared", "allocate_shared", "make_unique", "to_string",
                   "stringstream", "istringstream", "ostringstream", "basic_stringstream", "allocator"});
        addDevice("device_libc", Form::StdName, {"cout", "cerr", "clog", "cin", "wcout", "wcerr", "getline"});
        addDevice("device_libc", Form::CallOrStd,
                  {"puts", "fputs", "fputc", "putc", "putchar", "fprintf", "vfprintf", "fwrite", "fflush", "perror",
                   "scanf", "fscanf", "getchar", "fgets", "exit", "_exit", "_Exit", "quick_exit", "abort", "atexit",
                   "at_quick_exit"});
        return m;
    }();
    return banned;
}

// Tokens that, before `name(`, make it a call or an expression rather than a declaration.
bool IsExpressionKeyword(std::string_view t) {
    static const std::unordered_set<std::string_view> keywords = {
        "return", "else",    "case",  "throw",    "co_return", "co_yield", "co_await", "new",
        "delete", "sizeof",  "alignof", "typeid", "decltype",  "noexcept", "and",      "or",
        "not",    "xor",     "bitand", "bitor",   "compl",     "not_eq",   "and_eq",   "or_eq",
        "xor_eq", "if",      "while", "for",      "switch",    "do",       "goto",     "static_assert",
        "requires"};
    return keywords.count(t) > 0;
}

// Names the project declares as functions (or function-like macros): a call of its own `write`
// is not the C library's.
void CollectDeclaredFunctions(const std::vector<Token>& tokens, std::set<std::string, std::less<>>& declared) {
    for (size_t i = 1; i + 1 < tokens.size(); ++i) {
        const Token& t = tokens[i];
        if (!t.identifier || tokens[i + 1].text != "(") continue;
        const Token& prev = tokens[i - 1];
        bool declaration;
        if (t.directive)
            declaration = prev.text == "define";
        else
            declaration = (prev.identifier && !IsExpressionKeyword(prev.text)) || prev.text == "*" ||
                          prev.text == "&" || prev.text == ">";
        if (declaration) declared.emplace(t.text);
    }
}

enum class Qualifier { None, Global, Std, Other, Member };

Qualifier QualifierOf(const std::vector<Token>& tokens, size_t i) {
    if (i == 0) return Qualifier::None;
    const std::string_view prev = tokens[i - 1].text;
    if (prev == "." || prev == "->") return Qualifier::Member;
    if (prev != "::") return Qualifier::None;
    if (i < 2) return Qualifier::Global;
    const Token& scope = tokens[i - 2];
    if (scope.text == "std") return Qualifier::Std;
    if (scope.identifier || scope.text == ">") return Qualifier::Other;
    return Qualifier::Global;
}

bool IsBannedUse(std::string_view name, const BannedIdentifier& b, const std::vector<Token>& tokens, size_t i,
                 const std::set<std::string, std::less<>>& declared) {
    const Qualifier q = QualifierOf(tokens, i);
    const bool call = i + 1 < tokens.size() && tokens[i + 1].text == "(";
    switch (b.form) {
        case Form::Name: return q == Qualifier::None || q == Qualifier::Global || q == Qualifier::Std;
        case Form::StdName: return q == Qualifier::Std;
        case Form::CallOrStd:
            if (call && q == Qualifier::Std) return true;
            [[fallthrough]];
        case Form::Call:
            return call && (q == Qualifier::None || q == Qualifier::Global) && !declared.count(name);
    }
    return false;
}

// Which tokens lie in device code: the bodies of functions declared `__aicore__`, `__global__` or
// as SIMT functions (or through a macro whose definition names one), and everything nested in
// them. As with CUDA's __host__/__device__, CANN's device compiler generates only those; a
// kernel-side header's unqualified helper (a tiling struct's `std::string toString()`) is host
// code it never emits, so the device rules judge only device bodies here. Whatever a device body
// reaches through an unqualified helper still shows in the kernel library's imports.
std::vector<bool> DeviceBodies(const std::vector<Token>& tokens) {
    std::set<std::string_view> qualifiers = {"__aicore__", "__global__", "__simt_vf__", "__simt_callee__", "__simd_vf__", "__simd_callee__", "aicore"};
    for (size_t i = 0; i + 1 < tokens.size(); ++i) {
        if (!tokens[i].directive || tokens[i].text != "define") continue;
        for (size_t j = i + 2; j < tokens.size() && tokens[j].directive && tokens[j].line == tokens[i].line; ++j)
            if (qualifiers.count(tokens[j].text)) qualifiers.insert(tokens[i + 1].text);
    }
    struct Level {
        bool device;   // this brace opens (or sits in) a device body
        bool pending;  // a device qualifier was seen since this level's last declaration ended
    };
    std::vector<Level> levels = {{false, false}};
    std::vector<bool> inDevice(tokens.size(), false);
    for (size_t i = 0; i < tokens.size(); ++i) {
        Level& here = levels.back();
        inDevice[i] = here.device;
        if (tokens[i].directive) continue;
        const std::string_view t = tokens[i].text;
        if (qualifiers.count(t)) {
            here.pending = true;
        } else if (t == ";") {
            here.pending = false;
        } else if (t == "{") {
            levels.push_back({here.device || here.pending, false});
        } else if (t == "}" && levels.size() > 1) {
            const bool closedDevice = levels.back().device;
            levels.pop_back();
            // A brace initialiser in a constructor's member list (`b_{y} {`, `b_{y}, c_{z} {`) is
            // followed by more of the same declaration; a function body's end is not.
            const std::string_view next = i + 1 < tokens.size() ? tokens[i + 1].text : "";
            if (closedDevice && next != "{" && next != ",") levels.back().pending = false;
        }
    }
    return inDevice;
}

// A `new` or `delete` that takes memory from or returns it to the heap. Placement new
// (`new (buffer) T`) only constructs in memory the kernel already has, and `= delete` removes a
// function; `new (std::nothrow) T` and `operator new`/`operator delete` are the heap's.
bool IsHeapNewOrDelete(const std::vector<Token>& tokens, size_t i) {
    const std::string_view t = tokens[i].text;
    if (t != "new" && t != "delete") return false;
    if (tokens[i].directive) return false;
    const std::string_view prev = i > 0 ? tokens[i - 1].text : std::string_view();
    if (prev == "operator") return true;
    if (t == "delete") return prev != "=";
    const bool placement = i + 1 < tokens.size() && tokens[i + 1].text == "(";
    if (!placement) return true;
    const bool nothrow = i + 4 < tokens.size() && tokens[i + 2].text == "std" && tokens[i + 3].text == "::" &&
                         tokens[i + 4].text == "nothrow";
    return nothrow;
}

// Path prefixes inside string literals that reach the process environment.
bool NamesProcOrSys(const std::string& literal) {
    for (std::string_view dir : {"/proc", "/sys"}) {
        for (size_t at = literal.find(dir); at != std::string::npos; at = literal.find(dir, at + 1)) {
            const size_t end = at + dir.size();
            const bool startsPath = at == 0 || !IsIdentChar(literal[at - 1]);
            const bool endsDir = end == literal.size() || literal[end] == '/';
            if (startsPath && endsDir) return true;
        }
    }
    return false;
}

// ---------------------------------------------------------------------------------------------
// Include allowlist.

// Standard headers with no access to files, clocks, threads or the OS.
const std::unordered_set<std::string_view>& ComputationalStdHeaders() {
    static const std::unordered_set<std::string_view> headers = {
        "algorithm", "any", "array", "bit", "bitset", "cassert", "cctype", "cerrno", "cfenv", "cfloat",
        "charconv", "cinttypes", "climits", "cmath", "compare", "complex", "concepts", "cstdarg", "cstdbool",
        "cstddef", "cstdint", "cstdlib", "cstring", "deque", "exception", "forward_list", "functional",
        "initializer_list", "iomanip", "ios", "iosfwd", "iostream", "istream", "iterator", "limits", "list",
        "map", "memory", "new", "numbers", "numeric", "optional", "ostream", "queue", "ratio", "set",
        "source_location", "span", "sstream", "stack", "stdexcept", "streambuf", "string", "string_view",
        "tuple", "type_traits", "typeindex", "typeinfo", "unordered_map", "unordered_set", "utility",
        "valarray", "variant", "vector", "version",
        "assert.h", "ctype.h", "errno.h", "fenv.h", "float.h", "inttypes.h", "limits.h", "math.h", "stdarg.h",
        "stdbool.h", "stddef.h", "stdint.h", "stdlib.h", "string.h"};
    return headers;
}

// Host code may also include these: tiling code prints with printf and seeds generators, and
// CANN host sources include <chrono>. Using a clock or std::random_device is still a clock
// finding; on the device neither a clock nor stdio exists.
const std::unordered_set<std::string_view>& HostOnlyStdHeaders() {
    static const std::unordered_set<std::string_view> headers = {"chrono", "cstdio", "stdio.h", "random"};
    return headers;
}

// CANN toolkit header namespaces (none of them exists in a system include directory), with
// those of the CANN 8.x operator repositories: `ascendc/` (template_argument.h), opbase's
// `op_common/` reached also as `op_kernel/`, `log/`, `util/`, and the repositories' common
// `op_host/` (include/op_common, include/ops_cv).
// CANN's device compile also puts asc-devkit's include/adv_api on the include path, so kernels
// reach its subdirectories directly (`math/floor.h`, `pad/broadcast.h`; -I include/adv_api here).
constexpr std::string_view kKernelCannPrefixes[] = {
    "lib/",    "adv_api/", "basic_api/", "kernel_tiling/", "impl/",  "acl/",    "ascendc/", "op_common/",
    "op_kernel/", "activation/", "index/", "math/",      "pad/",     "reduce/", "select/"};
// Single CANN host headers that kernels of the operator repositories include (for declarations
// only): ops-transformer's interleave_rope kernels include platform/platform_infos_def.h.
constexpr std::string_view kKernelCannHeaders[] = {"platform/platform_infos_def.h"};
constexpr std::string_view kHostCannPrefixes[] = {"register/", "tiling/",     "platform/", "graph/",
                                                  "exe_graph/", "error/",     "aclnn/",    "aclnnop/",
                                                  "aclnn_kernels/", "opdev/", "level0/",   "level2/",
                                                  "common/",   "experiment/", "log/",      "util/",
                                                  "op_host/"};

bool StartsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }
bool EndsWith(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// The SIMT API of Ascend 950 (simt_api/asc_simt.h, ...): kernel code may include it on a
// platform with SIMT only.
constexpr std::string_view kSimtPrefix = "simt_api/";

bool IsAllowedHeader(std::string_view name, SourceSide side, bool simtPlatform) {
    if (fs::path(name).is_absolute()) return false;
    for (const auto& part : fs::path(name))
        if (part == "..") return false;
    if (ComputationalStdHeaders().count(name)) return true;
    if (side == SourceSide::Host && HostOnlyStdHeaders().count(name)) return true;
    const bool topLevel = name.find('/') == std::string_view::npos;
    // kernel_operator.h and the other top-level headers of CANN's Ascend C API; tikicpulib.h is
    // CANN's CPU-debug header, included by kernels under ASCENDC_CPU_DEBUG.
    if (topLevel && ((StartsWith(name, "kernel_") && EndsWith(name, ".h")) || name == "tikicpulib.h")) return true;
    for (std::string_view prefix : kKernelCannPrefixes)
        if (StartsWith(name, prefix)) return true;
    for (std::string_view header : kKernelCannHeaders)
        if (name == header) return true;
    if (simtPlatform && side == SourceSide::Kernel && StartsWith(name, kSimtPrefix)) return true;
    if (side == SourceSide::Kernel) return false;
    if (topLevel && StartsWith(name, "aclnn_") && EndsWith(name, ".h")) return true;
    for (std::string_view prefix : kHostCannPrefixes)
        if (StartsWith(name, prefix)) return true;
    return false;
}

// ---------------------------------------------------------------------------------------------
// Source scanning.

bool IsInside(const fs::path& path, const fs::path& dir) {
    return std::mismatch(dir.begin(), dir.end(), path.begin(), path.end()).first == dir.end();
}

std::string ReadText(const fs::path& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

struct IncludeDirective {
    int line = 0;
    std::string directive;  // include, include_next, import, embed
    std::string header;     // empty: not a literal header name
    std::string spelled;    // as written, for messages
};

// Finds #include-like directives and blanks their lines in `code`, so header names are not
// scanned as identifiers (<thread> is an include finding, not a thread one).
std::vector<IncludeDirective> ExtractIncludes(StrippedSource& src) {
    std::vector<IncludeDirective> out;
    size_t start = 0;
    int line = 1;
    const std::string& text = src.withLiterals;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string_view l(text.data() + start, end - start);
        size_t p = l.find_first_not_of(" \t\r\f\v");
        const size_t hashLength = p == std::string_view::npos ? 0 : l[p] == '#' ? 1 : l.substr(p, 2) == "%:" ? 2 : 0;
        if (hashLength > 0) {
            p = l.find_first_not_of(" \t", p + hashLength);
            size_t w = p;
            while (w < l.size() && IsIdentChar(l[w])) ++w;
            const std::string_view word = p == std::string_view::npos ? std::string_view() : l.substr(p, w - p);
            if (word == "include" || word == "include_next" || word == "import" || word == "embed") {
                IncludeDirective inc{line, std::string(word), "", ""};
                std::string_view rest = l.substr(w);
                const size_t b = rest.find_first_not_of(" \t");
                rest = b == std::string_view::npos ? std::string_view() : rest.substr(b);
                const char close = rest.empty() ? '\0' : rest[0] == '<' ? '>' : rest[0] == '"' ? '"' : '\0';
                const size_t e = close ? rest.find(close, 1) : std::string_view::npos;
                if (e != std::string_view::npos) {
                    inc.header = std::string(rest.substr(1, e - 1));
                    inc.spelled = std::string(rest.substr(0, e + 1));
                } else {
                    const size_t trim = rest.find_last_not_of(" \t\r");
                    inc.spelled = std::string(rest.substr(0, trim == std::string_view::npos ? 0 : trim + 1));
                }
                out.push_back(std::move(inc));
                std::fill(src.code.begin() + start, src.code.begin() + end, ' ');
            }
        }
        start = end + 1;
        ++line;
    }
    return out;
}

struct ParsedFile {
    std::string display;  // path relative to the project
    std::vector<Token> tokens;
    std::vector<Literal> literals;
    std::string code;  // owns the text the tokens view
};

class SourceScanner {
public:
    SourceScanner(const std::string& projectDir, SourceSide side, const ScanScope& scope)
        : side_(side), simtPlatform_(scope.simtPlatform) {
        std::error_code ec;
        base_ = fs::weakly_canonical(fs::absolute(projectDir), ec);
        root_ = scope.projectRoot.empty() ? base_ : fs::weakly_canonical(fs::absolute(scope.projectRoot), ec);
        if (scope.preprocessed) {
            preprocessed_ = true;
            for (const std::string& f : *scope.preprocessed) {
                taken_.insert(f);  // a missing header, as spelled
                if (fs::path(f).is_absolute()) taken_.insert(fs::weakly_canonical(f, ec).string());
            }
        }
    }

    std::vector<CheatFinding> Scan(const std::vector<std::string>& files) {
        std::deque<fs::path> queue;
        for (const std::string& f : files) {
            fs::path p = fs::path(f).is_absolute() ? fs::path(f) : base_ / f;
            searchDirs_.insert(p.parent_path().lexically_normal());
            queue.push_back(p);
        }
        while (!queue.empty()) {
            fs::path p = queue.front();
            queue.pop_front();
            Load(p, queue);
        }
        std::set<std::string, std::less<>> declared;
        for (const auto& f : parsed_) CollectDeclaredFunctions(f->tokens, declared);
        for (const auto& f : parsed_) ScanTokens(*f, declared);
        std::stable_sort(findings_.begin(), findings_.end(), [](const CheatFinding& a, const CheatFinding& b) {
            return std::tie(a.file, a.line) < std::tie(b.file, b.line);
        });
        return std::move(findings_);
    }

private:
    std::string Display(const fs::path& p) const {
        return IsInside(p, root_) ? p.lexically_relative(base_).generic_string() : p.string();
    }

    void Add(std::string_view rule, const std::string& file, int line, const std::string& what,
             const std::string& detail = "") {
        for (const CheatFinding& f : findings_)
            if (f.rule == rule && f.file == file && f.line == line) return;  // one per rule and line
        findings_.push_back(SourceFinding(rule, file, line, what, detail, side_));
    }

    void Load(const fs::path& path, std::deque<fs::path>& queue) {
        std::error_code ec;
        const fs::path real = fs::canonical(path, ec);
        if (ec || !fs::is_regular_file(real)) {
            Add("include", Display(path.lexically_normal()), 0, "`" + path.string() + "`", "it is not a readable file");
            return;
        }
        if (!visited_.insert(real).second) return;
        if (!IsInside(real, root_)) {
            Add("include", Display(path.lexically_normal()), 0, "`" + path.string() + "`", "it lies outside the project");
            return;
        }
        auto file = std::make_unique<ParsedFile>();
        file->display = Display(real);
        StrippedSource src = Strip(SpliceLines(ReadText(real)));
        for (const IncludeDirective& inc : ExtractIncludes(src)) CheckInclude(inc, real, file->display, queue);
        file->code = std::move(src.code);
        file->literals = std::move(src.literals);
        file->tokens = Tokenize(file->code);
        parsed_.push_back(std::move(file));
    }

    void CheckInclude(const IncludeDirective& inc, const fs::path& from, const std::string& display,
                      std::deque<fs::path>& queue) {
        const std::string what = "`#" + inc.directive + " " + inc.spelled + "`";
        if (inc.header.empty()) {
            Add("include", display, inc.line, what, "the header must be named literally");
            return;
        }
        // The compiler looks next to the including file, then in the project's -I directories.
        std::vector<fs::path> dirs = {from.parent_path()};
        dirs.insert(dirs.end(), searchDirs_.begin(), searchDirs_.end());
        for (const fs::path& dir : dirs) {
            const fs::path candidate = dir / inc.header;
            std::error_code ec;
            if (!fs::is_regular_file(candidate, ec)) continue;
            if (preprocessed_ && !taken_.count(fs::canonical(candidate, ec).string())) return;  // inactive branch
            if (IsInside(fs::canonical(candidate, ec), root_)) {
                if (inc.directive != "embed") queue.push_back(candidate);  // embedded data is not code
            } else {
                Add("include", display, inc.line, what, "it resolves outside the project");
            }
            return;
        }
        if (preprocessed_ && !Taken(inc.header)) return;  // inactive branch
        if (inc.directive != "embed" && IsAllowedHeader(inc.header, side_, simtPlatform_)) return;
        if (side_ == SourceSide::Kernel && StartsWith(inc.header, kSimtPrefix))
            Add("include", display, inc.line, what,
                "the SIMT API exists only on Ascend 950; run the kernel there (--soc Ascend950PR)");
        else
            Add("include", display, inc.line, what);
    }

    // Whether the preprocessor opened a header named `header` (found on its search path) or
    // reported it missing.
    bool Taken(const std::string& header) const {
        if (taken_.count(header)) return true;
        const std::string tail = "/" + fs::path(header).lexically_normal().string();
        for (const std::string& f : taken_)
            if (f.size() >= tail.size() && f.compare(f.size() - tail.size(), tail.size(), tail) == 0) return true;
        return false;
    }

    void ScanTokens(const ParsedFile& f, const std::set<std::string, std::less<>>& declared) {
        const std::vector<bool> device = side_ == SourceSide::Kernel ? DeviceBodies(f.tokens) : std::vector<bool>();
        for (size_t i = 0; i < f.tokens.size(); ++i) {
            const Token& t = f.tokens[i];
            if (!t.identifier) continue;
            if (NamesTheInstrumentation(t.text) && QualifierOf(f.tokens, i) != Qualifier::Member) Add("instrumentation", f.display, t.line, "`" + std::string(t.text) + "`");
            const auto b = BannedIdentifiers().find(t.text);
            const bool ruleApplies = b != BannedIdentifiers().end() &&
                                     (b->second.kernelOnly ? side_ == SourceSide::Kernel && device[i] : true);
            if (ruleApplies && IsBannedUse(t.text, b->second, f.tokens, i, declared))
                Add(b->second.rule, f.display, t.line, "`" + std::string(t.text) + "`");
            if (side_ == SourceSide::Kernel && device[i] && IsHeapNewOrDelete(f.tokens, i))
                Add("device_heap", f.display, t.line, "`" + std::string(t.text) + "`");
        }
        for (const Literal& lit : f.literals)
            if (NamesProcOrSys(lit.text)) Add("environment", f.display, lit.line, "the path \"" + lit.text + "\"");
    }

    SourceSide side_;
    bool simtPlatform_;
    fs::path base_;  // findings name files relative to it
    fs::path root_;  // the answer project
    bool preprocessed_ = false;
    std::set<std::string> taken_;
    std::set<fs::path> searchDirs_;
    std::set<fs::path> visited_;
    std::vector<std::unique_ptr<ParsedFile>> parsed_;
    std::vector<CheatFinding> findings_;
};

// ---------------------------------------------------------------------------------------------
// Symbol policy.

// C library functions candidate code may call: memory and strings, conversions, allocation,
// character classes, printing to stdout/stderr, the mutex/once primitives libstdc++'s inline code
// uses, and the C runtime's own start-up and failure hooks. Math functions are added below.
const std::unordered_set<std::string>& AllowedCFunctions() {
    static const std::unordered_set<std::string> names = [] {
        std::unordered_set<std::string> s = {
            // memory and strings
            "memcpy", "memmove", "memset", "memcmp", "memchr", "memrchr", "strlen", "strnlen", "strcmp", "strncmp",
            "strcpy", "strncpy", "stpcpy", "strcat", "strncat", "strchr", "strrchr", "strstr", "strspn", "strcspn",
            "strpbrk", "strdup", "strndup", "strtok", "strtok_r", "strerror", "__memcpy_chk", "__memmove_chk",
            "__memset_chk", "__strcpy_chk", "__strncpy_chk", "__stpcpy_chk", "__strcat_chk", "__strncat_chk",
            // conversions
            "atoi", "atol", "atoll", "atof", "strtol", "strtoul", "strtoll", "strtoull", "strtof", "strtod",
            "strtold", "__isoc23_strtol", "__isoc23_strtoul", "__isoc23_strtoll", "__isoc23_strtoull", "sscanf",
            "__isoc99_sscanf", "__isoc23_sscanf",
            // allocation
            "malloc", "calloc", "realloc", "free", "aligned_alloc", "posix_memalign", "memalign",
            // arithmetic and algorithms
            "abs", "labs", "llabs", "div", "ldiv", "lldiv", "qsort", "bsearch", "rand", "srand", "rand_r",
            // character classes
            "tolower", "toupper", "isalpha", "isdigit", "isalnum", "isspace", "isupper", "islower", "isxdigit",
            "ispunct", "isprint", "__ctype_b_loc", "__ctype_tolower_loc", "__ctype_toupper_loc",
            // printing to stdout/stderr (a FILE* for anything else needs fopen)
            "printf", "fprintf", "sprintf", "snprintf", "vprintf", "vfprintf", "vsprintf", "vsnprintf", "puts",
            "putchar", "fputs", "fputc", "putc", "fwrite", "fflush", "perror", "stdout", "stderr",
            "__printf_chk", "__fprintf_chk", "__sprintf_chk", "__snprintf_chk", "__vprintf_chk",
            "__vfprintf_chk", "__vsprintf_chk", "__vsnprintf_chk",
            // what libstdc++'s inline code (static locals, std::mutex, shared_ptr) calls
            "pthread_mutex_lock", "pthread_mutex_unlock", "pthread_mutex_trylock", "pthread_once",
            "pthread_key_create", "__pthread_key_create", "pthread_key_delete", "pthread_getspecific",
            "pthread_setspecific", "pthread_cond_wait", "pthread_cond_signal", "pthread_cond_broadcast",
            "pthread_cond_destroy", "__libc_single_threaded", "__tls_get_addr", "__cxa_thread_atexit_impl",
            // start-up, termination and failure hooks (leaving early is the sandbox's concern)
            "__cxa_atexit", "__cxa_finalize", "atexit", "exit", "_exit", "_Exit", "abort", "__assert_fail",
            "__stack_chk_fail", "__errno_location", "__gmon_start__", "_ITM_registerTMCloneTable",
            "_ITM_deregisterTMCloneTable"};
        // libm, part of which glibc also exports from libc.so.
        const char* math[] = {
            "acos", "asin", "atan", "atan2", "cos", "sin", "tan", "acosh", "asinh", "atanh", "cosh", "sinh",
            "tanh", "exp", "exp2", "exp10", "expm1", "log", "log10", "log1p", "log2", "logb", "ilogb", "frexp",
            "ldexp", "modf", "scalbn", "scalbln", "cbrt", "fabs", "hypot", "pow", "sqrt", "erf", "erfc",
            "lgamma", "tgamma", "ceil", "floor", "trunc", "round", "lround", "llround", "nearbyint", "rint",
            "lrint", "llrint", "fmod", "remainder", "remquo", "copysign", "nan", "nextafter", "nexttoward",
            "fdim", "fmax", "fmin", "fma", "sincos", "isinf", "isnan", "finite", "__isinf", "__isnan",
            "__finite", "__fpclassify", "__signbit"};
        for (const char* m : math)
            for (const char* suffix : {"", "f", "l"}) s.insert(std::string(m) + suffix);
        return s;
    }();
    return names;
}

// Parts of libstdc++ that reach the OS (files, threads, clocks, entropy), by demangled scope.
struct DeniedCxxScope {
    std::string_view fragment;
    std::string_view rule;
};
constexpr DeniedCxxScope kDeniedCxxScopes[] = {
    {"std::basic_filebuf<", "file_io"},   {"std::basic_ifstream<", "file_io"}, {"std::basic_ofstream<", "file_io"},
    {"std::basic_fstream<", "file_io"},   {"std::__basic_file<", "file_io"},   {"__gnu_cxx::stdio_filebuf<", "file_io"},
    {"std::filesystem::", "file_io"},     {"std::experimental::filesystem::", "file_io"},
    {"std::thread::", "thread"},          {"std::jthread::", "thread"},        {"std::this_thread::", "thread"},
    {"std::__future_base::", "thread"},   {"std::chrono::", "clock"},          {"std::random_device::", "clock"},
};

std::string Demangle(const std::string& name) {
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> d(abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status), std::free);
    return status == 0 && d ? std::string(d.get()) : name;
}

bool LibraryIs(const std::string& library, std::string_view stem) { return StartsWith(library, stem); }

struct Verdict {
    bool allowed = true;
    std::string what;  // the symbol and the library expected to provide it
    std::string why;
    std::string_view rule = "symbol";
};

// The C library's allocator and its I/O, which kernel libraries may not import: the AI core has
// neither (host libraries may).
bool IsCAllocator(const std::string& name) {
    return std::find(std::begin(kHeapFunctions), std::end(kHeapFunctions), name) != std::end(kHeapFunctions);
}
bool IsCIoOrExit(const std::string& name) {
    static const std::unordered_set<std::string> names = {
        "puts", "putchar", "fputs", "fputc", "putc", "fprintf", "vfprintf", "fwrite", "fflush", "perror",
        "__fprintf_chk", "__vfprintf_chk", "stdout", "stderr", "exit", "_exit", "_Exit", "abort", "atexit"};
    return names.count(name) > 0;
}

Verdict Judge(const DynamicSymbol& s, const std::vector<const std::unordered_set<std::string>*>& runtimeDefined,
              SourceSide side) {
    for (const auto* defined : runtimeDefined)
        if (defined->count(s.name)) return {};
    const std::string& lib = s.library;
    const bool kernel = side == SourceSide::Kernel;
    // Compiler helpers (the _Float16 conversions, the unwinder) and math, scalar or vectorised.
    if (LibraryIs(lib, "libgcc_s.") || LibraryIs(lib, "libm.") || LibraryIs(lib, "libmvec.")) return {};
    const std::string from = lib.empty() ? "" : " from " + lib;
    if (LibraryIs(lib, "libstdc++.")) {
        const std::string demangled = Demangle(s.name);
        if (kernel && (StartsWith(demangled, "operator new") || StartsWith(demangled, "operator delete")))
            return {false, "`" + demangled + "`" + from, std::string(ForbidsOf("device_heap")), "device_heap"};
        for (const DeniedCxxScope& d : kDeniedCxxScopes)
            if (demangled.find(d.fragment) != std::string::npos)
                return {false, "`" + demangled + "`" + from, std::string(ForbidsOf(d.rule))};
        return {};
    }
    const bool cLibrary = lib.empty() || LibraryIs(lib, "libc.") || LibraryIs(lib, "ld-linux") ||
                          LibraryIs(lib, "libpthread.") || LibraryIs(lib, "libdl.") || LibraryIs(lib, "librt.");
    if (cLibrary && kernel && IsCAllocator(s.name))
        return {false, "`" + s.name + "`" + from, std::string(ForbidsOf("device_heap")), "device_heap"};
    if (cLibrary && kernel && IsCIoOrExit(s.name))
        return {false, "`" + s.name + "`" + from, std::string(ForbidsOf("device_libc")), "device_libc"};
    if (cLibrary && AllowedCFunctions().count(s.name)) return {};
    if (lib.empty()) return {false, "`" + Demangle(s.name) + "`", "no runtime library defines it"};
    if (cLibrary)
        return {false, "`" + s.name + "`" + from,
                "only the memory, string, math and stdout/stderr functions of the C library are allowed"};
    return {false, "`" + Demangle(s.name) + "`" + from, "only the simulator runtime and the C/C++ runtime may be linked"};
}

// Writable objects every kernel library has: the toolchain's (crtstuff, the unwinder's personality
// reference, <iostream>'s initialiser) and the launcher's table of tiling-key template instances.
bool IsRuntimeObject(const std::string& demangled) {
    static const std::unordered_set<std::string> names = {
        "completed.0", "__dso_handle", "__TMC_END__", "_GLOBAL_OFFSET_TABLE_", "_DYNAMIC",
        "__frame_dummy_init_array_entry", "__do_global_dtors_aux_fini_array_entry", "DW.ref.__gxx_personality_v0",
        "std::__ioinit", "akg_tpl_selection", "akg_tpl_declaration"};
    if (names.count(demangled)) return true;
    for (std::string_view ours : {"akg::detail::TemplateInstances<", "guard variable for akg::detail::TemplateInstances<"})
        if (StartsWith(demangled, ours)) return true;
    return EndsWith(demangled, "::akg_tpl_selection") || EndsWith(demangled, "::akg_tpl_declaration");
}

}  // namespace

const char* SourceSideName(SourceSide side) { return side == SourceSide::Kernel ? "kernel" : "host"; }

std::string CheatClassOf(const CheatFinding& finding) { return ClassOfRule(finding.rule); }

std::vector<CheatFinding> ScanSources(const std::string& projectDir, const std::vector<std::string>& files,
                                      SourceSide side, bool simtPlatform) {
    ScanScope scope;
    scope.simtPlatform = simtPlatform;
    return ScanSources(projectDir, files, side, scope);
}

std::vector<CheatFinding> ScanSources(const std::string& projectDir, const std::vector<std::string>& files,
                                      SourceSide side, const ScanScope& scope) {
    return SourceScanner(projectDir, side, scope).Scan(files);
}

namespace {

// What one of our runtime libraries defines; read once per process (a candidate with forty dtype
// variants is scanned forty times against the same library).
const std::unordered_set<std::string>* DefinedSymbolsOf(const std::string& lib, std::string* error) {
    static std::mutex mutex;
    static std::map<std::string, std::unordered_set<std::string>> cache;
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = cache.find(lib); it != cache.end()) return &it->second;
    std::vector<DynamicSymbol> symbols;
    if (!ReadDynamicSymbols(lib, &symbols, error)) return nullptr;
    std::unordered_set<std::string>& defined = cache[lib];
    for (const DynamicSymbol& s : symbols)
        if (s.defined) defined.insert(s.name);
    return &defined;
}

}  // namespace

std::set<std::string> GmVariablesOf(const std::vector<std::string>& files) {
    std::set<std::string> names;
    for (const std::string& f : files) {
        const std::string code = Strip(SpliceLines(ReadText(f))).code;
        const std::vector<Token> tokens = Tokenize(code);
        for (size_t i = 0; i < tokens.size(); ++i) {
            if (tokens[i].text != "__gm__") continue;
            // The declarator's last name before an array bound, an initialiser or the end of the
            // declaration; a cast, a parameter list or a template argument list ends the search.
            // (A `__gm__ T* p = ...` local or a parameter is found too; no global has its name.)
            std::string_view name;
            for (size_t j = i + 1; j < tokens.size(); ++j) {
                const std::string_view t = tokens[j].text;
                if (tokens[j].identifier) {
                    name = t;
                } else if (t == "[") {
                    while (j < tokens.size() && tokens[j].text != "]") ++j;
                } else if (t == "=" || t == ";" || t == ",") {
                    if (!name.empty()) names.emplace(name);
                    break;
                } else if (t == "(" || t == ")" || t == "{" || t == "}" || t == "<" || t == ">") {
                    break;
                }
            }
        }
    }
    return names;
}

std::vector<CheatFinding> ScanLibrary(const std::string& soPath, SourceSide side,
                                      const std::vector<std::string>& runtimeLibs,
                                      const std::set<std::string>& gmVariables) {
    auto fail = [&](const std::string& what) {
        return std::vector<CheatFinding>{SymbolFinding(soPath, "cannot be checked", what, side)};
    };
    std::vector<const std::unordered_set<std::string>*> runtimeDefined;
    for (const std::string& lib : runtimeLibs) {
        std::string error;
        const std::unordered_set<std::string>* defined = DefinedSymbolsOf(lib, &error);
        if (!defined) return fail("cannot read runtime library " + lib + ": " + error);
        runtimeDefined.push_back(defined);
    }
    std::vector<DynamicSymbol> symbols;
    std::string error;
    std::vector<ElfObject> objects;  // kernel libraries only
    if (!ReadDynamicSymbols(soPath, &symbols, &error, side == SourceSide::Kernel ? &objects : nullptr))
        return fail("cannot inspect the library: " + error);
    std::vector<CheatFinding> findings;
    if (side == SourceSide::Kernel) {
        // A `__gm__` variable is valid device code (the cores share it through GM); its name is
        // the demangled name's last component.
        auto declaredGm = [&](const std::string& d) {
            const size_t colon = d.rfind("::");
            return gmVariables.count(colon == std::string::npos ? d : d.substr(colon + 2)) > 0;
        };
        // A __BLOCK_LOCAL__ variable is per core on the device, and so it is here (its own section).
        const std::string blockLocal = AKG_BLOCK_LOCAL_SECTION_PREFIX;
        for (const ElfObject& o : objects)
            if (const std::string d = Demangle(o.name);
                !IsRuntimeObject(d) && !declaredGm(d) && o.section.compare(0, blockLocal.size(), blockLocal) != 0)
                findings.push_back(SymbolFinding(soPath, "defines the mutable variable `" + d + "`",
                                                 ForbidsOf("device_global"), side, "device_global"));
    }
    std::set<std::string> seen;
    for (const DynamicSymbol& s : symbols) {
        if (s.defined && NamesTheInstrumentation(s.name) && seen.insert(s.name).second)
            findings.push_back(SymbolFinding(soPath, "defines `" + s.name + "`", std::string(ForbidsOf("instrumentation")),
                                             side, "instrumentation"));
        if (s.defined || !seen.insert(s.name).second) continue;
        const Verdict v = Judge(s, runtimeDefined, side);
        if (!v.allowed) findings.push_back(SymbolFinding(soPath, "imports " + v.what, v.why, side, v.rule));
    }
    return findings;
}

}  // namespace akg::harness
