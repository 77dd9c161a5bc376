// Tiling-key templates (CANN 8.x operator repositories): an operator declares the arguments of
// its kernel template once (ASCENDC_TPL_ARGS_DECL), the combinations it compiles
// (ASCENDC_TPL_SEL), and the host encodes a chosen combination into the tiling key
// (GET_TPL_TILING_KEY / ASCENDC_TPL_SEL_PARAM). The same header serves host and kernel: both
// macros produce constant objects of this translation unit, the host encodes with them and the
// kernel launcher (akg/launch/kernel_launcher.h) instantiates the kernel template once per selected
// combination and picks the instance whose key the tiling chose. Layout of a key: the
// declared arguments from the lowest bit up, each in its declared width; a UINT argument is
// stored as the index of its value in the declared list, DTYPE / FORMAT / BOOL as the value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>

// Kernel types a selection may name.
#define ASCENDC_TPL_AIV_ONLY 0
#define ASCENDC_TPL_AIC_ONLY 1
#define ASCENDC_TPL_MIX_AIV_1_0 4
#define ASCENDC_TPL_MIX_AIC_1_0 5
#define ASCENDC_TPL_MIX_AIC_1_1 6
#define ASCENDC_TPL_MIX_AIC_1_2 7
#define ASCENDC_TPL_AICORE 8
#define ASCENDC_TPL_VECTORCORE 9
#define ASCENDC_TPL_MIX_AICORE 10
#define ASCENDC_TPL_MIX_VECTOR_CORE 11
#define ASCENDC_TPL_MAX 12

// Widths in bits.
#define ASCENDC_TPL_1_BW 1
#define ASCENDC_TPL_2_BW 2
#define ASCENDC_TPL_4_BW 4
#define ASCENDC_TPL_8_BW 8

// Argument kinds.
#define ASCENDC_TPL_DTYPE 0
#define ASCENDC_TPL_FORMAT 1
#define ASCENDC_TPL_UINT 2
#define ASCENDC_TPL_BOOL 3
constexpr uint32_t ASCENDC_TPL_KERNEL_TYPE = 4;
constexpr uint32_t ASCENDC_TPL_DETERMINISTIC = 5;
constexpr uint32_t ASCENDC_TPL_SHARED_KERNEL_TYPE = 6;

#define ASCENDC_TPL_INPUT_BIAS 100000000
#define ASCENDC_TPL_OUTPUT_BIAS 900000000
#define ASCENDC_TPL_INPUT(x) (ASCENDC_TPL_INPUT_BIAS + (x))
#define ASCENDC_TPL_OUTPUT(x) (ASCENDC_TPL_OUTPUT_BIAS + (x))

// How a UINT argument's values are written: a list; `n` then n inclusive [lo, hi] ranges; or
// ranges followed by a list.
#define ASCENDC_TPL_UI_RANGE 0
#define ASCENDC_TPL_UI_LIST 1
#define ASCENDC_TPL_UI_MIX 2

constexpr uint8_t MAX_BITS_NUM = 64;
constexpr uint64_t INVALID_TILING_KEY = 0xFFFFFFFFFFFFFFFFull;

namespace akg::tpl {

constexpr uint32_t kIgnored = 99;     // a selection entry that names no argument (the tiling struct)
constexpr size_t kMaxSpec = 48;       // numbers in one argument's value list as written
constexpr size_t kMaxParams = 16;     // arguments of one declaration or selection group
constexpr size_t kMaxGroups = 32;     // ASCENDC_TPL_ARGS_SEL groups of one selection

constexpr bool SameName(const char* a, const char* b) {
    for (; *a && *a == *b; ++a, ++b) {
    }
    return *a == *b;
}

// One argument: its name, kind, width and values as written (for UINT with the leading
// ASCENDC_TPL_UI_* form), expanded on demand.
struct Param {
    const char* name = "";
    uint32_t kind = kIgnored;
    uint32_t bitWidth = 0;
    bool uintForm = false;  // spec starts with an ASCENDC_TPL_UI_* form
    uint32_t specCount = 0;
    uint64_t spec[kMaxSpec] = {};
    bool overflow = false;

