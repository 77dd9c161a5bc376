// gert::RuntimeAttrs: the operator attributes of one invocation, in OpDef order. Values are
// stored as CANN stores them: ints as int64_t, floats as float, bools as one byte, strings as
// NUL-terminated chars, lists as a ContinuousVector; GetAttrPointer<T> reinterprets that storage.
#pragma once

#include <cstddef>
#include <cstdint>

#include "exe_graph/runtime/continuous_vector.h"

namespace gert {

struct NodeFrame;

class RuntimeAttrs {
public:
    explicit RuntimeAttrs(const NodeFrame* frame) : frame_(frame) {}

    // nullptr for an index past the last attribute.
    template <typename T>
    const T* GetAttrPointer(size_t index) const {
        return static_cast<const T*>(GetAttrAddress(index));
    }
    size_t GetAttrNum() const;

    const int64_t* GetInt(size_t index) const { return GetAttrPointer<int64_t>(index); }
    const float* GetFloat(size_t index) const { return GetAttrPointer<float>(index); }
    const bool* GetBool(size_t index) const { return GetAttrPointer<bool>(index); }
    const char* GetStr(size_t index) const { return GetAttrPointer<char>(index); }
    const TypedContinuousVector<int64_t>* GetListInt(size_t index) const {
        return GetAttrPointer<TypedContinuousVector<int64_t>>(index);
    }
    const TypedContinuousVector<float>* GetListFloat(size_t index) const {
        return GetAttrPointer<TypedContinuousVector<float>>(index);
    }
    const TypedContinuousVector<bool>* GetListBool(size_t index) const {
        return GetAttrPointer<TypedContinuousVector<bool>>(index);
    }

private:
    const void* GetAttrAddress(size_t index) const;

    const NodeFrame* frame_;
};

}  // namespace gert
