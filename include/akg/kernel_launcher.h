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
