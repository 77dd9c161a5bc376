// AscendKernelGen torch shim: at::Tensor and the factory functions NPUKernelBench pybind glue uses.
// Tensors are contiguous; storage (akg::pyshim::TensorData) is shared between copies and views,
// like ATen's. Heavy lifting (dtype conversion, arithmetic, reductions) lives in libakg_pyshim.
#pragma once

#include "akg/pyshim/pyshim.h"
#include "akg_shim/c10.h"

namespace at {

using namespace c10;

template <class T, size_t N>
class TensorAccessor;

class Tensor {
public:
    Tensor() = default;
    // Wraps shim storage (shared, not copied). `data.storage == nullptr` gives an undefined tensor.
    explicit Tensor(akg::pyshim::TensorData data, Device device = Device(kCPU));

    // ---- metadata ------------------------------------------------------------------------
    bool defined() const { return static_cast<bool>(d_.storage); }
    IntArrayRef sizes() const { return IntArrayRef(d_.shape.data(), d_.shape.size()); }
    IntArrayRef strides() const { return IntArrayRef(strides_.data(), strides_.size()); }
    int64_t size(int64_t dim) const { return d_.shape[WrapDim(dim)]; }
    int64_t stride(int64_t dim) const { return strides_[WrapDim(dim)]; }
    int64_t dim() const { return static_cast<int64_t>(d_.shape.size()); }
    int64_t ndimension() const { return dim(); }
    int64_t numel() const;
    ScalarType scalar_type() const { return FromGeDataType(d_.dtype); }
    TypeMeta dtype() const { return TypeMeta::fromScalarType(scalar_type()); }
    Device device() const { return device_; }
    Layout layout() const { return kStrided; }
    TensorOptions options() const { return TensorOptions().dtype(scalar_type()).device(device_); }
    int64_t element_size() const { return static_cast<int64_t>(elementSize(scalar_type())); }
    int64_t itemsize() const { return element_size(); }
    size_t nbytes() const { return static_cast<size_t>(numel() * element_size()); }
    int64_t storage_offset() const { return element_size() ? static_cast<int64_t>(d_.offsetBytes) / element_size() : 0; }
    bool is_contiguous(MemoryFormat = MemoryFormat::Contiguous) const { return true; }
    bool is_cpu() const { return device_.is_cpu(); }
    bool is_cuda() const { return false; }
    bool is_meta() const { return false; }
    bool is_sparse() const { return false; }
    bool is_floating_point() const { return isFloatingType(scalar_type()); }
    bool is_complex() const { return isComplexType(scalar_type()); }
    bool is_signed() const { return isSignedType(scalar_type()); }
    bool requires_grad() const { return false; }
    bool is_same(const Tensor& o) const {
        return d_.storage == o.d_.storage && d_.offsetBytes == o.d_.offsetBytes && d_.shape == o.d_.shape &&
               d_.dtype == o.d_.dtype;
    }
    std::string toString() const;

    // ---- conversion ----------------------------------------------------------------------
    Tensor contiguous(MemoryFormat = MemoryFormat::Contiguous) const { return *this; }
    Tensor to(TensorOptions options, bool non_blocking = false, bool copy = false,
              std::optional<MemoryFormat> memory_format = std::nullopt) const;
    Tensor to(ScalarType dtype, bool non_blocking = false, bool copy = false,
              std::optional<MemoryFormat> memory_format = std::nullopt) const;
    Tensor to(Device device, ScalarType dtype, bool non_blocking = false, bool copy = false,
              std::optional<MemoryFormat> memory_format = std::nullopt) const;
    Tensor to(const Tensor& other, bool non_blocking = false, bool copy = false,
              std::optional<MemoryFormat> memory_format = std::nullopt) const;
    Tensor toType(ScalarType t) const { return to(t); }
    Tensor type_as(const Tensor& other) const { return to(other.scalar_type()); }
    Tensor cpu() const { return to(TensorOptions(Device(kCPU))); }
    Tensor clone(std::optional<MemoryFormat> memory_format = std::nullopt) const;
    Tensor detach() const { return *this; }
    Tensor& requires_grad_(bool = true) { return *this; }

    // ---- element access ------------------------------------------------------------------
    Scalar item() const;
    template <class T>
    T item() const { return item().to<T>(); }
    void* data_ptr() const { return d_.data(); }
    const void* const_data_ptr() const { return d_.data(); }
    void* mutable_data_ptr() const { return d_.data(); }
    template <class T>
    T* data_ptr() const {
        CheckElementType(CppTypeToScalarType<T>::value, "data_ptr");
        return reinterpret_cast<T*>(d_.data());
    }
    template <class T>
    const T* const_data_ptr() const { return data_ptr<T>(); }
    template <class T>
    T* mutable_data_ptr() const { return data_ptr<T>(); }
    template <class T, size_t N>
    TensorAccessor<T, N> accessor() const&;
    template <class T, size_t N>
    TensorAccessor<T, N> accessor() && = delete;