    constexpr Param() = default;
    constexpr Param(const char* n, uint32_t k, uint32_t bw, std::initializer_list<uint64_t> s)
        : name(n), kind(k), bitWidth(bw), uintForm(k == ASCENDC_TPL_UINT) {
        for (uint64_t v : s) {
            if (specCount == kMaxSpec) {
                overflow = true;
                break;
            }
            spec[specCount++] = v;
        }
    }

    // Number of values, and the i-th, after expanding ranges.
    constexpr uint64_t Count() const {
        if (!uintForm) return specCount;
        if (specCount == 0) return 0;
        if (spec[0] == ASCENDC_TPL_UI_LIST) return specCount - 1;
        uint64_t n = 0;
        const uint64_t ranges = specCount > 1 ? spec[1] : 0;
        for (uint64_t r = 0; r < ranges && 3 + 2 * r < specCount; ++r) n += spec[3 + 2 * r] - spec[2 + 2 * r] + 1;
        if (spec[0] == ASCENDC_TPL_UI_MIX && specCount > 2 + 2 * ranges) n += specCount - 2 - 2 * ranges;
        return n;
    }
    constexpr uint64_t Value(uint64_t i) const {
        if (!uintForm) return spec[i];
        if (spec[0] == ASCENDC_TPL_UI_LIST) return spec[1 + i];
        const uint64_t ranges = spec[1];
        for (uint64_t r = 0; r < ranges; ++r) {
            const uint64_t lo = spec[2 + 2 * r], hi = spec[3 + 2 * r];
            if (i <= hi - lo) return lo + i;
            i -= hi - lo + 1;
        }
        return spec[2 + 2 * ranges + i];
    }
};

// Appends `x` to a bounded array; a full array, or an element that overflowed, marks overflow.
template <typename T, size_t N>
constexpr void Append(T (&items)[N], uint32_t& count, bool& overflow, const T& x) {
    overflow |= x.overflow;
    if (count == N) overflow = true;
    else items[count++] = x;
}

// A declaration (ASCENDC_TPL_ARGS_DECL) or one selection group (ASCENDC_TPL_ARGS_SEL).
struct ParamList {
    uint32_t count = 0;
    Param params[kMaxParams] = {};
    bool overflow = false;
    constexpr ParamList() = default;
    constexpr ParamList(std::initializer_list<Param> ps) {
        for (const Param& p : ps)
            if (p.kind != kIgnored) Append(params, count, overflow, p);
    }
    constexpr const Param* Find(const char* name) const {
        for (uint32_t i = 0; i < count; ++i)
            if (SameName(params[i].name, name)) return &params[i];
        return nullptr;
    }
};

struct Selection {
    uint32_t count = 0;
    ParamList groups[kMaxGroups] = {};
    bool overflow = false;
    constexpr Selection() = default;
    constexpr Selection(std::initializer_list<ParamList> gs) {
        for (const ParamList& g : gs) Append(groups, count, overflow, g);
    }
};

// The arguments that are kernel template parameters, in declaration order.
constexpr bool IsTemplateArgument(const Param& p) { return p.kind <= ASCENDC_TPL_BOOL || p.kind == ASCENDC_TPL_SHARED_KERNEL_TYPE; }

// The key of `args` (one value per declared argument, in order; fewer leave the rest 0), or
// INVALID_TILING_KEY when a UINT value is not declared or the key needs more than 64 bits.
constexpr uint64_t EncodeKey(const ParamList& decl, const uint64_t* args, size_t n) {
    uint64_t key = 0;
    uint32_t bits = 0;
    for (uint32_t i = 0; i < decl.count && i < n; ++i) {
        const Param& p = decl.params[i];
        uint64_t field = args[i];
        if (p.kind == ASCENDC_TPL_UINT) {
            uint64_t index = 0;
            while (index < p.Count() && p.Value(index) != field) ++index;
            if (index == p.Count()) return INVALID_TILING_KEY;
            field = index;
        }
        if (bits + p.bitWidth > MAX_BITS_NUM) return INVALID_TILING_KEY;
        key |= field << bits;
        bits += p.bitWidth;
    }
    return key;
}
constexpr uint64_t EncodeKey(const ParamList& decl, std::initializer_list<uint64_t> args) {
    uint64_t values[kMaxParams] = {};
    size_t n = 0;
    for (uint64_t v : args)
        if (n < kMaxParams) values[n++] = v;
    return EncodeKey(decl, values, n);
}

// The value of declared argument `index` in `key` (the inverse of EncodeKey).
constexpr uint64_t DecodeArgument(const ParamList& decl, uint64_t key, uint32_t index) {
    uint32_t bits = 0;
    for (uint32_t i = 0; i < index; ++i) bits += decl.params[i].bitWidth;
    const Param& p = decl.params[index];
    const uint64_t mask = p.bitWidth >= 64 ? ~0ull : ((1ull << p.bitWidth) - 1);
    const uint64_t field = (key >> bits) & mask;
    if (p.kind != ASCENDC_TPL_UINT) return field;
    return field < p.Count() ? p.Value(field) : INVALID_TILING_KEY;
}

// The values group `g` selects for declared argument `a`: the group's own list, else the
// declaration's.
constexpr const Param& SelectedValues(const ParamList& decl, const ParamList& group, uint32_t a) {
    const Param* p = group.Find(decl.params[a].name);
    return p ? *p : decl.params[a];
}

// Combinations group `group` selects: the product of its arguments' value counts.
constexpr uint64_t GroupCombinations(const ParamList& decl, const ParamList& group) {
    uint64_t n = 1;
    for (uint32_t a = 0; a < decl.count; ++a) n *= SelectedValues(decl, group, a).Count();
    return n;
}

constexpr uint64_t CombinationCount(const ParamList& decl, const Selection& sel) {
    uint64_t total = 0;
    for (uint32_t g = 0; g < sel.count; ++g) total += GroupCombinations(decl, sel.groups[g]);
    return total;
}

// The group combination *c falls in (groups in order), *c becoming its index within the group;
// sel.count past the last.
constexpr uint32_t GroupOf(const ParamList& decl, const Selection& sel, uint64_t* c) {
    for (uint32_t g = 0; g < sel.count; ++g) {
        const uint64_t n = GroupCombinations(decl, sel.groups[g]);
        if (*c < n) return g;
        *c -= n;
    }
    return sel.count;
}

// The value of declared argument `a` in combination `c` (within a group the first argument
// varies slowest).
constexpr uint64_t CombinationValue(const ParamList& decl, const Selection& sel, uint64_t c, uint32_t a) {
    const uint32_t g = GroupOf(decl, sel, &c);
    if (g == sel.count) return 0;
    for (uint32_t i = decl.count; i-- > 0;) {
        const Param& p = SelectedValues(decl, sel.groups[g], i);
        if (i == a) return p.Value(c % p.Count());
        c /= p.Count();
    }
    return 0;
}

// The kernel type the combination's group names (ASCENDC_TPL_KERNEL_TYPE_SEL), or -1.
constexpr int64_t CombinationKernelType(const ParamList& decl, const Selection& sel, uint64_t c) {
    const uint32_t g = GroupOf(decl, sel, &c);
    if (g == sel.count) return -1;
    for (uint32_t i = 0; i < sel.groups[g].count; ++i) {
        const Param& p = sel.groups[g].params[i];
        if (p.kind == ASCENDC_TPL_KERNEL_TYPE && p.specCount > 0) return int64_t(p.spec[0]);
    }
    return -1;
}

constexpr uint64_t CombinationKey(const ParamList& decl, const Selection& sel, uint64_t c) {
    uint64_t values[kMaxParams] = {};
    for (uint32_t a = 0; a < decl.count; ++a) values[a] = CombinationValue(decl, sel, c, a);
    return EncodeKey(decl, values, decl.count);
}

}  // namespace akg::tpl

