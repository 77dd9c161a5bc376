// The data behind ops::OpDef and its parts, and read access to it for the runner.
#pragma once

#include <deque>
#include <string>
#include <utility>
#include <vector>

#include "akg/host/host_registry.h"
#include "register/op_def.h"

namespace ops {

struct OpParamDefImpl {
    std::string name;
    Option paramType = REQUIRED;
    std::vector<ge::DataType> types;
    bool typesAreList = false;  // DataTypeList
    std::vector<ge::Format> formats;
    bool formatsAreList = false;  // FormatList
    std::vector<ge::Format> unknownShapeFormats;
    std::vector<ge::DataType> typesForBinQuery;
    std::vector<ge::Format> formatsForBinQuery;
    Option valueDepend = IGNORE;
    DependScope dependScope = DependScope::ALL;
    bool ignoreContiguous = false;
    bool autoContiguous = false;
    bool scalar = false;
    bool scalarList = false;
    ge::DataType scalarType = ge::DT_UNDEFINED;  // To(type)
    std::string scalarTypeFrom;                  // To(name)
    uint32_t version = 0;
    std::vector<ScalarVar> initValues;  // InitValue; one entry applies to every combination
    bool outputShapeDependOnCompute = false;
    std::string followName;
    FollowType followType = FollowType::ALL;
    std::string comment;
};

struct OpAttrDefImpl {
    ge::AscendString name;
    bool required = true;
    bool typed = false;  // one of Bool()/Int()/... was called
    akg::host::AttrValue value;  // kind and default
    uint32_t version = 0;
    std::string comment;
};

struct OpAICoreConfigImpl {
    std::string soc;
    std::deque<OpParamDef> inputs;
    std::deque<OpParamDef> outputs;
    std::vector<std::pair<std::string, std::string>> cfg;  // flags and ExtendCfgInfo, in call order
};

struct OpAICoreDefImpl {
    gert::OpImplRegisterV2::TilingKernelFunc tiling = nullptr;
    optiling::OP_CHECK_FUNC checkSupport = nullptr;
    optiling::OP_CHECK_FUNC opSelectFormat = nullptr;
    optiling::OP_CHECK_FUNC opSupportInfo = nullptr;
    optiling::OP_CHECK_FUNC opSpecInfo = nullptr;
    optiling::PARAM_GENERALIZE_FUNC paramGeneralize = nullptr;
    bool launchWithZeroEleOutputs = false;
    std::vector<std::pair<std::string, OpAICoreConfig>> configs;  // AddConfig order
};

struct OpDefImpl {
    std::string type;
    std::deque<OpParamDef> inputs;
    std::deque<OpParamDef> outputs;
    std::deque<OpAttrDef> attrs;
    std::vector<std::pair<CommentSection, std::string>> comments;
    gert::OpImplRegisterV2::InferShapeKernelFunc inferShape = nullptr;
    gert::OpImplRegisterV2::InferShapeRangeKernelFunc inferShapeRange = nullptr;
    gert::OpImplRegisterV2::InferDataTypeKernelFunc inferDataType = nullptr;
    OpAICoreDef aicore;
    FormatCheckOption formatMatchMode = FormatCheckOption::DEFAULT;
    bool enableFallBack = false;
};

// Read access for the runner.
class OpDefAccess {
public:
    static const OpDefImpl& Of(const OpDef& def) { return *def.impl_; }
    static const OpParamDefImpl& Of(const OpParamDef& def) { return *def.impl_; }
    static const OpAttrDefImpl& Of(const OpAttrDef& def) { return *def.impl_; }
    static const OpAICoreConfigImpl& Of(const OpAICoreConfig& cfg) { return *cfg.impl_; }
    static const OpAICoreDefImpl& Of(const OpAICoreDef& def) { return *def.impl_; }
};

}  // namespace ops

namespace akg::host {

// The op's parameters on `soc` (lower-case short SoC name, e.g. "ascend910b"): the OpDef's
// parameters with those of the matching AddConfig(soc, config) replacing same-named ones, dtype
// and format lists expanded into one column per supported combination, Follow resolved.
struct ResolvedOp {
    std::vector<ParamInfo> inputs;
    std::vector<ParamInfo> outputs;
    std::vector<AttrInfo> attrs;
    std::vector<bool> inputValueDependAll;  // ValueDepend with scope ALL (shape inference sees data)
};
ResolvedOp ResolveOpDef(const ops::OpDef& def, const std::string& soc);

// "Ascend910B" -> "ascend910b", the spelling AddConfig uses.
std::string ConfigSocName(const std::string& shortSocVersion);

}  // namespace akg::host
