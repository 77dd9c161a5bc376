#include "harness/compile_errors.h"

#include <cctype>
#include <charconv>
#include <filesystem>
#include <optional>
#include <regex>
#include <sstream>

namespace akg::harness {

namespace fs = std::filesystem;

namespace {

constexpr const char* kApi = "compile.api_signature";
constexpr const char* kDtype = "compile.dtype_cast";
constexpr const char* kScope = "compile.scope_lifetime";
constexpr const char* kMemory = "compile.memory_object";
constexpr const char* kSyntax = "compile.syntax";

constexpr size_t kMaxLineChars = 4096;

// First match wins, so a specific row precedes the general row it would otherwise fall under:
// the note-refined "no matching function" rows precede the plain one, the namespace-qualified
// "does not name a type" precedes the unqualified one, the data-type static_assert of our
// headers precedes nothing else (other static assertions are compile.other). Patterns contain
// no '|' so that the documentation can show them in a Markdown table.
const std::vector<CompileErrorRule> kRules = {
    // A call whose only near match fails on constness or on conflicting deduced element types
    // is an object or a dtype mistake, not a wrong API.
    {R"(no matching function for call to)", R"(discards qualifiers)", kMemory},
    {R"(no matching function for call to)", R"(deduced conflicting types for parameter)", kDtype},

    {R"(use of deleted function)", "", kMemory},
    {R"(discards qualifiers)", "", kMemory},
    {R"(invalid initialization of non-const reference)", "", kMemory},
    {R"(cannot bind)", "", kMemory},

    {R"(no matching function for call to)", "", kApi},
    {R"(no match for call to)", "", kApi},
    {R"(has no member named)", "", kApi},
    {R"(is not a member of)", "", kApi},
    {R"(in namespace '[^']*' does not name a)", "", kApi},
    {R"(in '[^']*' does not name a)", "", kApi},
    {R"(wrong number of template arguments)", "", kApi},
    {R"(template argument \d+ is invalid)", "", kApi},
    {R"(type/value mismatch at argument)", "", kApi},
    {R"(is not a template)", "", kApi},
    {R"(invalid use of template-name)", "", kApi},
    {R"(missing template arguments)", "", kApi},
    {R"(class template argument deduction failed)", "", kApi},
    {R"(too many arguments to)", "", kApi},
    {R"(too few arguments to)", "", kApi},
    {R"(too many initializers for)", "", kApi},
    {R"(call of overloaded '.*' is ambiguous)", "", kApi},
    {R"(cannot be used as a function)", "", kApi},
    {R"(no type named)", "", kApi},
    {R"(macro "[^"]*" passed \d+ arguments, but takes just)", "", kApi},
    {R"(macro "[^"]*" requires \d+ arguments, but only \d+ given)", "", kApi},
    {R"(No such file or directory)", "", kApi},
    {R"(undefined reference to)", "", kApi},

    {R"(static assertion failed: .*data type)", "", kDtype},
    {R"(invalid conversion)", "", kDtype},
    {R"(cannot convert)", "", kDtype},
    {R"(could not convert)", "", kDtype},
    {R"(conversion from '.*' to non-scalar type)", "", kDtype},
    {R"(conversion from '.*' is ambiguous)", "", kDtype},
    {R"(narrowing conversion)", "", kDtype},
    {R"(no match for 'operator)", "", kDtype},
    {R"(ambiguous overload for 'operator)", "", kDtype},
    {R"(invalid operands)", "", kDtype},
    {R"(invalid '?[a-z_]*cast)", "", kDtype},
    {R"(loses precision)", "", kDtype},
    {R"(incompatible types)", "", kDtype},
    {R"(invalid initialization of reference)", "", kDtype},
    {R"(would use explicit constructor)", "", kDtype},
    {R"(void value not ignored)", "", kDtype},
    {R"(invalid use of void expression)", "", kDtype},
    {R"(return-statement with)", "", kDtype},
    {R"(inconsistent deduction for)", "", kDtype},

    {R"(was not declared)", "", kScope},
    {R"(has not been declared)", "", kScope},
    {R"(that depend on a template parameter, so a declaration of)", "", kScope},
    {R"(does not name a)", "", kScope},
    {R"(is not a class, namespace, or enumeration)", "", kScope},
    {R"(is not a namespace-name)", "", kScope},
    {R"(redefinition of)", "", kScope},
    {R"(redeclaration of)", "", kScope},
    {R"(conflicting declaration)", "", kScope},
    {R"(has a previous declaration as)", "", kScope},
    {R"(multiple definition of)", "", kScope},
    {R"(reference to '.*' is ambiguous)", "", kScope},
    {R"(shadows a)", "", kScope},
    {R"(jump to (case )?label)", "", kScope},
    {R"(label '.*' used but not defined)", "", kScope},
    {R"(invalid use of 'this')", "", kScope},
    {R"('this' is unavailable)", "", kScope},

    {R"(lvalue required)", "", kMemory},
    {R"(taking address of)", "", kMemory},
    {R"(incomplete type)", "", kMemory},
    {R"(abstract (class )?type)", "", kMemory},
    {R"(invalid use of member)", "", kMemory},
    {R"(invalid use of non-static)", "", kMemory},
    {R"(read-only)", "", kMemory},
    {R"(uninitialized const)", "", kMemory},
    {R"(uninitialized reference)", "", kMemory},
    {R"(within this context)", "", kMemory},
    {R"(request for member)", "", kMemory},
    {R"(base operand of '->')", "", kMemory},
    {R"(invalid type argument of)", "", kMemory},
    {R"(for array subscript)", "", kMemory},
    {R"(size of array)", "", kMemory},
    {R"(array bound)", "", kMemory},
    {R"(variable-sized object)", "", kMemory},
    {R"(storage size of)", "", kMemory},

    {R"(^#error)", "", kSyntax},
    {R"(#include nested)", "", kSyntax},
    {R"(^expected )", "", kSyntax},
    {R"(stray ')", "", kSyntax},
    {R"(missing terminating)", "", kSyntax},
    {R"(unterminated)", "", kSyntax},
    {R"(extra qualification)", "", kSyntax},
    {R"(non-template '.*' used as template)", "", kSyntax},
    {R"(a function-definition is not allowed here)", "", kSyntax},
    {R"(invalid preprocessing directive)", "", kSyntax},
    {R"(two or more data types in declaration)", "", kSyntax},
    {R"(declaration does not declare anything)", "", kSyntax},
    {R"(without a previous 'if')", "", kSyntax},
    {R"(statement not within)", "", kSyntax},
    {R"(not within a switch statement)", "", kSyntax},
};

struct CompiledRule {
    std::regex message;
    std::optional<std::regex> note;
    std::string cls;
};

const std::vector<CompiledRule>& CompiledRules() {
    static const std::vector<CompiledRule> compiled = [] {
        std::vector<CompiledRule> out;
        for (const CompileErrorRule& r : kRules) {
            CompiledRule c{std::regex(r.messagePattern), std::nullopt, r.cls};
            if (*r.notePattern) c.note.emplace(r.notePattern);
            out.push_back(std::move(c));
        }
        return out;
    }();
    return compiled;
}

// GCC quotes with U+2018/U+2019 in UTF-8 locales and GNU ld with `...'; the rules use ASCII '.
std::string NormaliseQuotes(const std::string& s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        if (s.compare(i, 3, "\xE2\x80\x98") == 0 || s.compare(i, 3, "\xE2\x80\x99") == 0) {
            out += '\'';
            i += 2;
        } else if (s.compare(i, 3, "\xE2\x80\x9C") == 0 || s.compare(i, 3, "\xE2\x80\x9D") == 0) {
            out += '"';
            i += 2;
        } else {
            out += s[i] == '`' ? '\'' : s[i];
        }
    }
    return out;
}

// Colour and erase-line sequences (ESC [ parameters letter) and OSC 8 hyperlinks (ESC ] ... up to
// BEL or ESC backslash) of -fdiagnostics-color/-urls. A scan rather than a regex: the recursion of
// libstdc++'s regex grows with the input.
std::string StripEscapes(const std::string& s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        if (s[i] != '\x1B') {
            out += s[i++];
            continue;
        }
        size_t j = i + 1;
        if (j < s.size() && s[j] == '[') {
            ++j;
            while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == ';')) ++j;
            if (j < s.size()) ++j;  // the final letter
        } else if (j < s.size() && s[j] == ']') {
            while (j < s.size() && s[j] != '\x07' && s[j] != '\x1B') ++j;
            if (j < s.size() && s[j] == '\x1B') ++j;
            if (j < s.size() && (s[j] == '\x07' || s[j] == '\\')) ++j;
        }
        i = j;
    }
    return out;
}

