// ops::OpDef and its parts: records of what operator code declares.

#include "host/op_def_impl.h"
#include "host/registry.h"
#include "register/op_def_registry.h"

namespace ops {

namespace {

OpParamDef& FindOrAddParam(std::deque<OpParamDef>& params, const char* name) {
    for (OpParamDef& param : params) {
        if (OpDefAccess::Of(param).name == name) return param;
    }
    params.emplace_back(name);
    return params.back();
}

}  // namespace

// ---- OpParamDef ----

OpParamDef::OpParamDef(const char* name) : impl_(std::make_unique<OpParamDefImpl>()) { impl_->name = name; }
OpParamDef::OpParamDef(const OpParamDef& def) : impl_(std::make_unique<OpParamDefImpl>(*def.impl_)) {}
OpParamDef::~OpParamDef() = default;
OpParamDef& OpParamDef::operator=(const OpParamDef& def) {
    *impl_ = *def.impl_;
    return *this;
}

OpParamDef& OpParamDef::ParamType(Option param_type) {
    impl_->paramType = param_type;
    return *this;
}
OpParamDef& OpParamDef::DataType(std::vector<ge::DataType> types) {
    impl_->types = std::move(types);
    impl_->typesAreList = false;
    return *this;
}
OpParamDef& OpParamDef::DataTypeList(std::vector<ge::DataType> types) {
    impl_->types = std::move(types);
    impl_->typesAreList = true;
    return *this;
}
OpParamDef& OpParamDef::Format(std::vector<ge::Format> formats) {
    impl_->formats = std::move(formats);
    impl_->formatsAreList = false;
    return *this;
}
OpParamDef& OpParamDef::FormatList(std::vector<ge::Format> formats) {
    impl_->formats = std::move(formats);
    impl_->formatsAreList = true;
    return *this;
}
OpParamDef& OpParamDef::DataTypeForBinQuery(std::vector<ge::DataType> types) {
    impl_->typesForBinQuery = std::move(types);
    return *this;
}
OpParamDef& OpParamDef::FormatForBinQuery(std::vector<ge::Format> formats) {
    impl_->formatsForBinQuery = std::move(formats);
    return *this;
}
OpParamDef& OpParamDef::UnknownShapeFormat(std::vector<ge::Format> formats) {
    impl_->unknownShapeFormats = std::move(formats);
    return *this;
}
OpParamDef& OpParamDef::ValueDepend(Option value_depend) { return ValueDepend(value_depend, DependScope::ALL); }
OpParamDef& OpParamDef::ValueDepend(Option value_depend, DependScope scope) {
    impl_->valueDepend = value_depend;
    impl_->dependScope = scope;
    return *this;
}
OpParamDef& OpParamDef::IgnoreContiguous(void) {
    impl_->ignoreContiguous = true;
    return *this;
}
OpParamDef& OpParamDef::AutoContiguous() {
    impl_->autoContiguous = true;
    return *this;
}
OpParamDef& OpParamDef::Scalar() {
    impl_->scalar = true;
    return *this;
}
OpParamDef& OpParamDef::ScalarList() {
    impl_->scalarList = true;
    return *this;
}
OpParamDef& OpParamDef::To(const ge::DataType type) {
    impl_->scalarType = type;
    return *this;
}
OpParamDef& OpParamDef::To(const char* name) {
    impl_->scalarTypeFrom = name;
    return *this;
}
OpParamDef& OpParamDef::Version(uint32_t version) {
    impl_->version = version;
    return *this;
}
OpParamDef& OpParamDef::InitValue(uint64_t value) {
    impl_->initValues = {ScalarVar(ScalarType::UINT64, value)};
    return *this;
}
OpParamDef& OpParamDef::InitValue(const ScalarVar& value) {
    impl_->initValues = {value};
    return *this;
}
OpParamDef& OpParamDef::InitValue(const std::vector<ScalarVar>& value) {
    impl_->initValues = value;
    return *this;
}
OpParamDef& OpParamDef::OutputShapeDependOnCompute() {
    impl_->outputShapeDependOnCompute = true;
    return *this;
}
OpParamDef& OpParamDef::Follow(const char* paramName) { return Follow(paramName, FollowType::ALL); }
OpParamDef& OpParamDef::Follow(const char* paramName, FollowType ftype) {
    impl_->followName = paramName;
    impl_->followType = ftype;
    return *this;
}
OpParamDef& OpParamDef::Comment(const char* comment) {
    impl_->comment = comment;
    return *this;
}

// ---- OpAttrDef ----

OpAttrDef::OpAttrDef(const char* name) : impl_(std::make_unique<OpAttrDefImpl>()) { impl_->name = ge::AscendString(name); }
OpAttrDef::OpAttrDef(const OpAttrDef& attr_def) : impl_(std::make_unique<OpAttrDefImpl>(*attr_def.impl_)) {}
OpAttrDef::~OpAttrDef() = default;
OpAttrDef& OpAttrDef::operator=(const OpAttrDef& attr_def) {
    *impl_ = *attr_def.impl_;
    return *this;
}

OpAttrDef& OpAttrDef::AttrType(Option attr_type) {
    impl_->required = attr_type != OPTIONAL;
    return *this;
}

namespace {
// Sets the attribute's kind; resets the default so a later typed call without value clears it.
akg::host::AttrValue& Typed(OpAttrDefImpl& impl, akg::host::AttrKind kind) {
    impl.typed = true;
    impl.value = akg::host::AttrValue();
    impl.value.kind = kind;
    return impl.value;
}
}  // namespace

OpAttrDef& OpAttrDef::Bool(void) {
    Typed(*impl_, akg::host::AttrKind::Bool);
    return *this;
}
OpAttrDef& OpAttrDef::Bool(bool value) {
    Typed(*impl_, akg::host::AttrKind::Bool).b = value;
    return *this;
}
OpAttrDef& OpAttrDef::Float(void) {
    Typed(*impl_, akg::host::AttrKind::Float);
    return *this;
}
OpAttrDef& OpAttrDef::Float(float value) {
    Typed(*impl_, akg::host::AttrKind::Float).f = value;
    return *this;
}
OpAttrDef& OpAttrDef::Int(void) {
    Typed(*impl_, akg::host::AttrKind::Int);
    return *this;
}
OpAttrDef& OpAttrDef::Int(int64_t value) {
    Typed(*impl_, akg::host::AttrKind::Int).i = value;
    return *this;
}
OpAttrDef& OpAttrDef::String(void) {
    Typed(*impl_, akg::host::AttrKind::String);
    return *this;
}
OpAttrDef& OpAttrDef::String(const char* value) {
    Typed(*impl_, akg::host::AttrKind::String).s = value;
    return *this;
}
OpAttrDef& OpAttrDef::ListBool(void) {
    Typed(*impl_, akg::host::AttrKind::ListBool);
    return *this;
}
OpAttrDef& OpAttrDef::ListBool(std::vector<bool> value) {
    Typed(*impl_, akg::host::AttrKind::ListBool).listBool = std::move(value);
    return *this;
}
OpAttrDef& OpAttrDef::ListFloat(void) {
    Typed(*impl_, akg::host::AttrKind::ListFloat);
    return *this;
}
OpAttrDef& OpAttrDef::ListFloat(std::vector<float> value) {
    Typed(*impl_, akg::host::AttrKind::ListFloat).listFloat = std::move(value);
    return *this;
}
OpAttrDef& OpAttrDef::ListInt(void) {
    Typed(*impl_, akg::host::AttrKind::ListInt);
    return *this;
}
OpAttrDef& OpAttrDef::ListInt(std::vector<int64_t> value) {
    Typed(*impl_, akg::host::AttrKind::ListInt).listInt = std::move(value);
    return *this;
}
OpAttrDef& OpAttrDef::ListListInt(void) {
    Typed(*impl_, akg::host::AttrKind::ListListInt);
    return *this;
}
OpAttrDef& OpAttrDef::ListListInt(std::vector<std::vector<int64_t>> value) {
    Typed(*impl_, akg::host::AttrKind::ListListInt).listListInt = std::move(value);
    return *this;
}
OpAttrDef& OpAttrDef::Version(uint32_t version) {
    impl_->version = version;
    return *this;
}
OpAttrDef& OpAttrDef::Comment(const char* comment) {
    impl_->comment = comment;
    return *this;
}
ge::AscendString& OpAttrDef::GetName(void) const { return impl_->name; }
bool OpAttrDef::IsRequired(void) { return impl_->required; }

// ---- OpAICoreConfig ----

OpAICoreConfig::OpAICoreConfig() : impl_(std::make_unique<OpAICoreConfigImpl>()) {}
OpAICoreConfig::OpAICoreConfig(const char* soc) : OpAICoreConfig() { impl_->soc = soc; }
OpAICoreConfig::OpAICoreConfig(const OpAICoreConfig& aicore_config)
    : impl_(std::make_unique<OpAICoreConfigImpl>(*aicore_config.impl_)) {}
OpAICoreConfig::~OpAICoreConfig() = default;
OpAICoreConfig& OpAICoreConfig::operator=(const OpAICoreConfig& aicore_config) {
    *impl_ = *aicore_config.impl_;
    return *this;
}

OpParamDef& OpAICoreConfig::Input(const char* name) { return FindOrAddParam(impl_->inputs, name); }
OpParamDef& OpAICoreConfig::Output(const char* name) { return FindOrAddParam(impl_->outputs, name); }

namespace {
OpAICoreConfig& SetCfg(OpAICoreConfig& self, OpAICoreConfigImpl& impl, const char* key, std::string value) {
    for (auto& entry : impl.cfg) {
        if (entry.first == key) {
            entry.second = std::move(value);
            return self;
        }
    }
    impl.cfg.emplace_back(key, std::move(value));
    return self;
}
const char* Flag(bool flag) { return flag ? "true" : "false"; }
}  // namespace

OpAICoreConfig& OpAICoreConfig::DynamicCompileStaticFlag(bool flag) {
    return SetCfg(*this, *impl_, "dynamicCompileStatic.flag", Flag(flag));
}
OpAICoreConfig& OpAICoreConfig::DynamicFormatFlag(bool flag) {
    return SetCfg(*this, *impl_, "dynamicFormat.flag", Flag(flag));
}
OpAICoreConfig& OpAICoreConfig::DynamicRankSupportFlag(bool flag) {
    return SetCfg(*this, *impl_, "dynamicRankSupport.flag", Flag(flag));
}
OpAICoreConfig& OpAICoreConfig::DynamicShapeSupportFlag(bool flag) {
    return SetCfg(*this, *impl_, "dynamicShapeSupport.flag", Flag(flag));
}
OpAICoreConfig& OpAICoreConfig::NeedCheckSupportFlag(bool flag) {
    return SetCfg(*this, *impl_, "needCheckSupport.flag", Flag(flag));
}
OpAICoreConfig& OpAICoreConfig::PrecisionReduceFlag(bool flag) {
    return SetCfg(*this, *impl_, "precision_reduce.flag", Flag(flag));
}
OpAICoreConfig& OpAICoreConfig::ExtendCfgInfo(const char* key, const char* value) {
    return SetCfg(*this, *impl_, key, value);
}

// ---- OpAICoreDef ----

OpAICoreDef::OpAICoreDef() : impl_(std::make_unique<OpAICoreDefImpl>()) {}
OpAICoreDef::OpAICoreDef(const OpAICoreDef& aicore_def) : impl_(std::make_unique<OpAICoreDefImpl>(*aicore_def.impl_)) {}
OpAICoreDef::~OpAICoreDef() = default;
OpAICoreDef& OpAICoreDef::operator=(const OpAICoreDef& aicore_def) {
    *impl_ = *aicore_def.impl_;
    return *this;
}

OpAICoreDef& OpAICoreDef::SetTiling(gert::OpImplRegisterV2::TilingKernelFunc func) {
    impl_->tiling = func;
    return *this;
}
OpAICoreDef& OpAICoreDef::SetCheckSupport(optiling::OP_CHECK_FUNC func) {
    impl_->checkSupport = func;
    return *this;
}
OpAICoreDef& OpAICoreDef::SetOpSelectFormat(optiling::OP_CHECK_FUNC func) {
    impl_->opSelectFormat = func;
    return *this;
}
OpAICoreDef& OpAICoreDef::SetOpSupportInfo(optiling::OP_CHECK_FUNC func) {
    impl_->opSupportInfo = func;
    return *this;
}
OpAICoreDef& OpAICoreDef::SetOpSpecInfo(optiling::OP_CHECK_FUNC func) {
    impl_->opSpecInfo = func;
    return *this;
}
OpAICoreDef& OpAICoreDef::SetParamGeneralize(optiling::PARAM_GENERALIZE_FUNC func) {
    impl_->paramGeneralize = func;
    return *this;
}
OpAICoreDef& OpAICoreDef::LaunchWithZeroEleOutputTensors(bool launchFlag) {
    impl_->launchWithZeroEleOutputs = launchFlag;
    return *this;
}
gert::OpImplRegisterV2::TilingKernelFunc& OpAICoreDef::GetTiling(void) { return impl_->tiling; }
optiling::OP_CHECK_FUNC& OpAICoreDef::GetCheckSupport(void) { return impl_->checkSupport; }
optiling::OP_CHECK_FUNC& OpAICoreDef::GetOpSelectFormat(void) { return impl_->opSelectFormat; }
optiling::OP_CHECK_FUNC& OpAICoreDef::GetOpSupportInfo(void) { return impl_->opSupportInfo; }
optiling::OP_CHECK_FUNC& OpAICoreDef::GetOpSpecInfo(void) { return impl_->opSpecInfo; }
optiling::PARAM_GENERALIZE_FUNC& OpAICoreDef::GetParamGeneralize(void) { return impl_->paramGeneralize; }

OpAICoreDef& OpAICoreDef::AddConfig(const char* soc) {
    OpAICoreConfig config(soc);
    return AddConfig(soc, config);
}
OpAICoreDef& OpAICoreDef::AddConfig(const char* soc, OpAICoreConfig& aicore_config) {
    for (auto& entry : impl_->configs) {
        if (entry.first == soc) {
            entry.second = aicore_config;
            return *this;
        }
    }
    impl_->configs.emplace_back(soc, aicore_config);
    return *this;
}

// ---- OpDef ----

OpDef::OpDef(const char* type) : impl_(std::make_unique<OpDefImpl>()) { impl_->type = type; }
OpDef::OpDef(const OpDef& op_def) : impl_(std::make_unique<OpDefImpl>(*op_def.impl_)) {}
OpDef::~OpDef() = default;
OpDef& OpDef::operator=(const OpDef& op_def) {
    *impl_ = *op_def.impl_;
    return *this;
}

OpParamDef& OpDef::Input(const char* name) { return FindOrAddParam(impl_->inputs, name); }
OpParamDef& OpDef::Output(const char* name) { return FindOrAddParam(impl_->outputs, name); }
OpAttrDef& OpDef::Attr(const char* name) {
    for (OpAttrDef& attr : impl_->attrs) {
        if (OpDefAccess::Of(attr).name == ge::AscendString(name)) return attr;
    }
    impl_->attrs.emplace_back(name);
    return impl_->attrs.back();
}
OpDef& OpDef::Comment(CommentSection section, const char* comment) {
    impl_->comments.emplace_back(section, comment);
    return *this;
}
OpDef& OpDef::SetInferShape(gert::OpImplRegisterV2::InferShapeKernelFunc func) {
    impl_->inferShape = func;
    return *this;
}
OpDef& OpDef::SetInferShapeRange(gert::OpImplRegisterV2::InferShapeRangeKernelFunc func) {
    impl_->inferShapeRange = func;
    return *this;
}
OpDef& OpDef::SetInferDataType(gert::OpImplRegisterV2::InferDataTypeKernelFunc func) {
    impl_->inferDataType = func;
    return *this;
}
gert::OpImplRegisterV2::InferShapeKernelFunc& OpDef::GetInferShape(void) { return impl_->inferShape; }
gert::OpImplRegisterV2::InferShapeRangeKernelFunc& OpDef::GetInferShapeRange(void) { return impl_->inferShapeRange; }
gert::OpImplRegisterV2::InferDataTypeKernelFunc& OpDef::GetInferDataType(void) { return impl_->inferDataType; }
OpAICoreDef& OpDef::AICore(void) { return impl_->aicore; }
OpDef& OpDef::FormatMatchMode(FormatCheckOption option) {
    impl_->formatMatchMode = option;
    return *this;
}
OpDef& OpDef::EnableFallBack(void) {
    impl_->enableFallBack = true;
    return *this;
}

int OpDefFactory::OpDefRegister(const char* name, OpDefCreator creator) {
    akg::host::Registry::Get().AddOpDef(name, creator);
    return 0;
}

}  // namespace ops
