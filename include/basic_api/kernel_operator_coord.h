// AscendC::Coord and MakeCoord (CANN: basic_api/impl/kernel_operator_coord.h, reached through
// kernel_operator.h): a coordinate is a tuple of indices, each a run-time integer or a Std::Int.
#pragma once

#include "utils/std/tuple.h"
#include "utils/std/type_traits.h"
#include "utils/std/utility.h"

namespace AscendC {

template <typename... Coords>
using Coord = Std::tuple<Coords...>;

template <typename... Ts>
constexpr Coord<Ts...> MakeCoord(Ts const&... t) {
    return {t...};
}

}  // namespace AscendC
