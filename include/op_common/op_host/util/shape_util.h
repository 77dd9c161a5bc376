// Shape helpers of opbase's host utilities (`op_common/op_host/util/shape_util.h`, reached as
// `util/shape_util.h`), namespace Ops::Base. GE marks an unknown rank as the one-dimensional
// shape [-2] and an unknown dimension as -1.
#pragma once

#include <cstddef>
#include <cstdint>

#include "exe_graph/runtime/shape.h"
#include "op_common/log/log.h"

namespace Ops {
namespace Base {
namespace detail {
constexpr int64_t kUnknownRankDim = -2;
constexpr int64_t kUnknownDim = -1;
}  // namespace detail

// Whether `axis` names a dimension of a rank-`dimNum` shape, counting negative axes from the end;
// a scalar (rank 0) accepts axis 0 only.
template <typename T1, typename T2>
bool CheckAxisBounds(const T1 dimNum, const T2 axis) {
    const int64_t rank = static_cast<int64_t>(dimNum);
    const int64_t a = static_cast<int64_t>(axis);
    if (rank == 0) return a == 0;
    return a >= -rank && a < rank;
}

inline void SetUnknownRank(gert::Shape& shape) {
    shape.SetDimNum(0);
    shape.AppendDim(detail::kUnknownRankDim);
}

inline bool IsUnknownRank(const gert::Shape& shape) {
    return shape.GetDimNum() == 1 && shape.GetDim(0) == detail::kUnknownRankDim;
}

// `rank` unknown dimensions; a negative rank leaves the shape as it is (and logs an error).
inline void SetUnknownShape(int64_t rank, gert::Shape& shape) {
    if (rank < 0) {
        ::akg::host::HostLog("E", "SetUnknownShape", "rank %lld is negative", static_cast<long long>(rank));
        return;
    }
    shape.SetDimNum(static_cast<size_t>(rank));
    for (size_t i = 0; i < static_cast<size_t>(rank); ++i) shape.SetDim(i, detail::kUnknownDim);
}

inline bool IsUnknownShape(const gert::Shape& shape) {
    for (size_t i = 0; i < shape.GetDimNum(); ++i)
        if (shape.GetDim(i) == detail::kUnknownDim) return true;
    return false;
}

}  // namespace Base
}  // namespace Ops
