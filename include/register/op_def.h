// ops::OpDef: an operator's prototype -- inputs, outputs, attributes, supported dtype/format
// combinations, per-SoC AI Core configuration and the functions implementing it. Operator
// projects subclass it and fill it in the constructor:
//
//   class AddCustom : public OpDef {
//   public:
//       explicit AddCustom(const char* name) : OpDef(name) {
//           this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
//           this->Output("z").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
//           this->AICore().SetTiling(optiling::TilingFunc).AddConfig("ascend910b");
//       }
//   };
//   OP_ADD(AddCustom);
#pragma once

#include <cstdint>
#include <iostream>  // CANN's op_def.h provides it; host code uses std::cout without including it
#include <memory>
#include <vector>

#include "graph/ascend_string.h"
#include "graph/operator.h"
#include "graph/types.h"
#include "register/op_impl_registry.h"

namespace optiling {

using OP_CHECK_FUNC = ge::graphStatus (*)(const ge::Operator& op, ge::AscendString& result);
using PARAM_GENERALIZE_FUNC = ge::graphStatus (*)(const ge::Operator& op, const ge::AscendString& generalize_config,
                                                  ge::AscendString& generalized_op_params);

}  // namespace optiling

namespace ops {

enum Option { IGNORE = 0, OPTIONAL = 1, REQUIRED = 2, DYNAMIC = 3, VIRTUAL = 4 };

enum class FormatCheckOption : uint32_t { DEFAULT = 0, STRICT = 1, MAX };

enum class DependScope : uint32_t { ALL = 0, TILING = 1, INVALID_SCOPE };

enum class FollowType : uint32_t { ALL = 0, DTYPE = 1, FORMAT = 2, SHAPE = 3, INVALID_TYPE };

enum class CommentSection : uint32_t {
    CATEGORY = 0,
    BRIEF = 1,
    CONSTRAINTS = 2,
    RESTRICTIONS = 3,
    SEE = 4,
    THIRDPARTYFWKCOMPAT = 5,
    SECTION_MAX
};

enum class ScalarType : uint32_t {
    UINT64 = 0,
    INT64 = 1,
    UINT32 = 2,
    INT32 = 3,
    UINT16 = 4,
    INT16 = 5,
    UINT8 = 6,
    INT8 = 7,
    FLOAT32 = 8,
    FLOAT16 = 9,
    INVALID_DTYPE = static_cast<uint32_t>(-1),
};

union ScalarNum {
    uint64_t value_u64;
    int64_t value_i64;
    float value_f32;
    ScalarNum() : value_u64(0) {}
    explicit ScalarNum(uint64_t value) : value_u64(value) {}
    explicit ScalarNum(int64_t value) : value_i64(value) {}
    explicit ScalarNum(float value) : value_f32(value) {}
};

// An initial value for an output (InitValue): the value is stored as float for FLOAT32/FLOAT16
// and as an integer otherwise, whatever type it was given in.
struct ScalarVar {
    ScalarType scalar_type = ScalarType::INVALID_DTYPE;
    ScalarNum scalar_num;

    ScalarVar() = default;
    ScalarVar(ScalarType type, uint64_t num) : scalar_type(type), scalar_num(FromInteger(type, num)) {}
    ScalarVar(ScalarType type, int64_t num) : scalar_type(type), scalar_num(FromInteger(type, num)) {}
    ScalarVar(ScalarType type, int num) : ScalarVar(type, static_cast<int64_t>(num)) {}
    ScalarVar(ScalarType type, unsigned int num) : ScalarVar(type, static_cast<uint64_t>(num)) {}
    ScalarVar(ScalarType type, float num) : scalar_type(type), scalar_num(FromFloat(type, num)) {}
    ScalarVar(ScalarType type, double num) : ScalarVar(type, static_cast<float>(num)) {}

