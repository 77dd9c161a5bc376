// Logging and check macros of opbase (`op_common/log/log.h`, reached as `log/log.h` in the
// hicann/ops-* repositories). Messages go to the log of the current tiling/inference run
// (akg::host::HostLog), never to stdout; each macro is defined only if not defined already.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "aclnn/opdev/op_log.h"
#include "exe_graph/runtime/shape.h"
#include "graph/types.h"
#include "graph/utils/type_utils.h"
// Operators of the ops-* repositories call memset_s / EOK and use std::set without including
// their headers: in CANN the headers below opbase's log.h bring them in.
#include "securec.h"

// Runs `log_func` then `expr` (typically a return) when `cond` holds.
#ifndef OP_CHECK_IF
#define OP_CHECK_IF(cond, log_func, expr) OPS_CHECK(cond, log_func, expr)
#endif

// Logs and returns ge::GRAPH_FAILED when `ptr` is null.
#ifndef OP_CHECK_NULL_WITH_CONTEXT
#define OP_CHECK_NULL_WITH_CONTEXT(context, ptr) OPS_CHECK_NULL_WITH_CONTEXT(context, ptr)
#endif

// ---------------------------------------------------------------------------------------------
// The log levels and module id of CANN's device log (slog), which operator code queries before
// an expensive dump (ops-transformer's tiling_base: `CheckLogLevel(OP, DLOG_DEBUG)`). The run log
// keeps every level, so every level is enabled.
#ifndef DLOG_DEBUG
#define DLOG_DEBUG 0
#endif
#ifndef DLOG_INFO
#define DLOG_INFO 1
#endif
#ifndef DLOG_WARN
#define DLOG_WARN 2
#endif
#ifndef DLOG_ERROR
#define DLOG_ERROR 3
#endif

constexpr int32_t OP_MODULE_ID = 63;
enum AkgSlogModuleId : int32_t { OP = OP_MODULE_ID };