    // ---- in-place ------------------------------------------------------------------------
    Tensor& fill_(const Scalar& value);
    Tensor& fill_(const Tensor& value);
    Tensor& zero_();
    Tensor& copy_(const Tensor& src, bool non_blocking = false);

    // ---- views (share storage when the result is contiguous; see docs/pybind-shim.md) -----
    Tensor view(IntArrayRef shape) const;
    Tensor reshape(IntArrayRef shape) const { return view(shape); }
    Tensor view_as(const Tensor& other) const { return view(other.sizes()); }
    Tensor reshape_as(const Tensor& other) const { return view(other.sizes()); }
    Tensor flatten(int64_t start_dim = 0, int64_t end_dim = -1) const;
    Tensor squeeze() const;
    Tensor squeeze(int64_t dim) const;
    Tensor unsqueeze(int64_t dim) const;
    Tensor narrow(int64_t dim, int64_t start, int64_t length) const;
    Tensor select(int64_t dim, int64_t index) const;
    Tensor operator[](int64_t index) const { return select(0, index); }

    // ---- math (computed in double / int64 on the CPU; rare in glue code) -------------------
    Tensor sum(std::optional<ScalarType> dtype = std::nullopt) const;
    Tensor add(const Tensor& other, const Scalar& alpha = 1) const;
    Tensor add(const Scalar& other, const Scalar& alpha = 1) const;
    Tensor sub(const Tensor& other, const Scalar& alpha = 1) const;
    Tensor sub(const Scalar& other, const Scalar& alpha = 1) const;
    Tensor mul(const Tensor& other) const;
    Tensor mul(const Scalar& other) const;
    Tensor div(const Tensor& other) const;
    Tensor div(const Scalar& other) const;
    Tensor neg() const;
    Tensor& add_(const Tensor& other, const Scalar& alpha = 1) { return copy_(add(other, alpha)); }
    Tensor& add_(const Scalar& other, const Scalar& alpha = 1) { return copy_(add(other, alpha)); }
    Tensor& sub_(const Tensor& other, const Scalar& alpha = 1) { return copy_(sub(other, alpha)); }
    Tensor& sub_(const Scalar& other, const Scalar& alpha = 1) { return copy_(sub(other, alpha)); }
    Tensor& mul_(const Tensor& other) { return copy_(mul(other)); }
    Tensor& mul_(const Scalar& other) { return copy_(mul(other)); }
    Tensor& div_(const Tensor& other) { return copy_(div(other)); }
    Tensor& div_(const Scalar& other) { return copy_(div(other)); }
    Tensor operator-() const { return neg(); }
    Tensor& operator+=(const Tensor& o) { return add_(o); }
    Tensor& operator+=(const Scalar& o) { return add_(o); }
    Tensor& operator-=(const Tensor& o) { return sub_(o); }
    Tensor& operator-=(const Scalar& o) { return sub_(o); }
    Tensor& operator*=(const Tensor& o) { return mul_(o); }
    Tensor& operator*=(const Scalar& o) { return mul_(o); }
    Tensor& operator/=(const Tensor& o) { return div_(o); }
    Tensor& operator/=(const Scalar& o) { return div_(o); }

    // ---- shim access ---------------------------------------------------------------------
    const akg::pyshim::TensorData& shim_data() const { return d_; }

private:
    size_t WrapDim(int64_t dim) const;
    void CheckElementType(ScalarType expected, const char* what) const;