#define ASCENDC_TPL_DTYPE_DECL(x, ...) ::akg::tpl::Param(#x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__})
#define ASCENDC_TPL_DATATYPE_DECL(x, ...) ::akg::tpl::Param(#x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__})
#define ASCENDC_TPL_FORMAT_DECL(x, ...) ::akg::tpl::Param(#x, ASCENDC_TPL_FORMAT, ASCENDC_TPL_8_BW, {__VA_ARGS__})
#define ASCENDC_TPL_UINT_DECL(x, bw, ...) ::akg::tpl::Param(#x, ASCENDC_TPL_UINT, bw, {__VA_ARGS__})
#define ASCENDC_TPL_BOOL_DECL(x, ...) ::akg::tpl::Param(#x, ASCENDC_TPL_BOOL, ASCENDC_TPL_1_BW, {__VA_ARGS__})
#define ASCENDC_TPL_KERNEL_TYPE_DECL(x, ...) \
    ::akg::tpl::Param(#x, ASCENDC_TPL_SHARED_KERNEL_TYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__})

#define ASCENDC_TPL_DTYPE_SEL(x, ...) ::akg::tpl::Param(#x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__})
#define ASCENDC_TPL_DATATYPE_SEL(x, ...) ::akg::tpl::Param(#x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__})
#define ASCENDC_TPL_FORMAT_SEL(x, ...) ::akg::tpl::Param(#x, ASCENDC_TPL_FORMAT, ASCENDC_TPL_8_BW, {__VA_ARGS__})
#define ASCENDC_TPL_UINT_SEL(x, ...) ::akg::tpl::Param(#x, ASCENDC_TPL_UINT, 0, {__VA_ARGS__})
#define ASCENDC_TPL_BOOL_SEL(x, ...) ::akg::tpl::Param(#x, ASCENDC_TPL_BOOL, ASCENDC_TPL_1_BW, {__VA_ARGS__})
#define ASCENDC_TPL_TILING_STRUCT_SEL(...) ::akg::tpl::Param()
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...) \
    ::akg::tpl::Param("kernel_type", ASCENDC_TPL_KERNEL_TYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__})
