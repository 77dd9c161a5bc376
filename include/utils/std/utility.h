// AscendC::Std utilities (CANN's utils/std/utility.h): index sequences, forward, move and
// declval are the standard library's, so that a kernel's pack expansions interoperate with std::.
#pragma once

#include <cstddef>
#include <utility>

namespace AscendC::Std {

template <size_t... Idx>
using index_sequence = std::index_sequence<Idx...>;
template <size_t N>
using make_index_sequence = std::make_index_sequence<N>;
using std::declval;
using std::forward;
using std::move;

}  // namespace AscendC::Std
