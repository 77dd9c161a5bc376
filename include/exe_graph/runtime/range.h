// gert::Range<T>: an inclusive [min, max] pair, used for shape ranges.
#pragma once

namespace gert {

template <typename T>
class Range {
public:
    Range() = default;
    Range(T* min, T* max) : min_(min), max_(max) {}

    const T* GetMin() const { return min_; }
    const T* GetMax() const { return max_; }
    T* GetMin() { return min_; }
    T* GetMax() { return max_; }
    void SetMin(T* min) { min_ = min; }
    void SetMax(T* max) { max_ = max; }

private:
    T* min_ = nullptr;
    T* max_ = nullptr;
};

}  // namespace gert
