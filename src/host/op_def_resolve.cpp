// Turns an OpDef into the runner's view (akg::host::ParamInfo/AttrInfo) for one SoC.
#include <algorithm>
#include <cctype>

#include "host/op_def_impl.h"

namespace akg::host {

namespace {

ParamKind KindOf(ops::Option option) {
    switch (option) {
        case ops::OPTIONAL: return ParamKind::Optional;
        case ops::DYNAMIC: return ParamKind::Dynamic;
        default: return ParamKind::Required;
    }
}

// The OpDef's parameters with same-named parameters of `config` replacing them (new names are
// appended).
std::vector<const ops::OpParamDefImpl*> Merge(const std::deque<ops::OpParamDef>& base,
                                             const std::deque<ops::OpParamDef>* overrides) {
    std::vector<const ops::OpParamDefImpl*> merged;
    for (const ops::OpParamDef& param : base) merged.push_back(&ops::OpDefAccess::Of(param));
    if (overrides == nullptr) return merged;
    for (const ops::OpParamDef& param : *overrides) {
        const ops::OpParamDefImpl& impl = ops::OpDefAccess::Of(param);
        bool replaced = false;
        for (auto& slot : merged) {
            if (slot->name == impl.name) {
                slot = &impl;
                replaced = true;
            }
        }
        if (!replaced) merged.push_back(&impl);
    }
    return merged;
}

// The number an InitValue entry holds: floats for FLOAT32/FLOAT16, integers otherwise (ScalarVar).
double InitNumber(const ops::ScalarVar& v) {
    switch (v.scalar_type) {
        case ops::ScalarType::FLOAT32:
        case ops::ScalarType::FLOAT16: return double(v.scalar_num.value_f32);
        case ops::ScalarType::UINT64: return double(v.scalar_num.value_u64);
        default: return double(v.scalar_num.value_i64);
    }
}

// Expands dtype/format declarations into combination columns. Plain DataType/Format lists give
// the base columns (entry i of every such list belongs to column i); each DataTypeList/FormatList
// multiplies the columns by its length, its entries varying fastest in declaration order.
void ExpandColumns(const std::vector<const ops::OpParamDefImpl*>& params, std::vector<ParamInfo>& out) {
    size_t baseColumns = 0;
    for (const auto* p : params) {
        if (!p->typesAreList && !p->types.empty()) baseColumns = std::max(baseColumns, p->types.size());
        if (!p->formatsAreList && !p->formats.empty()) baseColumns = std::max(baseColumns, p->formats.size());
    }
    if (baseColumns == 0) baseColumns = 1;

    struct ListAxis {
        size_t param;
        bool isType;
        size_t length;
    };
    std::vector<ListAxis> axes;
    size_t listCombinations = 1;
    for (size_t i = 0; i < params.size(); ++i) {
        if (params[i]->typesAreList && !params[i]->types.empty()) {
            axes.push_back({i, true, params[i]->types.size()});
            listCombinations *= params[i]->types.size();
        }
        if (params[i]->formatsAreList && !params[i]->formats.empty()) {
            axes.push_back({i, false, params[i]->formats.size()});
            listCombinations *= params[i]->formats.size();
        }
    }

    const size_t columns = baseColumns * listCombinations;
    for (size_t i = 0; i < params.size(); ++i) {
        if (!params[i]->types.empty()) out[i].dtypes.resize(columns);
        out[i].formats.resize(columns, ge::FORMAT_ND);
    }
    for (size_t column = 0; column < columns; ++column) {
        const size_t base = column / listCombinations;
        size_t rest = column % listCombinations;
        std::vector<size_t> listIndex(axes.size());
        for (size_t a = axes.size(); a-- > 0;) {
            listIndex[a] = rest % axes[a].length;
            rest /= axes[a].length;
        }
        for (size_t i = 0; i < params.size(); ++i) {
            const auto* p = params[i];
            if (!p->initValues.empty()) {
                // InitValue's list is indexed like the DataType list; one entry applies to all.
                out[i].initValues.resize(columns);
                out[i].initValues[column] = InitNumber(p->initValues[std::min(base, p->initValues.size() - 1)]);
            }
            if (!p->types.empty() && !p->typesAreList) out[i].dtypes[column] = p->types[std::min(base, p->types.size() - 1)];
            if (!p->formats.empty() && !p->formatsAreList) {
                out[i].formats[column] = p->formats[std::min(base, p->formats.size() - 1)];
            }
        }
        for (size_t a = 0; a < axes.size(); ++a) {
            const auto* p = params[axes[a].param];
            if (axes[a].isType) {
                out[axes[a].param].dtypes[column] = p->types[listIndex[a]];
            } else {
                out[axes[a].param].formats[column] = p->formats[listIndex[a]];
            }
        }
    }
}

ParamInfo Describe(const ops::OpParamDefImpl& p) {
    ParamInfo info;
    info.name = p.name;
    info.kind = KindOf(p.paramType);
    info.valueDepend = p.valueDepend == ops::REQUIRED || p.valueDepend == ops::OPTIONAL;
    info.scalar = p.scalar || p.scalarList;
    info.shapeDependOnCompute = p.outputShapeDependOnCompute;
    return info;
}

// Follow("x"): copies dtypes and/or formats from the named input, through chains of follows.
void ResolveFollow(const std::vector<const ops::OpParamDefImpl*>& inputDefs, std::vector<ParamInfo>& inputs,
                   const std::vector<const ops::OpParamDefImpl*>& defs, std::vector<ParamInfo>& params) {
    for (size_t i = 0; i < defs.size(); ++i) {
        const ops::OpParamDefImpl* follower = defs[i];
        const ops::FollowType type = follower->followType;
        std::string source = follower->followName;
        for (size_t hops = 0; !source.empty() && hops <= inputDefs.size(); ++hops) {
            size_t j = 0;
            while (j < inputDefs.size() && inputDefs[j]->name != source) ++j;
            if (j == inputDefs.size()) break;
            if (inputDefs[j]->followName.empty()) {
                if (type == ops::FollowType::ALL || type == ops::FollowType::DTYPE) params[i].dtypes = inputs[j].dtypes;
                if (type == ops::FollowType::ALL || type == ops::FollowType::FORMAT) params[i].formats = inputs[j].formats;
                break;
            }
            source = inputDefs[j]->followName;
        }
    }
}

AttrInfo Describe(const ops::OpAttrDefImpl& a) {
    AttrInfo info;
    info.name = a.name.GetString();
    info.kind = a.value.kind;
    info.required = a.required;
    info.defaultValue = a.value;
    return info;
}

}  // namespace

std::string ConfigSocName(const std::string& shortSocVersion) {
    std::string name = shortSocVersion;
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return name;
}

ResolvedOp ResolveOpDef(const ops::OpDef& def, const std::string& soc) {
    const ops::OpDefImpl& op = ops::OpDefAccess::Of(def);
    const ops::OpAICoreConfigImpl* config = nullptr;
    for (const auto& entry : ops::OpDefAccess::Of(op.aicore).configs) {
        if (ConfigSocName(entry.first) == soc) config = &ops::OpDefAccess::Of(entry.second);
    }
    const auto inputDefs = Merge(op.inputs, config ? &config->inputs : nullptr);
    const auto outputDefs = Merge(op.outputs, config ? &config->outputs : nullptr);

    std::vector<const ops::OpParamDefImpl*> all(inputDefs);
    all.insert(all.end(), outputDefs.begin(), outputDefs.end());
    std::vector<ParamInfo> described;
    for (const auto* p : all) described.push_back(Describe(*p));
    ExpandColumns(all, described);

    ResolvedOp resolved;
    resolved.inputs.assign(described.begin(), described.begin() + inputDefs.size());
    resolved.outputs.assign(described.begin() + inputDefs.size(), described.end());
    ResolveFollow(inputDefs, resolved.inputs, inputDefs, resolved.inputs);
    ResolveFollow(inputDefs, resolved.inputs, outputDefs, resolved.outputs);
    for (const auto* p : inputDefs) {
        resolved.inputValueDependAll.push_back((p->valueDepend == ops::REQUIRED || p->valueDepend == ops::OPTIONAL) &&
                                               p->dependScope == ops::DependScope::ALL);
    }
    for (const ops::OpAttrDef& attr : op.attrs) resolved.attrs.push_back(Describe(ops::OpDefAccess::Of(attr)));
    return resolved;
}

}  // namespace akg::host
