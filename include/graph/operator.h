// ge::Operator: the graph node check-support (SetCheckSupport) and op-select-format callbacks
// receive. Holds named input/output descriptions and attributes.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "graph/ascend_string.h"
#include "graph/tensor.h"
#include "graph/types.h"

namespace ge {

class Operator {
public:
    Operator() = default;
    explicit Operator(const char* type) : name_(type), type_(type) {}
    Operator(const char* name, const char* type) : name_(name), type_(type) {}

    graphStatus GetName(AscendString& name) const {
        name = AscendString(name_.c_str());
        return GRAPH_SUCCESS;
    }
    graphStatus GetOpType(AscendString& type) const {
        type = AscendString(type_.c_str());
        return GRAPH_SUCCESS;
    }

    // Adds the description when the name is new, replaces it otherwise.
    graphStatus UpdateInputDesc(const char* name, const TensorDesc& desc) { return Update(inputs_, name, desc); }
    graphStatus UpdateOutputDesc(const char* name, const TensorDesc& desc) { return Update(outputs_, name, desc); }

    TensorDesc GetInputDescByName(const char* name) const { return Find(inputs_, name); }
    TensorDesc GetOutputDescByName(const char* name) const { return Find(outputs_, name); }
    TensorDesc GetInputDesc(uint32_t index) const { return index < inputs_.size() ? inputs_[index].second : TensorDesc(); }
    TensorDesc GetOutputDesc(uint32_t index) const { return index < outputs_.size() ? outputs_[index].second : TensorDesc(); }
    size_t GetInputsSize() const { return inputs_.size(); }
    size_t GetOutputsSize() const { return outputs_.size(); }

    Operator& SetAttr(const char* name, int64_t value) { return Set(name, Kind::Int, &AttrSlot::i, value); }
    Operator& SetAttr(const char* name, int32_t value) { return SetAttr(name, static_cast<int64_t>(value)); }
    Operator& SetAttr(const char* name, float value) { return Set(name, Kind::Float, &AttrSlot::f, value); }
    Operator& SetAttr(const char* name, bool value) { return Set(name, Kind::Bool, &AttrSlot::b, value); }
    Operator& SetAttr(const char* name, const char* value) {
        return Set(name, Kind::String, &AttrSlot::s, std::string(value));
    }
    Operator& SetAttr(const char* name, const std::vector<int64_t>& value) {
        return Set(name, Kind::ListInt, &AttrSlot::li, value);
    }

    // GRAPH_FAILED when the attribute is absent or was set with another type.
    graphStatus GetAttr(const char* name, int64_t& value) const { return Get(name, Kind::Int, &AttrSlot::i, value); }
    graphStatus GetAttr(const char* name, int32_t& value) const {
        int64_t wide = 0;
        const graphStatus status = GetAttr(name, wide);
        value = static_cast<int32_t>(wide);
        return status;
    }
    graphStatus GetAttr(const char* name, float& value) const { return Get(name, Kind::Float, &AttrSlot::f, value); }
    graphStatus GetAttr(const char* name, bool& value) const { return Get(name, Kind::Bool, &AttrSlot::b, value); }
    graphStatus GetAttr(const char* name, std::string& value) const {
        return Get(name, Kind::String, &AttrSlot::s, value);
    }
    graphStatus GetAttr(const char* name, AscendString& value) const {
        std::string text;
        const graphStatus status = GetAttr(name, text);
        value = AscendString(text.c_str());
        return status;
    }
    graphStatus GetAttr(const char* name, std::vector<int64_t>& value) const {
        return Get(name, Kind::ListInt, &AttrSlot::li, value);
    }

private:
    enum class Kind { Int, Float, Bool, String, ListInt };
    struct AttrSlot {
        Kind kind = Kind::Int;
        int64_t i = 0;
        float f = 0;
        bool b = false;
        std::string s;
        std::vector<int64_t> li;
    };
    using Descs = std::vector<std::pair<std::string, TensorDesc>>;

    static graphStatus Update(Descs& descs, const char* name, const TensorDesc& desc) {
        for (auto& entry : descs) {
            if (entry.first == name) {
                entry.second = desc;
                return GRAPH_SUCCESS;
            }
        }
        descs.emplace_back(name, desc);
        return GRAPH_SUCCESS;
    }
    static TensorDesc Find(const Descs& descs, const char* name) {
        for (const auto& entry : descs) {
            if (entry.first == name) return entry.second;
        }
        return TensorDesc();
    }
    template <typename T>
    Operator& Set(const char* name, Kind kind, T AttrSlot::*member, const T& value) {
        AttrSlot& slot = attrs_[name];
        slot.kind = kind;
        slot.*member = value;
        return *this;
    }
    template <typename T>
    graphStatus Get(const char* name, Kind kind, T AttrSlot::*member, T& value) const {
        const auto it = attrs_.find(name);
        if (it == attrs_.end() || it->second.kind != kind) return GRAPH_FAILED;
        value = it->second.*member;
        return GRAPH_SUCCESS;
    }

    std::string name_;
    std::string type_;
    Descs inputs_;
    Descs outputs_;
    std::map<std::string, AttrSlot> attrs_;
};

}  // namespace ge