    akg::pyshim::TensorData d_;
    Device device_ = Device(kCPU);
    std::vector<int64_t> strides_;
};

std::ostream& operator<<(std::ostream& os, const Tensor& t);

inline Tensor operator+(const Tensor& a, const Tensor& b) { return a.add(b); }
inline Tensor operator+(const Tensor& a, const Scalar& b) { return a.add(b); }
inline Tensor operator+(const Scalar& a, const Tensor& b) { return b.add(a); }
inline Tensor operator-(const Tensor& a, const Tensor& b) { return a.sub(b); }
inline Tensor operator-(const Tensor& a, const Scalar& b) { return a.sub(b); }
inline Tensor operator-(const Scalar& a, const Tensor& b) { return b.neg().add(a); }
inline Tensor operator*(const Tensor& a, const Tensor& b) { return a.mul(b); }
inline Tensor operator*(const Tensor& a, const Scalar& b) { return a.mul(b); }
inline Tensor operator*(const Scalar& a, const Tensor& b) { return b.mul(a); }
inline Tensor operator/(const Tensor& a, const Tensor& b) { return a.div(b); }
inline Tensor operator/(const Tensor& a, const Scalar& b) { return a.div(b); }

// Element access with explicit strides, like ATen's (the tensor must outlive the accessor).
template <class T, size_t N>
class TensorAccessor {
public:
    TensorAccessor(T* data, const int64_t* sizes, const int64_t* strides)
        : data_(data), sizes_(sizes), strides_(strides) {}
    TensorAccessor<T, N - 1> operator[](int64_t i) const {
        return TensorAccessor<T, N - 1>(data_ + i * strides_[0], sizes_ + 1, strides_ + 1);
    }
    int64_t size(int64_t i) const { return sizes_[i]; }
    int64_t stride(int64_t i) const { return strides_[i]; }
    IntArrayRef sizes() const { return IntArrayRef(sizes_, N); }
    IntArrayRef strides() const { return IntArrayRef(strides_, N); }
    T* data() const { return data_; }

private:
    T* data_;
    const int64_t* sizes_;
    const int64_t* strides_;
};
template <class T>
class TensorAccessor<T, 1> {
public:
    TensorAccessor(T* data, const int64_t* sizes, const int64_t* strides)
        : data_(data), sizes_(sizes), strides_(strides) {}
    T& operator[](int64_t i) const { return data_[i * strides_[0]]; }
    int64_t size(int64_t i) const { return sizes_[i]; }
    int64_t stride(int64_t i) const { return strides_[i]; }
    IntArrayRef sizes() const { return IntArrayRef(sizes_, 1); }
    IntArrayRef strides() const { return IntArrayRef(strides_, 1); }
    T* data() const { return data_; }

private:
    T* data_;
    const int64_t* sizes_;
    const int64_t* strides_;
};

template <class T, size_t N>
TensorAccessor<T, N> Tensor::accessor() const& {
    static_assert(N > 0, "accessor is used for indexing tensor, for scalars use *data_ptr<T>()");
    TORCH_CHECK(dim() == static_cast<int64_t>(N), "TensorAccessor expected ", N, " dims but tensor has ", dim());
    return TensorAccessor<T, N>(data_ptr<T>(), d_.shape.data(), strides_.data());
}

using TensorList = ArrayRef<Tensor>;
using ITensorListRef = ArrayRef<Tensor>;

// ---- factories -----------------------------------------------------------------------------
// Options not given: dtype float, device CPU (empty_like/zeros_like: the source tensor's).
Tensor empty(IntArrayRef size, TensorOptions options = {}, std::optional<MemoryFormat> memory_format = std::nullopt);
Tensor empty_like(const Tensor& self, TensorOptions options = {},
                  std::optional<MemoryFormat> memory_format = std::nullopt);
Tensor zeros(IntArrayRef size, TensorOptions options = {});
Tensor zeros_like(const Tensor& self, TensorOptions options = {},
                  std::optional<MemoryFormat> memory_format = std::nullopt);
Tensor ones(IntArrayRef size, TensorOptions options = {});
Tensor ones_like(const Tensor& self, TensorOptions options = {},
                 std::optional<MemoryFormat> memory_format = std::nullopt);
Tensor full(IntArrayRef size, const Scalar& fill_value, TensorOptions options = {});
Tensor full_like(const Tensor& self, const Scalar& fill_value, TensorOptions options = {},
                 std::optional<MemoryFormat> memory_format = std::nullopt);
Tensor scalar_tensor(const Scalar& s, TensorOptions options = {});
// Broadcast shape of a and b (numpy rules); throws on incompatible sizes.
std::vector<int64_t> infer_size(IntArrayRef a, IntArrayRef b);
inline Tensor sum(const Tensor& t, std::optional<ScalarType> dtype = std::nullopt) { return t.sum(dtype); }

}  // namespace at

namespace torch {
using namespace at;
using Dtype = c10::ScalarType;
using Tensor = at::Tensor;

constexpr auto kUInt8 = at::kByte;
constexpr auto kInt8 = at::kChar;
constexpr auto kInt16 = at::kShort;
constexpr auto kInt32 = at::kInt;
constexpr auto kInt64 = at::kLong;
constexpr auto kUInt16 = at::kUInt16;
constexpr auto kUInt32 = at::kUInt32;
constexpr auto kUInt64 = at::kUInt64;
constexpr auto kFloat16 = at::kHalf;
constexpr auto kFloat32 = at::kFloat;
constexpr auto kFloat64 = at::kDouble;
constexpr auto kComplex32 = at::kComplexHalf;
constexpr auto kComplex64 = at::kComplexFloat;
constexpr auto kComplex128 = at::kComplexDouble;
}  // namespace torch
