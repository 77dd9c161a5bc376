// Appended by the operator builder after a kernel's source: exports one C entry point that calls
// the kernel with its GM_ADDR arguments taken from an array, the kernel's arity so the runner
// can check it against the operator definition, and its address (the runner reads the kernel's
// type from the library around it).
#pragma once

#include <cstddef>
#include <utility>

namespace akg::detail {

template <typename... P, size_t... I>
void CallWithArgs(void (*f)(P...), void** a, std::index_sequence<I...>) {
    f(reinterpret_cast<P>(a[I])...);
}
template <typename... P>
void CallKernel(void (*f)(P...), void** a) {
    CallWithArgs(f, a, std::index_sequence_for<P...>{});
}
template <typename... P>
constexpr int ArityOf(void (*)(P...)) {
    return int(sizeof...(P));
}

}  // namespace akg::detail

#define AKG_KERNEL_ENTRY(name)                                                                     \
    extern "C" void akg_launch_entry(void** args) { ::akg::detail::CallKernel(&name, args); }      \
    extern "C" int akg_entry_arity() { return ::akg::detail::ArityOf(&name); }                    \
    extern "C" const void* akg_kernel_address() { return reinterpret_cast<const void*>(&name); }

// A kernel template whose arguments come from the tiling key (CANN 8.x tiling-key templates,
// ascendc/host_api/tiling/template_argument.h): one instance per combination the translation
// unit's ASCENDC_TPL_SEL selects, and at launch the instance whose key the tiling set. An
// unselected key is the fatal TILING_KEY_UNSELECTED, as the device has no binary for it.
#include "akg/sim/sim.h"
#include "ascendc/host_api/tiling/template_argument.h"

namespace akg::detail {

// A template argument that converts to the parameter's own type (uint32_t, bool, an enum...).
template <uint64_t V>
struct TemplateValue {
    template <class T>
    constexpr operator T() const {
        return static_cast<T>(V);
    }
};

// The element type of a ge::DataType id: a parameter declared with ASCENDC_TPL_DATATYPE_DECL is a
// `typename T` of the kernel template, and CANN's generated code passes TypeFromId<id>::type.
template <uint64_t V>
struct TypeFromId {};
template <> struct TypeFromId<0> { using type = float; };        // DT_FLOAT
template <> struct TypeFromId<1> { using type = half; };         // DT_FLOAT16
template <> struct TypeFromId<2> { using type = int8_t; };       // DT_INT8
template <> struct TypeFromId<3> { using type = int32_t; };      // DT_INT32
template <> struct TypeFromId<4> { using type = uint8_t; };      // DT_UINT8
template <> struct TypeFromId<6> { using type = int16_t; };      // DT_INT16
template <> struct TypeFromId<7> { using type = uint16_t; };     // DT_UINT16
template <> struct TypeFromId<8> { using type = uint32_t; };     // DT_UINT32
template <> struct TypeFromId<9> { using type = int64_t; };      // DT_INT64
template <> struct TypeFromId<10> { using type = uint64_t; };    // DT_UINT64
template <> struct TypeFromId<12> { using type = bool; };        // DT_BOOL
template <> struct TypeFromId<27> { using type = bfloat16_t; };  // DT_BF16

struct TemplateInstance {
    uint64_t key;
    void (*launch)(void**);
    const void* address;
    int arity;
};

template <const tpl::ParamList& D, const tpl::Selection& S, class Entry, uint64_t C, size_t... A>
TemplateInstance MakeTemplateInstance(std::index_sequence<A...>) {
    constexpr auto fn = Entry::template Get<tpl::CombinationValue(D, S, C, A)...>();
    return {tpl::CombinationKey(D, S, C), [](void** a) { CallKernel(fn, a); }, reinterpret_cast<const void*>(fn),
            ArityOf(fn)};
}

template <const tpl::ParamList& D, const tpl::Selection& S, class Entry, uint64_t... C>
const TemplateInstance* TemplateInstances(std::integer_sequence<uint64_t, C...>) {
    static const TemplateInstance instances[] = {
        MakeTemplateInstance<D, S, Entry, C>(std::make_index_sequence<D.count>())...};
    return instances;
}

constexpr uint64_t kMaxTemplateInstances = 512;  // what one kernel build instantiates at most

template <const tpl::ParamList& D, const tpl::Selection& S, class Entry>
const TemplateInstance* AllTemplateInstances() {
    static_assert(!D.overflow && !S.overflow, "ASCENDC_TPL_ARGS_DECL / ASCENDC_TPL_SEL exceed the simulator's limits");
    constexpr uint64_t n = tpl::CombinationCount(D, S);
    static_assert(n > 0, "ASCENDC_TPL_SEL selects no combination of the kernel template's arguments");
    static_assert(n <= kMaxTemplateInstances, "ASCENDC_TPL_SEL selects more kernel instances than the simulator builds");
    return TemplateInstances<D, S, Entry>(std::make_integer_sequence<uint64_t, n>());
}

template <const tpl::ParamList& D, const tpl::Selection& S, class Entry>
void LaunchTemplate(void** args) {
    const TemplateInstance* instances = AllTemplateInstances<D, S, Entry>();
    const uint64_t key = sim::TilingKey();
    for (uint64_t i = 0; i < tpl::CombinationCount(D, S); ++i)
        if (instances[i].key == key) return instances[i].launch(args);
    sim::Report("TILING_KEY_UNSELECTED", __builtin_return_address(0), true,
                "tiling key %llu selects no instance of the kernel template (ASCENDC_TPL_SEL)",
                static_cast<unsigned long long>(key));
}

}  // namespace akg::detail

#define AKG_TEMPLATE_KERNEL_ENTRY(name)                                                                         \
    namespace {                                                                                                 \
    struct AkgTemplateEntry {                                                                                   \
        /* value parameters (ASCENDC_TPL_UINT/BOOL/DTYPE_DECL), else type parameters (DATATYPE_DECL) */      \
        template <uint64_t... V>                                                                                \
        static constexpr auto Pick(int) -> decltype(&name<::akg::detail::TemplateValue<V>{}...>) {              \
            return &name<::akg::detail::TemplateValue<V>{}...>;                                                 \
        }                                                                                                       \
        template <uint64_t... V>                                                                                \
        static constexpr auto Pick(long) -> decltype(&name<typename ::akg::detail::TypeFromId<V>::type...>) {   \
            return &name<typename ::akg::detail::TypeFromId<V>::type...>;                                       \
        }                                                                                                       \
        template <uint64_t... V>                                                                                \
        static constexpr auto Get() {                                                                           \
            return Pick<V...>(0);                                                                               \
        }                                                                                                       \
    };                                                                                                          \
    }                                                                                                           \
    extern "C" void akg_launch_entry(void** args) {                                                             \
        ::akg::detail::LaunchTemplate<akg_tpl_declaration, akg_tpl_selection, AkgTemplateEntry>(args);          \
    }                                                                                                           \
    extern "C" int akg_entry_arity() {                                                                          \
        return ::akg::detail::AllTemplateInstances<akg_tpl_declaration, akg_tpl_selection, AkgTemplateEntry>()  \
            ->arity;                                                                                            \
    }                                                                                                           \
    extern "C" const void* akg_kernel_address() {                                                               \
        return ::akg::detail::AllTemplateInstances<akg_tpl_declaration, akg_tpl_selection, AkgTemplateEntry>()  \
            ->address;                                                                                          \
    }