struct Location {
    std::string file;
    int line = 0;
    int column = 0;
};

// What GCC printed around one error, needed to classify and attribute it.
struct ErrorContext {
    bool toolchain = false;  // an error of the compiler or linker invocation, not of the source
    std::vector<std::string> notes;
    std::vector<Location> macroExpansions;  // "in expansion of macro", outermost last
    std::vector<Location> instantiation;    // "required from", innermost first
};

// Decides whether a file lies under a user root, and names it relative to that root.
class UserRoots {
public:
    explicit UserRoots(const std::vector<std::string>& roots) {
        for (const std::string& r : roots)
            if (!r.empty()) roots_.push_back(Normalise(r));
    }

    // The path relative to the root containing `file`, or nullopt outside every root.
    std::optional<std::string> Relative(const std::string& file) {
        if (file.empty()) return std::nullopt;
        auto cached = cache_.find(file);
        if (cached != cache_.end()) return cached->second;
        std::optional<std::string> result;
        const fs::path path = Normalise(file);
        for (const fs::path& root : roots_) {
            fs::path rel = path.lexically_relative(root);
            if (!rel.empty() && rel != "." && *rel.begin() != "..") {
                result = rel.generic_string();
                break;
            }
        }
        cache_.emplace(file, result);
        return result;
    }

private:
    // Kernel sources reach the compiler through #line directives naming canonical paths, while
    // roots may be given through symlinks; files that no longer exist still normalise.
    static fs::path Normalise(const std::string& p) {
        std::error_code ec;
        fs::path out = fs::weakly_canonical(fs::path(p), ec);
        if (ec) out = fs::path(p);
        out = out.lexically_normal();
        if (!out.has_filename() && out.has_parent_path()) out = out.parent_path();  // trailing '/'
        return out;
    }