// 1 when `level` is logged for `moduleId`, as slog answers.
inline int32_t CheckLogLevel(int32_t /*moduleId*/, int32_t level) {
    return level >= DLOG_DEBUG && level <= DLOG_ERROR ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// Names of types, formats and shapes for messages (opbase's Ops::Base::ToString): "DT_FLOAT",
// "NCHW", "[2, 3, 4]", and a list of shapes as "[[2, 3], [4]]".
namespace Ops {
namespace Base {

inline std::string ToString(ge::DataType type) { return ge::TypeUtils::DataTypeToSerialString(type); }
inline std::string ToString(ge::Format format) { return ge::TypeUtils::FormatToSerialString(format); }

inline std::string ToString(const gert::Shape& shape) {
    std::string text = "[";
    for (size_t i = 0; i < shape.GetDimNum(); ++i) {
        if (i != 0) text += ", ";
        text += std::to_string(shape.GetDim(i));
    }
    return text + "]";
}

inline std::string ToString(const std::vector<const gert::Shape*>& shapes) {
    std::string text = "[";
    for (size_t i = 0; i < shapes.size(); ++i) {
        if (i != 0) text += ", ";
        text += shapes[i] == nullptr ? std::string("nil") : ToString(*shapes[i]);
    }
    return text + "]";
}

// The operator named in a message: a name as given ("nil" for a null C string), or a context's
// "<type>:<name>" (opbase's GetOpInfo).
inline const std::string& GetOpInfo(const std::string& str) { return str; }
inline const char* GetOpInfo(const char* str) { return str == nullptr ? "nil" : str; }
template <class T, typename std::enable_if<!std::is_convertible<T, const char*>::value &&
                                               !std::is_convertible<T, std::string>::value, int>::type = 0>
std::string GetOpInfo(T context) {
    if (context == nullptr) return "nil:nil";
    std::string info = context->GetNodeType() != nullptr ? context->GetNodeType() : "nil";
    info += ":";
    info += context->GetNodeName() != nullptr ? context->GetNodeName() : "nil";
    return info;
}

namespace detail {
inline const char* LogName(const std::string& s) { return s.c_str(); }
inline const char* LogName(const char* s) { return s == nullptr ? "nil" : s; }

// One error line for the OP_LOGE_FOR_INVALID_* family: what is wrong with which parameter, and
// either the value expected ("expected") or why the value is wrong ("reason").
inline void LogInvalid(const std::string& entity, const char* what, const std::string& params,
                       const std::string& values, const char* detailKind, const std::string& detail) {
    ::akg::host::HostLog("E", entity.c_str(), "invalid %s of %s in %s: %s (%s: %s)", what, params.c_str(),
                         entity.c_str(), values.c_str(), detailKind, detail.c_str());
}
}  // namespace detail

}  // namespace Base
}  // namespace Ops

// The D_OP_LOG* forms of CANN's log/log.h: (operator name or GetOpInfo string, format, ...).
#ifndef D_OP_LOGE
#define D_OP_LOGE(opname, ...) ::akg::host::HostLog("E", ::Ops::Base::detail::LogName(opname), __VA_ARGS__)
#endif
#ifndef D_OP_LOGW
#define D_OP_LOGW(opname, ...) ::akg::host::HostLog("W", ::Ops::Base::detail::LogName(opname), __VA_ARGS__)
#endif
#ifndef D_OP_LOGI
#define D_OP_LOGI(opname, ...) ::akg::host::HostLog("I", ::Ops::Base::detail::LogName(opname), __VA_ARGS__)
#endif
#ifndef D_OP_LOGD
#define D_OP_LOGD(opname, ...) ::akg::host::HostLog("D", ::Ops::Base::detail::LogName(opname), __VA_ARGS__)
#endif

// opbase's error macros for invalid parameters: (entity, parameter, wrong value, expected value)
// and the _WITH_REASON forms (entity, parameter(s), wrong value(s), reason). Each argument may be a
// C string or a std::string.
#define AKG_OPBASE_LOG_INVALID(entity_, what_, params_, values_, kind_, text_) \
    ::Ops::Base::detail::LogInvalid((entity_), (what_), (params_), (values_), (kind_), (text_))

#ifndef OP_LOGE_FOR_INVALID_SHAPE
#define OP_LOGE_FOR_INVALID_SHAPE(e, p, v, c) AKG_OPBASE_LOG_INVALID(e, "shape", p, v, "expected", c)
#define OP_LOGE_FOR_INVALID_SHAPEDIM(e, p, v, c) AKG_OPBASE_LOG_INVALID(e, "shape dim", p, v, "expected", c)
#define OP_LOGE_FOR_INVALID_SHAPESIZE(e, p, v, c) AKG_OPBASE_LOG_INVALID(e, "shape size", p, v, "expected", c)
#define OP_LOGE_FOR_INVALID_FORMAT(e, p, v, c) AKG_OPBASE_LOG_INVALID(e, "format", p, v, "expected", c)
#define OP_LOGE_FOR_INVALID_DTYPE(e, p, v, c) AKG_OPBASE_LOG_INVALID(e, "dtype", p, v, "expected", c)
#define OP_LOGE_FOR_INVALID_TENSORNUM(e, p, v, c) AKG_OPBASE_LOG_INVALID(e, "tensor number", p, v, "expected", c)
#define OP_LOGE_FOR_INVALID_VALUE(e, p, v, c) AKG_OPBASE_LOG_INVALID(e, "value", p, v, "expected", c)
#define OP_LOGE_FOR_INVALID_LISTSIZE(e, p, v, c) AKG_OPBASE_LOG_INVALID(e, "list size", p, v, "expected", c)
#define OP_LOGE_FOR_INVALID_STRIDE(e, p, v, c) AKG_OPBASE_LOG_INVALID(e, "stride", p, v, "expected", c)

#define OP_LOGE_FOR_INVALID_SHAPE_WITH_REASON(e, p, v, r) AKG_OPBASE_LOG_INVALID(e, "shape", p, v, "reason", r)
#define OP_LOGE_FOR_INVALID_SHAPEDIM_WITH_REASON(e, p, v, r) AKG_OPBASE_LOG_INVALID(e, "shape dim", p, v, "reason", r)
#define OP_LOGE_FOR_INVALID_SHAPESIZE_WITH_REASON(e, p, v, r) \
    AKG_OPBASE_LOG_INVALID(e, "shape size", p, v, "reason", r)
#define OP_LOGE_FOR_INVALID_FORMAT_WITH_REASON(e, p, v, r) AKG_OPBASE_LOG_INVALID(e, "format", p, v, "reason", r)
#define OP_LOGE_FOR_INVALID_DTYPE_WITH_REASON(e, p, v, r) AKG_OPBASE_LOG_INVALID(e, "dtype", p, v, "reason", r)
#define OP_LOGE_FOR_INVALID_VALUE_WITH_REASON(e, p, v, r) AKG_OPBASE_LOG_INVALID(e, "value", p, v, "reason", r)
#define OP_LOGE_FOR_INVALID_LISTSIZE_WITH_REASON(e, p, v, r) AKG_OPBASE_LOG_INVALID(e, "list size", p, v, "reason", r)

#define OP_LOGE_FOR_INVALID_SHAPES_WITH_REASON(e, p, v, r) AKG_OPBASE_LOG_INVALID(e, "shapes", p, v, "reason", r)
#define OP_LOGE_FOR_INVALID_SHAPEDIMS_WITH_REASON(e, p, v, r) \
    AKG_OPBASE_LOG_INVALID(e, "shape dims", p, v, "reason", r)
#define OP_LOGE_FOR_INVALID_SHAPESIZES_WITH_REASON(e, p, v, r) \
    AKG_OPBASE_LOG_INVALID(e, "shape sizes", p, v, "reason", r)
#define OP_LOGE_FOR_INVALID_FORMATS_WITH_REASON(e, p, v, r) AKG_OPBASE_LOG_INVALID(e, "formats", p, v, "reason", r)
#define OP_LOGE_FOR_INVALID_DTYPES_WITH_REASON(e, p, v, r) AKG_OPBASE_LOG_INVALID(e, "dtypes", p, v, "reason", r)
#define OP_LOGE_FOR_INVALID_TENSORNUMS_WITH_REASON(e, p, v, r) \
    AKG_OPBASE_LOG_INVALID(e, "tensor numbers", p, v, "reason", r)
#define OP_LOGE_FOR_INVALID_VALUES_WITH_REASON(e, p, v, r) AKG_OPBASE_LOG_INVALID(e, "values", p, v, "reason", r)
#endif