#define ASCENDC_TPL_DETERMINISTIC_SEL(...) \
    ::akg::tpl::Param("deterministic", ASCENDC_TPL_DETERMINISTIC, ASCENDC_TPL_1_BW, {__VA_ARGS__})
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL(x, ...) \
    ::akg::tpl::Param(#x, ASCENDC_TPL_SHARED_KERNEL_TYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__})

// One declaration and one selection per translation unit, as in CANN.
#define ASCENDC_TPL_ARGS_DECL(x, ...) \
    [[maybe_unused]] static constexpr ::akg::tpl::ParamList akg_tpl_declaration{__VA_ARGS__}
#define ASCENDC_TPL_ARGS_SEL(...) \
    ::akg::tpl::ParamList { __VA_ARGS__ }
#define ASCENDC_TPL_SEL(...) [[maybe_unused]] static constexpr ::akg::tpl::Selection akg_tpl_selection{__VA_ARGS__}

#define GET_TPL_TILING_KEY(...) ::akg::tpl::EncodeKey(akg_tpl_declaration, {__VA_ARGS__})
#define ASCENDC_TPL_SEL_PARAM(context, ...)                 \
    do {                                                    \
        uint64_t akg_tpl_key = GET_TPL_TILING_KEY(__VA_ARGS__); \
        (context)->SetTilingKey(akg_tpl_key);               \
    } while (0)