    std::vector<fs::path> roots_;
    std::map<std::string, std::optional<std::string>> cache_;
};

int ToInt(const std::ssub_match& m) {
    int value = 0;
    if (m.matched) std::from_chars(&*m.first, &*m.first + m.length(), value);
    return value;
}

}  // namespace

const std::vector<CompileErrorRule>& CompileErrorRules() { return kRules; }

std::string ClassifyCompileMessage(const std::string& message, const std::vector<std::string>& notes) {
    for (const CompiledRule& rule : CompiledRules()) {
        if (!std::regex_search(message, rule.message)) continue;
        if (!rule.note) return rule.cls;
        for (const std::string& n : notes)
            if (std::regex_search(n, *rule.note)) return rule.cls;
    }
    return kCompileOther;
}

CompileErrorSummary ClassifyCompileErrors(const std::string& compilerOutput, const std::vector<std::string>& userRoots) {
    // file:line[:col]: severity: message
    static const std::regex gccDiagnostic(
        R"(^(.+?):(\d+):(?:(\d+):)? (fatal error|internal compiler error|error|warning|note): (.*)$)");
    // A tool without a source location: "g++: error: ...", "collect2: error: ld returned 1 exit status".
    static const std::regex toolError(R"(^([\w.+-]+): (?:fatal error|error): (.*)$)");
    // GNU ld, with or without its own name in front: "file:line: undefined reference to `f'" when
    // the object has debug info, "file:(.text+0x1d): undefined reference ..." without.
    static const std::regex linkerPrefix(R"(^\S*\bld(?:\.\w+)?: )");
    static const std::regex linkerWithLine(R"(^(.+?):(\d+): ((?:undefined reference to|multiple definition of) .*)$)");
    static const std::regex linkerWithoutLine(R"(^(.+?):\(.*?\): ((?:undefined reference to|multiple definition of) .*)$)");
    static const std::regex linkerCannotFind(R"(^(cannot find .*)$)");
    // "file: In instantiation of 'X':" opens an instantiation context; any other "file: In ...:"
    // or "At global scope" line says the following errors are outside any instantiation.
    static const std::regex scopeHeader(R"(^.+?: (?:In ([a-z -]+?)(?: '.*')?|At global scope):$)");
    static const std::regex requiredFrom(R"(^(.+?):(\d+):(\d+):\s+(?:recursively )?required (?:from|by) )");
    // GCC's source excerpt: "   28 |   code", "      |   ^~~", "  +++ |+#include <x>".
    static const std::regex sourceExcerpt(R"(^\s*(?:\d+|\+\+\+)?\s*\|)");

    UserRoots roots(userRoots);
    CompileErrorSummary summary;
    std::vector<ErrorContext> contexts;  // parallel to summary.errors
    // GCC prints an instantiation context only when it changes, so it stays in force until the
    // next context header; a diagnostic closes it so that the next "required from" starts anew.
    std::vector<Location> instantiation;
    bool instantiationOpen = false;
    bool lastWasError = false;  // notes attach to the preceding error, not to a warning

    auto addError = [&](Location at, std::string message, bool toolchain = false) {
        summary.errors.push_back({std::move(at.file), at.line, at.column, NormaliseQuotes(message), "", false});
        contexts.push_back({toolchain, {}, {}, instantiation});
        lastWasError = true;
        instantiationOpen = false;
    };

    std::istringstream in(StripEscapes(compilerOutput));
    std::string line;
    std::smatch m;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        // libstdc++'s regex recursion grows with the subject: a template-heavy message of 100 KB
        // overflows the stack. The parts that classify and locate an error come first.
        if (line.size() > kMaxLineChars) line.resize(kMaxLineChars);
        if (line.empty() || std::regex_search(line, sourceExcerpt)) continue;

        if (std::regex_search(line, m, scopeHeader)) {
            const bool opensInstantiation = m[1] == "instantiation of" || m[1] == "substitution of";
            if (!opensInstantiation || !instantiationOpen) instantiation.clear();
            instantiationOpen = opensInstantiation;
            continue;
        }
        if (std::regex_search(line, m, requiredFrom)) {
            if (!instantiationOpen) instantiation.clear();
            instantiationOpen = true;
            instantiation.push_back({m[1].str(), ToInt(m[2]), ToInt(m[3])});
            continue;
        }
        if (std::regex_search(line, m, gccDiagnostic)) {
            const std::string severity = m[4].str();
            Location at{m[1].str(), ToInt(m[2]), ToInt(m[3])};
            if (severity == "note") {
                instantiationOpen = false;
                if (!lastWasError) continue;
                const std::string note = NormaliseQuotes(m[5].str());
                ErrorContext& context = contexts.back();
                if (note.rfind("in expansion of macro", 0) == 0) context.macroExpansions.push_back(at);
                context.notes.push_back(note);
            } else if (severity == "warning") {
                instantiationOpen = false;
                lastWasError = false;
            } else {
                addError(std::move(at), m[5].str());
            }
            continue;
        }
        const bool fromLinker = std::regex_search(line, m, linkerPrefix);
        const std::string rest = fromLinker ? m.suffix().str() : line;
        if (std::regex_search(rest, m, linkerWithLine)) {
            addError({m[1].str(), ToInt(m[2]), 0}, m[3].str());
        } else if (std::regex_search(rest, m, linkerWithoutLine)) {
            addError({m[1].str(), 0, 0}, m[2].str());
        } else if (fromLinker && std::regex_search(rest, m, linkerCannotFind)) {
            addError({"ld", 0, 0}, m[1].str(), true);
        } else if (std::regex_search(line, m, toolError)) {
            addError({m[1].str(), 0, 0}, m[2].str(), true);
        }
    }

    // collect2's closing "ld returned 1 exit status" only repeats that the link failed.
    if (summary.errors.size() > 1) {
        for (size_t i = summary.errors.size(); i-- > 0;) {
            if (summary.errors[i].file == "collect2" && summary.errors[i].message.rfind("ld returned", 0) == 0) {
                summary.errors.erase(summary.errors.begin() + long(i));
                contexts.erase(contexts.begin() + long(i));
            }
        }
    }

    const CompileError* first = nullptr;
    std::string firstRelative;
    for (size_t i = 0; i < summary.errors.size(); ++i) {
        CompileError& e = summary.errors[i];
        const ErrorContext& context = contexts[i];
        // A missing input or library is the toolchain's problem whatever its wording.
        e.cls = context.toolchain ? kCompileOther : ClassifyCompileMessage(e.message, context.notes);
        ++summary.counts[e.cls];
        std::optional<std::string> relative = roots.Relative(e.file);
        if (!relative) {
            // An error inside our headers: the user line that expanded the macro or required the
            // instantiation is where the candidate went wrong.
            std::vector<Location> candidates = context.macroExpansions;
            candidates.insert(candidates.end(), context.instantiation.begin(), context.instantiation.end());
            for (const Location& at : candidates) {
                if ((relative = roots.Relative(at.file))) {
                    e.file = at.file;
                    e.line = at.line;
                    e.column = at.column;
                    break;
                }
            }
        }
        e.inUserCode = relative.has_value();
        if (!first || (e.inUserCode && !first->inUserCode)) {
            first = &e;
            firstRelative = relative.value_or(e.file);
        }
    }
    if (!first) {
        summary.cls = kCompileOther;
        return summary;
    }
    summary.cls = first->cls;
    summary.firstLine = first->line > 0 ? firstRelative + ":" + std::to_string(first->line) + ": " + first->message
                                        : firstRelative + ": " + first->message;
    return summary;
}

}  // namespace akg::harness
