// Parameter checks of the aclnn layer: each logs why and runs `retExpr` (typically
// `return false`) when the check fails.
#pragma once

#include <initializer_list>

#include "opdev/common_types.h"
#include "opdev/data_type_utils.h"
#include "opdev/op_log.h"
#include "opdev/shape_utils.h"

namespace op::check {
template <typename List>
bool DtypeIn(const aclTensor* t, const List& list) {
    for (DataType d : list)
        if (t->GetDataType() == d) return true;
    return false;
}
}  // namespace op::check

#define OP_CHECK_NULL(param, retExpr)                                  \
    do {                                                               \
        if ((param) == nullptr) {                                      \
            OP_LOGE(ACLNN_ERR_PARAM_NULLPTR, "%s is nullptr", #param); \
            retExpr;                                                   \
        }                                                              \
    } while (0)

#define OP_CHECK_DTYPE_NOT_SUPPORT(tensor, supportList, retExpr)                                        \
    do {                                                                                                \
        if (!::op::check::DtypeIn((tensor), (supportList))) {                                           \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s dtype %s is not supported", #tensor,                  \
                    ::op::ToString((tensor)->GetDataType()).GetString());                               \
            retExpr;                                                                                    \
        }                                                                                               \
    } while (0)

#define OP_CHECK_DTYPE_NOT_MATCH(tensor, expected, retExpr)                                            \
    do {                                                                                               \
        if ((tensor)->GetDataType() != (expected)) {                                                   \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s dtype %s is not %s", #tensor,                         \
                    ::op::ToString((tensor)->GetDataType()).GetString(), ::op::ToString(expected).GetString()); \
            retExpr;                                                                                   \
        }                                                                                              \
    } while (0)

#define OP_CHECK_DTYPE_NOT_SAME(a, b, retExpr)                                                      \
    do {                                                                                            \
        if ((a)->GetDataType() != (b)->GetDataType()) {                                             \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s dtype %s differs from %s dtype %s", #a,            \
                    ::op::ToString((a)->GetDataType()).GetString(), #b,                             \
                    ::op::ToString((b)->GetDataType()).GetString());                                \
            retExpr;                                                                                \
        }                                                                                           \
    } while (0)

#define OP_CHECK_MAX_DIM(tensor, maxDim, retExpr)                                                      \
    do {                                                                                               \
        if ((tensor)->GetViewShape().GetDimNum() > static_cast<size_t>(maxDim)) {                      \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s has %zu dimensions, more than %zu", #tensor,          \
                    (tensor)->GetViewShape().GetDimNum(), static_cast<size_t>(maxDim));                \
            retExpr;                                                                                   \
        }                                                                                              \
    } while (0)

#define OP_CHECK_MIN_DIM(tensor, minDim, retExpr)                                                      \
    do {                                                                                               \
        if ((tensor)->GetViewShape().GetDimNum() < static_cast<size_t>(minDim)) {                      \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s has %zu dimensions, fewer than %zu", #tensor,         \
                    (tensor)->GetViewShape().GetDimNum(), static_cast<size_t>(minDim));                \
            retExpr;                                                                                   \
        }                                                                                              \
    } while (0)

#define OP_CHECK_WRONG_DIMENSION(tensor, dim, retExpr)                                                  \
    do {                                                                                                \
        if ((tensor)->GetViewShape().GetDimNum() != static_cast<size_t>(dim)) {                         \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s has %zu dimensions, expected %zu", #tensor,            \
                    (tensor)->GetViewShape().GetDimNum(), static_cast<size_t>(dim));                    \
            retExpr;                                                                                    \
        }                                                                                               \
    } while (0)

#define OP_CHECK_SHAPE_NOT_EQUAL(a, b, retExpr)                                                    \
    do {                                                                                           \
        if ((a)->GetViewShape() != (b)->GetViewShape()) {                                          \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s shape %s differs from %s shape %s", #a,           \
                    ::op::ToString((a)->GetViewShape()).GetString(), #b,                           \
                    ::op::ToString((b)->GetViewShape()).GetString());                              \
            retExpr;                                                                               \
        }                                                                                          \
    } while (0)

#define OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(tensor, expectedShape, retExpr)                \
    do {                                                                                           \
        if ((tensor)->GetViewShape() != (expectedShape)) {                                         \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s shape %s is not %s", #tensor,                     \
                    ::op::ToString((tensor)->GetViewShape()).GetString(),                          \
                    ::op::ToString(expectedShape).GetString());                                    \
            retExpr;                                                                               \
        }                                                                                          \
    } while (0)

#define OP_CHECK_BROADCAST_AND_INFER_SHAPE(a, b, outShape, retExpr)                              \
    do {                                                                                         \
        if (!::op::BroadcastInferShape((a)->GetViewShape(), (b)->GetViewShape(), outShape)) {    \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s and %s do not broadcast", #a, #b);             \
            retExpr;                                                                             \
        }                                                                                        \
    } while (0)

#define OP_CHECK_COMM_INPUT(workspaceSize, executor)                                     \
    do {                                                                                 \
        if ((workspaceSize) == nullptr || (executor) == nullptr) {                       \
            OP_LOGE(ACLNN_ERR_PARAM_NULLPTR, "workspaceSize or executor is nullptr");    \
            return ACLNN_ERR_PARAM_NULLPTR;                                              \
        }                                                                                \
    } while (0)
