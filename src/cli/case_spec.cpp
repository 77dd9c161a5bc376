#include "cli/case_spec.h"

#include <random>
#include <regex>

#include "common/npy.h"

namespace akg::cli {

namespace {
std::string Trim(const std::string& s) {
    size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

bool ParseAttr(const host::AttrInfo& info, const std::string& text, host::AttrValue* v, std::string* error) {
    *v = info.defaultValue;
    v->kind = info.kind;
    try {
        switch (info.kind) {
            case host::AttrKind::Bool: v->b = text == "true" || text == "True" || text == "1"; break;
            case host::AttrKind::Int: v->i = std::stoll(text); break;
            case host::AttrKind::Float: v->f = std::stof(text); break;
            case host::AttrKind::String: v->s = text; break;
            case host::AttrKind::ListInt: {
                std::vector<int64_t> dims;
                if (!ParseShape(text, &dims)) throw std::invalid_argument("list");
                v->listInt = dims;
                break;
            }
            default: *error = "attribute " + info.name + ": this kind cannot be given on the command line"; return false;
        }
    } catch (const std::exception&) {
        *error = "attribute " + info.name + ": cannot parse '" + text + "'";
        return false;
    }
    return true;
}
}  // namespace

bool ParseCase(const std::string& text, std::map<std::string, std::string>* out, std::string* error) {
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t end = text.find(';', pos);
        std::string item = Trim(text.substr(pos, end == std::string::npos ? std::string::npos : end - pos));
        pos = end == std::string::npos ? text.size() + 1 : end + 1;
        if (item.empty()) continue;
        size_t eq = item.find('=');
        if (eq == std::string::npos) return *error = "case item '" + item + "' is not key=value", false;
        (*out)[Trim(item.substr(0, eq))] = Trim(item.substr(eq + 1));
    }
    return true;
}

bool ParseShape(const std::string& text, std::vector<int64_t>* out) {
    out->clear();
    static const std::regex num("-?\\d+");
    static const std::regex valid(R"(^\s*[\[\(]?\s*(-?\d+\s*(,\s*-?\d+\s*)*,?)?\s*[\]\)]?\s*$)");
    if (!std::regex_match(text, valid)) return false;
    for (std::sregex_iterator it(text.begin(), text.end(), num), end; it != end; ++it) out->push_back(std::stoll(it->str()));
    return true;
}

bool MakeCall(const host::OpInfo& op, const std::map<std::string, std::string>& kv,
              const std::vector<std::string>& inputFiles, uint64_t seed, run::OpCall* call, std::string* error) {
    *call = {};
    std::vector<int64_t> shape{16};
    if (auto it = kv.find("shape"); it != kv.end() && !ParseShape(it->second, &shape))
        return *error = "cannot parse shape '" + it->second + "'", false;
    ge::DataType dtype = ge::DT_FLOAT;
    if (auto it = kv.find("dtype"); it != kv.end() && !ParseDType(it->second, &dtype))
        return *error = "unknown dtype '" + it->second + "'", false;

    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    size_t file = 0;
    for (auto& in : op.inputs) {
        std::vector<Tensor> list;
        if (file < inputFiles.size()) {
            Tensor t;
            ge::DataType expect = in.dtypes.empty() ? ge::DT_UNDEFINED : in.dtypes[0];
            if (!ReadNpy(inputFiles[file++], &t, error, expect)) return false;
            list.push_back(std::move(t));
        } else if (in.kind == host::ParamKind::Required) {
            ge::DataType t = dtype;
            // An input whose OpDef lists one type only (an index, a flag) gets that type.
            bool listed = false;
            for (auto d : in.dtypes) listed |= d == dtype;
            if (!listed && !in.dtypes.empty()) t = in.dtypes[0];
            Tensor x = Tensor::Zeros(in.scalar ? std::vector<int64_t>{1} : shape, t);
            for (int64_t i = 0; i < x.Numel(); ++i) x.Set(i, normal(rng));
            list.push_back(std::move(x));
        }
        call->inputs.push_back(std::move(list));
    }
    if (file < inputFiles.size()) return *error = "more --inputs files than the operator has inputs", false;
    for (auto& a : op.attrs) {
        auto it = kv.find(a.name);
        if (it == kv.end()) {
            if (a.required) return *error = "required attribute " + a.name + " is missing from --case", false;
            call->attrs.push_back(a.defaultValue);
            continue;
        }
        host::AttrValue v;
        if (!ParseAttr(a, it->second, &v, error)) return false;
        call->attrs.push_back(v);
    }
    return true;
}

}  // namespace akg::cli