    bool operator==(const ScalarVar& other) const {
        return scalar_type == other.scalar_type && scalar_num.value_u64 == other.scalar_num.value_u64;
    }

private:
    static bool IsFloat(ScalarType type) { return type == ScalarType::FLOAT32 || type == ScalarType::FLOAT16; }
    template <typename Int>
    static ScalarNum FromInteger(ScalarType type, Int num) {
        return IsFloat(type) ? ScalarNum(static_cast<float>(num)) : ScalarNum(num);
    }
    static ScalarNum FromFloat(ScalarType type, float num) {
        if (IsFloat(type)) return ScalarNum(num);
        return type == ScalarType::UINT64 ? ScalarNum(static_cast<uint64_t>(num)) : ScalarNum(static_cast<int64_t>(num));
    }
};

class OpParamDefImpl;
class OpParamDef {
public:
    explicit OpParamDef(const char* name);
    OpParamDef(const OpParamDef& def);
    ~OpParamDef();
    OpParamDef& operator=(const OpParamDef& def);

    OpParamDef& ParamType(Option param_type);
    // One entry per supported combination: the i-th entries of all DataType/Format lists of an
    // op form its i-th combination.
    OpParamDef& DataType(std::vector<ge::DataType> types);
    // Types this parameter accepts in every combination of the other parameters.
    OpParamDef& DataTypeList(std::vector<ge::DataType> types);
    OpParamDef& Format(std::vector<ge::Format> formats);
    OpParamDef& FormatList(std::vector<ge::Format> formats);
    OpParamDef& DataTypeForBinQuery(std::vector<ge::DataType> types);
    OpParamDef& FormatForBinQuery(std::vector<ge::Format> formats);
    OpParamDef& UnknownShapeFormat(std::vector<ge::Format> formats);
    // The input's data is visible to tiling / shape inference (TilingContext::GetInputTensor).
    OpParamDef& ValueDepend(Option value_depend);
    OpParamDef& ValueDepend(Option value_depend, DependScope scope);
    OpParamDef& IgnoreContiguous(void);
    OpParamDef& AutoContiguous();
    OpParamDef& Scalar();
    OpParamDef& ScalarList();
    OpParamDef& To(const ge::DataType type);
    OpParamDef& To(const char* name);
    OpParamDef& Version(uint32_t version);
    OpParamDef& InitValue(uint64_t value);
    OpParamDef& InitValue(const ScalarVar& value);
    OpParamDef& InitValue(const std::vector<ScalarVar>& value);
    OpParamDef& OutputShapeDependOnCompute();
    // Dtypes/formats (and shape) copied from the named input.
    OpParamDef& Follow(const char* paramName);
    OpParamDef& Follow(const char* paramName, FollowType ftype);
    OpParamDef& Comment(const char* comment);

private:
    friend class OpDefAccess;
    std::unique_ptr<OpParamDefImpl> impl_;
};

class OpAttrDefImpl;
class OpAttrDef {
public:
    explicit OpAttrDef(const char* name);
    OpAttrDef(const OpAttrDef& attr_def);
    ~OpAttrDef();
    OpAttrDef& operator=(const OpAttrDef& attr_def);

    // REQUIRED (the default) or OPTIONAL.
    OpAttrDef& AttrType(Option attr_type);
    // Each sets the attribute's type; the overload with a value also sets its default.
    OpAttrDef& Bool(void);
    OpAttrDef& Bool(bool value);
    OpAttrDef& Float(void);
    OpAttrDef& Float(float value);
    OpAttrDef& Int(void);
    OpAttrDef& Int(int64_t value);
    OpAttrDef& String(void);
    OpAttrDef& String(const char* value);
    OpAttrDef& ListBool(void);
    OpAttrDef& ListBool(std::vector<bool> value);
    OpAttrDef& ListFloat(void);
    OpAttrDef& ListFloat(std::vector<float> value);
    OpAttrDef& ListInt(void);
    OpAttrDef& ListInt(std::vector<int64_t> value);
    OpAttrDef& ListListInt(void);
    OpAttrDef& ListListInt(std::vector<std::vector<int64_t>> value);
    OpAttrDef& Version(uint32_t version);
    OpAttrDef& Comment(const char* comment);
    ge::AscendString& GetName(void) const;
    bool IsRequired(void);

private:
    friend class OpDefAccess;
    std::unique_ptr<OpAttrDefImpl> impl_;
};

class OpAICoreConfigImpl;
// Per-SoC AI Core settings; parameters defined here replace the OpDef's parameters of the same
// name on that SoC.
class OpAICoreConfig {
public:
    OpAICoreConfig();
    OpAICoreConfig(const char* soc);
    OpAICoreConfig(const OpAICoreConfig& aicore_config);
    ~OpAICoreConfig();
    OpAICoreConfig& operator=(const OpAICoreConfig& aicore_config);

