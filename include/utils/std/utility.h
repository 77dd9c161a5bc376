// AscendC::Std index sequences (CANN's utils/std/utility.h): the standard library's, so that a
// kernel's pack expansions interoperate with std:: code.
#pragma once

#include <cstddef>
#include <utility>

namespace AscendC::Std {

template <size_t... Idx>
using index_sequence = std::index_sequence<Idx...>;
template <size_t N>
using make_index_sequence = std::make_index_sequence<N>;

}  // namespace AscendC::Std