    OpParamDef& Input(const char* name);
    OpParamDef& Output(const char* name);
    OpAICoreConfig& DynamicCompileStaticFlag(bool flag);
    OpAICoreConfig& DynamicFormatFlag(bool flag);
    OpAICoreConfig& DynamicRankSupportFlag(bool flag);
    OpAICoreConfig& DynamicShapeSupportFlag(bool flag);
    OpAICoreConfig& NeedCheckSupportFlag(bool flag);
    OpAICoreConfig& PrecisionReduceFlag(bool flag);
    OpAICoreConfig& ExtendCfgInfo(const char* key, const char* value);

private:
    friend class OpDefAccess;
    std::unique_ptr<OpAICoreConfigImpl> impl_;
};

class OpAICoreDefImpl;
class OpAICoreDef {
public:
    OpAICoreDef();
    OpAICoreDef(const OpAICoreDef& aicore_def);
    ~OpAICoreDef();
    OpAICoreDef& operator=(const OpAICoreDef& aicore_def);

    OpAICoreDef& SetTiling(gert::OpImplRegisterV2::TilingKernelFunc func);
    OpAICoreDef& SetCheckSupport(optiling::OP_CHECK_FUNC func);
    OpAICoreDef& SetOpSelectFormat(optiling::OP_CHECK_FUNC func);
    OpAICoreDef& SetOpSupportInfo(optiling::OP_CHECK_FUNC func);
    OpAICoreDef& SetOpSpecInfo(optiling::OP_CHECK_FUNC func);
    OpAICoreDef& SetParamGeneralize(optiling::PARAM_GENERALIZE_FUNC func);
    OpAICoreDef& LaunchWithZeroEleOutputTensors(bool launchFlag);
    gert::OpImplRegisterV2::TilingKernelFunc& GetTiling(void);
    optiling::OP_CHECK_FUNC& GetCheckSupport(void);
    optiling::OP_CHECK_FUNC& GetOpSelectFormat(void);
    optiling::OP_CHECK_FUNC& GetOpSupportInfo(void);
    optiling::OP_CHECK_FUNC& GetOpSpecInfo(void);
    optiling::PARAM_GENERALIZE_FUNC& GetParamGeneralize(void);
    // Declares a SoC the op runs on ("ascend910b", "ascend910_93", "ascend310p", ...).
    OpAICoreDef& AddConfig(const char* soc);
    OpAICoreDef& AddConfig(const char* soc, OpAICoreConfig& aicore_config);

private:
    friend class OpDefAccess;
    std::unique_ptr<OpAICoreDefImpl> impl_;
};

class OpDefImpl;
class OpDef {
public:
    explicit OpDef(const char* type);
    OpDef(const OpDef& op_def);
    ~OpDef();
    OpDef& operator=(const OpDef& op_def);

    // Adds the parameter, or returns the existing one of that name.
    OpParamDef& Input(const char* name);
    OpParamDef& Output(const char* name);
    OpAttrDef& Attr(const char* name);
    OpDef& Comment(CommentSection section, const char* comment);
    OpDef& SetInferShape(gert::OpImplRegisterV2::InferShapeKernelFunc func);
    OpDef& SetInferShapeRange(gert::OpImplRegisterV2::InferShapeRangeKernelFunc func);
    OpDef& SetInferDataType(gert::OpImplRegisterV2::InferDataTypeKernelFunc func);
    gert::OpImplRegisterV2::InferShapeKernelFunc& GetInferShape(void);
    gert::OpImplRegisterV2::InferShapeRangeKernelFunc& GetInferShapeRange(void);
    gert::OpImplRegisterV2::InferDataTypeKernelFunc& GetInferDataType(void);
    OpAICoreDef& AICore(void);
    OpDef& FormatMatchMode(FormatCheckOption option);
    OpDef& EnableFallBack(void);

private:
    friend class OpDefAccess;
    std::unique_ptr<OpDefImpl> impl_;
};

}  // namespace ops
