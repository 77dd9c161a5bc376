// AscendKernelGen torch shim: the c10 subset NPUKernelBench pybind glue uses (ScalarType, Half,
// BFloat16, TypeMeta, Device, ArrayRef, optional, Scalar, TensorOptions, errors and TORCH_CHECK).
// Our own implementation of the documented ATen/c10 API; see docs/pybind-shim.md.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iostream>
#include <iterator>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "graph/types.h"

namespace c10 {

// ---------------------------------------------------------------------------------------------
// Errors and TORCH_CHECK
// ---------------------------------------------------------------------------------------------
class Error : public std::runtime_error {
public:
    explicit Error(const std::string& msg) : std::runtime_error(msg) {}
    const char* what_without_backtrace() const noexcept { return what(); }
    std::string msg() const { return what(); }
};
class ValueError : public Error { using Error::Error; };
class TypeError : public Error { using Error::Error; };
class IndexError : public Error { using Error::Error; };
class NotImplementedError : public Error { using Error::Error; };

namespace detail {
inline void StrCatInto(std::ostringstream&) {}
template <class T, class... Rest>
void StrCatInto(std::ostringstream& os, const T& v, const Rest&... rest) {
    os << v;
    StrCatInto(os, rest...);
}
template <class... Args>
std::string StrCat(const Args&... args) {
    std::ostringstream os;
    StrCatInto(os, args...);
    return os.str();
}
[[noreturn]] inline void CheckFailed(const char* cond) {
    throw Error(std::string("Expected ") + cond + " to be true, but got false.");
}
template <class... Args>
[[noreturn]] void CheckFailed(const char* /*cond*/, const Args&... args) {
    throw Error(StrCat(args...));
}
}  // namespace detail

using std::nullopt;
using std::nullopt_t;
using std::optional;
using std::make_optional;

// ---------------------------------------------------------------------------------------------
// Half / BFloat16 (bit-exact IEEE binary16 and bfloat16, round-to-nearest-even from float)
// ---------------------------------------------------------------------------------------------
namespace detail {
inline uint32_t FloatBits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
inline float BitsFloat(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }

inline uint16_t FloatToHalfBits(float f) {
    const uint32_t x = FloatBits(f);
    const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
    const uint32_t a = x & 0x7fffffffu;
    if (a >= 0x7f800000u) return static_cast<uint16_t>(sign | (a > 0x7f800000u ? 0x7e00u : 0x7c00u));
    if (a >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);  // >= 65520: rounds to inf
    if (a < 0x38800000u) {                                                // half subnormal or zero
        const uint32_t e = a >> 23;
        if (e < 102) return sign;  // below 2^-25: rounds to zero
        const uint32_t m = (a & 0x7fffffu) | 0x800000u;
        const uint32_t shift = 126 - e;  // 14..24
        uint32_t r = m >> shift;
        const uint32_t rem = m & ((1u << shift) - 1);
        const uint32_t halfway = 1u << (shift - 1);
        if (rem > halfway || (rem == halfway && (r & 1u))) ++r;
        return static_cast<uint16_t>(sign | r);
    }
    uint32_t h = (a - 0x38000000u) >> 13;
    const uint32_t rem = a & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;
    return static_cast<uint16_t>(sign | h);
}

inline float HalfBitsToFloat(uint16_t h) {
    const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    const uint32_t e = (h >> 10) & 0x1fu;
    const uint32_t m = h & 0x3ffu;
    if (e == 0) {
        if (m == 0) return BitsFloat(sign);
        // subnormal: m * 2^-24
        const float v = static_cast<float>(m) * 5.9604644775390625e-08f;
        return sign ? -v : v;
    }
    if (e == 31) return BitsFloat(sign | 0x7f800000u | (m << 13));
    return BitsFloat(sign | ((e + 112u) << 23) | (m << 13));
}

inline uint16_t FloatToBFloat16Bits(float f) {
    const uint32_t x = FloatBits(f);
    if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((x >> 16) | 0x0040u);  // quiet NaN
    const uint32_t rounded = x + 0x7fffu + ((x >> 16) & 1u);
    return static_cast<uint16_t>(rounded >> 16);
}
inline float BFloat16BitsToFloat(uint16_t b) { return BitsFloat(static_cast<uint32_t>(b) << 16); }
}  // namespace detail

struct Half {
    uint16_t x = 0;
    struct from_bits_t {};
    static constexpr from_bits_t from_bits() { return from_bits_t(); }
    Half() = default;
    constexpr Half(uint16_t bits, from_bits_t) : x(bits) {}
    Half(float f) : x(detail::FloatToHalfBits(f)) {}
    operator float() const { return detail::HalfBitsToFloat(x); }
};

struct BFloat16 {
    uint16_t x = 0;
    struct from_bits_t {};
    static constexpr from_bits_t from_bits() { return from_bits_t(); }
    BFloat16() = default;
    constexpr BFloat16(uint16_t bits, from_bits_t) : x(bits) {}
    BFloat16(float f) : x(detail::FloatToBFloat16Bits(f)) {}
    operator float() const { return detail::BFloat16BitsToFloat(x); }
};

template <class T>
struct complex {
    T real_ = T();
    T imag_ = T();
    constexpr complex() = default;
    constexpr complex(T re, T im = T()) : real_(re), imag_(im) {}
    constexpr T real() const { return real_; }
    constexpr T imag() const { return imag_; }
};

// ---------------------------------------------------------------------------------------------
// ScalarType
// ---------------------------------------------------------------------------------------------
enum class ScalarType : int8_t {
    Byte = 0,
    Char = 1,
    Short = 2,
    Int = 3,
    Long = 4,
    Half = 5,
    Float = 6,
    Double = 7,
    ComplexHalf = 8,
    ComplexFloat = 9,
    ComplexDouble = 10,
    Bool = 11,
    QInt8 = 12,
    QUInt8 = 13,
    QInt32 = 14,
    BFloat16 = 15,
    UInt16 = 27,
    UInt32 = 28,
    UInt64 = 29,
    Undefined = 64,
    NumOptions
};

constexpr ScalarType kByte = ScalarType::Byte;
constexpr ScalarType kChar = ScalarType::Char;
constexpr ScalarType kShort = ScalarType::Short;
constexpr ScalarType kInt = ScalarType::Int;
constexpr ScalarType kLong = ScalarType::Long;
constexpr ScalarType kHalf = ScalarType::Half;
constexpr ScalarType kFloat = ScalarType::Float;
constexpr ScalarType kDouble = ScalarType::Double;
constexpr ScalarType kComplexHalf = ScalarType::ComplexHalf;
constexpr ScalarType kComplexFloat = ScalarType::ComplexFloat;
constexpr ScalarType kComplexDouble = ScalarType::ComplexDouble;
constexpr ScalarType kBool = ScalarType::Bool;
constexpr ScalarType kQInt8 = ScalarType::QInt8;
constexpr ScalarType kQUInt8 = ScalarType::QUInt8;
constexpr ScalarType kQInt32 = ScalarType::QInt32;
constexpr ScalarType kBFloat16 = ScalarType::BFloat16;
constexpr ScalarType kUInt16 = ScalarType::UInt16;
constexpr ScalarType kUInt32 = ScalarType::UInt32;
constexpr ScalarType kUInt64 = ScalarType::UInt64;

inline const char* toString(ScalarType t) {
    switch (t) {
        case ScalarType::Byte: return "Byte";
        case ScalarType::Char: return "Char";
        case ScalarType::Short: return "Short";
        case ScalarType::Int: return "Int";
        case ScalarType::Long: return "Long";
        case ScalarType::Half: return "Half";
        case ScalarType::Float: return "Float";
        case ScalarType::Double: return "Double";
        case ScalarType::ComplexHalf: return "ComplexHalf";
        case ScalarType::ComplexFloat: return "ComplexFloat";
        case ScalarType::ComplexDouble: return "ComplexDouble";
        case ScalarType::Bool: return "Bool";
        case ScalarType::QInt8: return "QInt8";
        case ScalarType::QUInt8: return "QUInt8";
        case ScalarType::QInt32: return "QInt32";
        case ScalarType::BFloat16: return "BFloat16";
        case ScalarType::UInt16: return "UInt16";
        case ScalarType::UInt32: return "UInt32";
        case ScalarType::UInt64: return "UInt64";
        default: return "Undefined";
    }
}
inline std::ostream& operator<<(std::ostream& os, ScalarType t) { return os << toString(t); }

inline size_t elementSize(ScalarType t) {
    switch (t) {
        case ScalarType::Byte:
        case ScalarType::Char:
        case ScalarType::Bool:
        case ScalarType::QInt8:
        case ScalarType::QUInt8: return 1;
        case ScalarType::Short:
        case ScalarType::Half:
        case ScalarType::BFloat16:
        case ScalarType::UInt16: return 2;
        case ScalarType::Int:
        case ScalarType::Float:
        case ScalarType::ComplexHalf:
        case ScalarType::QInt32:
        case ScalarType::UInt32: return 4;
        case ScalarType::Long:
        case ScalarType::Double:
        case ScalarType::ComplexFloat:
        case ScalarType::UInt64: return 8;
        case ScalarType::ComplexDouble: return 16;
        default: throw Error(std::string("elementSize: unsupported scalar type ") + toString(t));
    }
}
inline bool isFloatingType(ScalarType t) {
    return t == kHalf || t == kFloat || t == kDouble || t == kBFloat16;
}
inline bool isComplexType(ScalarType t) { return t == kComplexHalf || t == kComplexFloat || t == kComplexDouble; }
inline bool isIntegralType(ScalarType t, bool includeBool) {
    switch (t) {
        case ScalarType::Byte:
        case ScalarType::Char:
        case ScalarType::Short:
        case ScalarType::Int:
        case ScalarType::Long:
        case ScalarType::UInt16:
        case ScalarType::UInt32:
        case ScalarType::UInt64: return true;
        case ScalarType::Bool: return includeBool;
        default: return false;
    }
}
inline bool isSignedType(ScalarType t) {
    return !(t == kByte || t == kBool || t == kUInt16 || t == kUInt32 || t == kUInt64);
}
inline bool isReducedFloatingType(ScalarType t) { return t == kHalf || t == kBFloat16; }
inline ScalarType toRealValueType(ScalarType t) {
    switch (t) {
        case ScalarType::ComplexHalf: return kHalf;
        case ScalarType::ComplexFloat: return kFloat;
        case ScalarType::ComplexDouble: return kDouble;
        default: return t;
    }
}
inline ScalarType toComplexType(ScalarType t) {
    switch (t) {
        case ScalarType::Half: return kComplexHalf;
        case ScalarType::Double: return kComplexDouble;
        case ScalarType::ComplexHalf:
        case ScalarType::ComplexFloat:
        case ScalarType::ComplexDouble: return t;
        default: return kComplexFloat;
    }
}
// The type of a binary operation's result between tensors of types a and b (same priority class).
ScalarType promoteTypes(ScalarType a, ScalarType b);

// ScalarType <-> ge::DataType (the storage dtype of akg::pyshim::TensorData).
inline ge::DataType ToGeDataType(ScalarType t) {
    switch (t) {
        case ScalarType::Byte: return ge::DT_UINT8;
        case ScalarType::Char: return ge::DT_INT8;
        case ScalarType::Short: return ge::DT_INT16;
        case ScalarType::Int: return ge::DT_INT32;
        case ScalarType::Long: return ge::DT_INT64;
        case ScalarType::Half: return ge::DT_FLOAT16;
        case ScalarType::Float: return ge::DT_FLOAT;
        case ScalarType::Double: return ge::DT_DOUBLE;
        case ScalarType::ComplexHalf: return ge::DT_COMPLEX32;
        case ScalarType::ComplexFloat: return ge::DT_COMPLEX64;
        case ScalarType::ComplexDouble: return ge::DT_COMPLEX128;
        case ScalarType::Bool: return ge::DT_BOOL;
        case ScalarType::QInt8: return ge::DT_QINT8;
        case ScalarType::QUInt8: return ge::DT_QUINT8;
        case ScalarType::QInt32: return ge::DT_QINT32;
        case ScalarType::BFloat16: return ge::DT_BF16;
        case ScalarType::UInt16: return ge::DT_UINT16;
        case ScalarType::UInt32: return ge::DT_UINT32;
        case ScalarType::UInt64: return ge::DT_UINT64;
        default: return ge::DT_UNDEFINED;
    }
}
inline ScalarType FromGeDataType(ge::DataType t) {
    switch (t) {
        case ge::DT_UINT8: return kByte;
        case ge::DT_INT8: return kChar;
        case ge::DT_INT16: return kShort;
        case ge::DT_INT32: return kInt;
        case ge::DT_INT64: return kLong;
        case ge::DT_FLOAT16: return kHalf;
        case ge::DT_FLOAT: return kFloat;
        case ge::DT_DOUBLE: return kDouble;
        case ge::DT_COMPLEX32: return kComplexHalf;
        case ge::DT_COMPLEX64: return kComplexFloat;
        case ge::DT_COMPLEX128: return kComplexDouble;
        case ge::DT_BOOL: return kBool;
        case ge::DT_QINT8: return kQInt8;
        case ge::DT_QUINT8: return kQUInt8;
        case ge::DT_QINT32: return kQInt32;
        case ge::DT_BF16: return kBFloat16;
        case ge::DT_UINT16: return kUInt16;
        case ge::DT_UINT32: return kUInt32;
        case ge::DT_UINT64: return kUInt64;
        default: return ScalarType::Undefined;
    }
}

// C++ element type <-> ScalarType (for data_ptr<T>, item<T>, accessor<T, N>).
template <class T>
struct CppTypeToScalarType;
#define AKG_SHIM_CPP_TYPE(cpp, st) \
    template <>                    \
    struct CppTypeToScalarType<cpp> { static constexpr ScalarType value = ScalarType::st; };
AKG_SHIM_CPP_TYPE(uint8_t, Byte)
AKG_SHIM_CPP_TYPE(int8_t, Char)
AKG_SHIM_CPP_TYPE(int16_t, Short)
AKG_SHIM_CPP_TYPE(int32_t, Int)
AKG_SHIM_CPP_TYPE(int64_t, Long)
AKG_SHIM_CPP_TYPE(uint16_t, UInt16)
AKG_SHIM_CPP_TYPE(uint32_t, UInt32)
AKG_SHIM_CPP_TYPE(uint64_t, UInt64)
AKG_SHIM_CPP_TYPE(float, Float)
AKG_SHIM_CPP_TYPE(double, Double)
AKG_SHIM_CPP_TYPE(bool, Bool)
AKG_SHIM_CPP_TYPE(c10::Half, Half)
AKG_SHIM_CPP_TYPE(c10::BFloat16, BFloat16)
AKG_SHIM_CPP_TYPE(c10::complex<float>, ComplexFloat)
AKG_SHIM_CPP_TYPE(c10::complex<double>, ComplexDouble)
#undef AKG_SHIM_CPP_TYPE
template <>
struct CppTypeToScalarType<long long> {
    static constexpr ScalarType value = sizeof(long long) == 8 ? ScalarType::Long : ScalarType::Int;
};

// caffe2::TypeMeta: what Tensor::dtype() returns. Compares equal to a ScalarType.
class TypeMeta {
public:
    constexpr TypeMeta() = default;
    static constexpr TypeMeta fromScalarType(ScalarType t) { return TypeMeta(t); }
    template <class T>
    static constexpr TypeMeta Make() { return TypeMeta(CppTypeToScalarType<T>::value); }
    constexpr ScalarType toScalarType() const { return t_; }
    size_t itemsize() const { return elementSize(t_); }
    const char* name() const { return toString(t_); }
    template <class T>
    bool Match() const { return t_ == CppTypeToScalarType<T>::value; }
    friend constexpr bool operator==(TypeMeta a, TypeMeta b) { return a.t_ == b.t_; }
    friend constexpr bool operator!=(TypeMeta a, TypeMeta b) { return a.t_ != b.t_; }
    friend constexpr bool operator==(TypeMeta a, ScalarType b) { return a.t_ == b; }
    friend constexpr bool operator!=(TypeMeta a, ScalarType b) { return a.t_ != b; }
    friend constexpr bool operator==(ScalarType a, TypeMeta b) { return a == b.t_; }
    friend constexpr bool operator!=(ScalarType a, TypeMeta b) { return a != b.t_; }
    friend std::ostream& operator<<(std::ostream& os, TypeMeta m) { return os << m.name(); }

private:
    constexpr explicit TypeMeta(ScalarType t) : t_(t) {}
    ScalarType t_ = ScalarType::Undefined;
};
inline ScalarType typeMetaToScalarType(TypeMeta m) { return m.toScalarType(); }
inline TypeMeta scalarTypeToTypeMeta(ScalarType t) { return TypeMeta::fromScalarType(t); }

// ---------------------------------------------------------------------------------------------
// Device, Layout, MemoryFormat
// ---------------------------------------------------------------------------------------------
enum class DeviceType : int8_t { CPU = 0, CUDA = 1, Meta = 9, PrivateUse1 = 20 };
constexpr DeviceType kCPU = DeviceType::CPU;
constexpr DeviceType kCUDA = DeviceType::CUDA;
constexpr DeviceType kMeta = DeviceType::Meta;
constexpr DeviceType kPrivateUse1 = DeviceType::PrivateUse1;
using DeviceIndex = int8_t;

// A device; torch_npu's "npu" is the PrivateUse1 backend.
class Device {
public:
    Device(DeviceType type, DeviceIndex index = -1) : type_(type), index_(index) {}
    Device(const std::string& spec);  // "cpu", "npu", "npu:0", "cuda:1", "privateuseone:0"
    DeviceType type() const { return type_; }
    DeviceIndex index() const { return index_; }
    bool has_index() const { return index_ >= 0; }
    void set_index(DeviceIndex i) { index_ = i; }
    bool is_cpu() const { return type_ == DeviceType::CPU; }
    bool is_cuda() const { return type_ == DeviceType::CUDA; }
    bool is_meta() const { return type_ == DeviceType::Meta; }
    bool is_privateuseone() const { return type_ == DeviceType::PrivateUse1; }
    std::string str() const;
    bool operator==(const Device& o) const { return type_ == o.type_ && index_ == o.index_; }
    bool operator!=(const Device& o) const { return !(*this == o); }
    friend std::ostream& operator<<(std::ostream& os, const Device& d) { return os << d.str(); }

private:
    DeviceType type_;
    DeviceIndex index_;
};

enum class Layout : int8_t { Strided = 0, Sparse, SparseCsr, Mkldnn };
constexpr Layout kStrided = Layout::Strided;
constexpr Layout kSparse = Layout::Sparse;

enum class MemoryFormat : int8_t { Contiguous, Preserve, ChannelsLast, ChannelsLast3d };

// ---------------------------------------------------------------------------------------------
// ArrayRef
// ---------------------------------------------------------------------------------------------
template <class T>
class ArrayRef {
public:
    using value_type = T;
    using iterator = const T*;
    using const_iterator = const T*;
    using reverse_iterator = std::reverse_iterator<iterator>;
    using size_type = size_t;

    constexpr ArrayRef() = default;
    constexpr ArrayRef(const T& one) : data_(&one), size_(1) {}
    constexpr ArrayRef(const T* data, size_t size) : data_(data), size_(size) {}
    constexpr ArrayRef(const T* begin, const T* end) : data_(begin), size_(static_cast<size_t>(end - begin)) {}
    template <class A>
    ArrayRef(const std::vector<T, A>& v) : data_(v.data()), size_(v.size()) {
        static_assert(!std::is_same<T, bool>::value, "ArrayRef<bool> cannot be constructed from std::vector<bool>");
    }
    template <size_t N>
    constexpr ArrayRef(const std::array<T, N>& a) : data_(a.data()), size_(N) {}
    template <size_t N>
    constexpr ArrayRef(const T (&a)[N]) : data_(a), size_(N) {}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winit-list-lifetime"
#endif
    // Like ATen's: valid for the full-expression the braced list appears in (a call argument).
    constexpr ArrayRef(const std::initializer_list<T>& il)
        : data_(il.begin() == il.end() ? nullptr : il.begin()), size_(il.size()) {}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

    constexpr iterator begin() const { return data_; }
    constexpr iterator end() const { return data_ + size_; }
    constexpr const_iterator cbegin() const { return data_; }
    constexpr const_iterator cend() const { return data_ + size_; }
    reverse_iterator rbegin() const { return reverse_iterator(end()); }
    reverse_iterator rend() const { return reverse_iterator(begin()); }
    constexpr bool empty() const { return size_ == 0; }
    constexpr const T* data() const { return data_; }
    constexpr size_t size() const { return size_; }
    const T& front() const {
        if (empty()) throw Error("ArrayRef: front() on an empty ArrayRef");
        return data_[0];
    }
    const T& back() const {
        if (empty()) throw Error("ArrayRef: back() on an empty ArrayRef");
        return data_[size_ - 1];
    }
    constexpr const T& operator[](size_t i) const { return data_[i]; }
    const T& at(size_t i) const {
        if (i >= size_) throw IndexError(detail::StrCat("ArrayRef: index ", i, " out of range for size ", size_));
        return data_[i];
    }
    ArrayRef slice(size_t n, size_t m) const {
        if (n + m > size_) throw IndexError("ArrayRef: slice out of range");
        return ArrayRef(data_ + n, m);
    }
    ArrayRef slice(size_t n) const {
        if (n > size_) throw IndexError("ArrayRef: slice out of range");
        return ArrayRef(data_ + n, size_ - n);
    }
    bool equals(ArrayRef o) const { return size_ == o.size_ && std::equal(begin(), end(), o.begin()); }
    std::vector<T> vec() const { return std::vector<T>(begin(), end()); }

private:
    const T* data_ = nullptr;
    size_t size_ = 0;
};
template <class T>
bool operator==(ArrayRef<T> a, ArrayRef<T> b) { return a.equals(b); }
template <class T>
bool operator!=(ArrayRef<T> a, ArrayRef<T> b) { return !a.equals(b); }
template <class T>
bool operator==(const std::vector<T>& a, ArrayRef<T> b) { return ArrayRef<T>(a).equals(b); }
template <class T>
bool operator==(ArrayRef<T> a, const std::vector<T>& b) { return a.equals(ArrayRef<T>(b)); }
template <class T>
std::ostream& operator<<(std::ostream& os, ArrayRef<T> a) {
    os << "[";
    for (size_t i = 0; i < a.size(); ++i) os << (i ? ", " : "") << a[i];
    return os << "]";
}
using IntArrayRef = ArrayRef<int64_t>;
using OptionalIntArrayRef = std::optional<IntArrayRef>;

// ---------------------------------------------------------------------------------------------
// Scalar
// ---------------------------------------------------------------------------------------------
class Scalar {
public:
    Scalar() : Scalar(int64_t(0)) {}
    template <class T, std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value, int> = 0>
    Scalar(T v) : tag_(Tag::Long) { v_.i = static_cast<int64_t>(v); }
    template <class T, std::enable_if_t<std::is_floating_point<T>::value, int> = 0>
    Scalar(T v) : tag_(Tag::Double) { v_.d = static_cast<double>(v); }
    template <class T, std::enable_if_t<std::is_same<T, bool>::value, int> = 0>
    Scalar(T v) : tag_(Tag::Bool) { v_.i = v ? 1 : 0; }
    Scalar(c10::Half v) : Scalar(static_cast<double>(static_cast<float>(v))) {}
    Scalar(c10::BFloat16 v) : Scalar(static_cast<double>(static_cast<float>(v))) {}
    template <class T>
    Scalar(c10::complex<T> v) : tag_(Tag::ComplexDouble) {
        v_.z[0] = static_cast<double>(v.real());
        v_.z[1] = static_cast<double>(v.imag());
    }

    ScalarType type() const {
        switch (tag_) {
            case Tag::Double: return kDouble;
            case Tag::Long: return kLong;
            case Tag::Bool: return kBool;
            default: return kComplexDouble;
        }
    }
    bool isFloatingPoint() const { return tag_ == Tag::Double; }
    bool isIntegral(bool includeBool) const { return tag_ == Tag::Long || (includeBool && tag_ == Tag::Bool); }
    bool isBoolean() const { return tag_ == Tag::Bool; }
    bool isComplex() const { return tag_ == Tag::ComplexDouble; }

    double toDouble() const { return to<double>(); }
    float toFloat() const { return to<float>(); }
    int64_t toLong() const { return to<int64_t>(); }
    int toInt() const { return to<int>(); }
    int16_t toShort() const { return to<int16_t>(); }
    int8_t toChar() const { return to<int8_t>(); }
    uint8_t toByte() const { return to<uint8_t>(); }
    bool toBool() const { return to<bool>(); }
    c10::Half toHalf() const { return c10::Half(to<float>()); }
    c10::BFloat16 toBFloat16() const { return c10::BFloat16(to<float>()); }
    c10::complex<double> toComplexDouble() const {
        if (tag_ == Tag::ComplexDouble) return c10::complex<double>(v_.z[0], v_.z[1]);
        return c10::complex<double>(to<double>(), 0.0);
    }

    template <class T>
    T to() const {
        if constexpr (std::is_same<T, bool>::value) {
            switch (tag_) {
                case Tag::Double: return v_.d != 0;
                case Tag::ComplexDouble: return v_.z[0] != 0 || v_.z[1] != 0;
                default: return v_.i != 0;
            }
        } else if constexpr (std::is_same<T, c10::Half>::value || std::is_same<T, c10::BFloat16>::value) {
            return T(to<float>());
        } else if constexpr (std::is_integral<T>::value) {
            if (tag_ == Tag::Double) return FloatToInt<T>(v_.d);
            if (tag_ == Tag::ComplexDouble) return FloatToInt<T>(v_.z[0]);
            return static_cast<T>(v_.i);
        } else {
            if (tag_ == Tag::Double) return static_cast<T>(v_.d);
            if (tag_ == Tag::ComplexDouble) return static_cast<T>(v_.z[0]);
            return static_cast<T>(v_.i);
        }
    }

    Scalar operator-() const {
        switch (tag_) {
            case Tag::Double: return Scalar(-v_.d);
            case Tag::Long: return Scalar(-v_.i);
            case Tag::ComplexDouble: return Scalar(c10::complex<double>(-v_.z[0], -v_.z[1]));
            default: throw Error("torch boolean negative, the `-` operator, is not supported.");
        }
    }
    bool equal(const Scalar& o) const {
        if (isComplex() || o.isComplex()) {
            auto a = toComplexDouble(), b = o.toComplexDouble();
            return a.real() == b.real() && a.imag() == b.imag();
        }
        if (isFloatingPoint() || o.isFloatingPoint()) return toDouble() == o.toDouble();
        return toLong() == o.toLong();
    }
    friend std::ostream& operator<<(std::ostream& os, const Scalar& s) {
        switch (s.tag_) {
            case Tag::Double: return os << s.v_.d;
            case Tag::Long: return os << s.v_.i;
            case Tag::Bool: return os << (s.v_.i ? "true" : "false");
            default: return os << "(" << s.v_.z[0] << "," << s.v_.z[1] << ")";
        }
    }

private:
    // Out-of-range and NaN conversions are undefined in C++ (and so in PyTorch); we follow x86-64's
    // cvttsd2si (INT64_MIN) and wrap to narrower types.
    template <class T>
    static T FloatToInt(double d) {
        int64_t i = std::numeric_limits<int64_t>::min();
        if (d == d && d > -9223372036854775808.0 && d < 9223372036854775808.0) i = static_cast<int64_t>(d);
        return static_cast<T>(i);
    }
    enum class Tag : uint8_t { Double, Long, Bool, ComplexDouble } tag_;
    union {
        double d;
        int64_t i;
        double z[2];
    } v_{};
};

// ---------------------------------------------------------------------------------------------
// TensorOptions
// ---------------------------------------------------------------------------------------------
class TensorOptions {
public:
    TensorOptions() = default;
    TensorOptions(ScalarType t) { set_dtype(t); }
    TensorOptions(TypeMeta t) { set_dtype(t.toScalarType()); }
    TensorOptions(Device d) { set_device(d); }
    TensorOptions(DeviceType t) { set_device(Device(t)); }
    TensorOptions(Layout l) : layout_(l), has_layout_(true) {}
    TensorOptions(MemoryFormat f) : memory_format_(f), has_memory_format_(true) {}

    TensorOptions dtype(ScalarType t) const { TensorOptions r = *this; r.set_dtype(t); return r; }
    TensorOptions dtype(TypeMeta t) const { return dtype(t.toScalarType()); }
    TensorOptions dtype(std::optional<ScalarType> t) const {
        TensorOptions r = *this;
        if (t) r.set_dtype(*t); else r.has_dtype_ = false;
        return r;
    }
    template <class T>
    TensorOptions dtype() const { return dtype(CppTypeToScalarType<T>::value); }
    TensorOptions device(Device d) const { TensorOptions r = *this; r.set_device(d); return r; }
    TensorOptions device(std::optional<Device> d) const {
        TensorOptions r = *this;
        if (d) r.set_device(*d); else r.has_device_ = false;
        return r;
    }
    TensorOptions device_index(int index) const { return device(Device(kPrivateUse1, static_cast<DeviceIndex>(index))); }
    TensorOptions layout(Layout l) const { TensorOptions r = *this; r.layout_ = l; r.has_layout_ = true; return r; }
    TensorOptions requires_grad(bool b) const { TensorOptions r = *this; r.requires_grad_ = b; r.has_requires_grad_ = true; return r; }
    TensorOptions pinned_memory(bool b) const { TensorOptions r = *this; r.pinned_memory_ = b; return r; }
    TensorOptions memory_format(MemoryFormat f) const {
        TensorOptions r = *this; r.memory_format_ = f; r.has_memory_format_ = true; return r;
    }

    TypeMeta dtype() const { return TypeMeta::fromScalarType(has_dtype_ ? dtype_ : kFloat); }
    Device device() const { return has_device_ ? device_ : Device(kCPU); }
    int device_index() const { return device().index(); }
    Layout layout() const { return layout_; }
    bool requires_grad() const { return requires_grad_; }
    bool pinned_memory() const { return pinned_memory_; }
    bool has_dtype() const { return has_dtype_; }
    bool has_device() const { return has_device_; }
    bool has_layout() const { return has_layout_; }
    bool has_requires_grad() const { return has_requires_grad_; }
    bool has_memory_format() const { return has_memory_format_; }
    std::optional<ScalarType> dtype_opt() const { return has_dtype_ ? std::optional<ScalarType>(dtype_) : std::nullopt; }
    std::optional<Device> device_opt() const { return has_device_ ? std::optional<Device>(device_) : std::nullopt; }

    // Fields set in `o` override ours.
    TensorOptions merge_in(TensorOptions o) const {
        TensorOptions r = *this;
        if (o.has_dtype_) r.set_dtype(o.dtype_);
        if (o.has_device_) r.set_device(o.device_);
        if (o.has_layout_) r = r.layout(o.layout_);
        if (o.has_requires_grad_) r = r.requires_grad(o.requires_grad_);
        if (o.has_memory_format_) r = r.memory_format(o.memory_format_);
        return r;
    }
    friend std::ostream& operator<<(std::ostream& os, const TensorOptions& o) {
        return os << "TensorOptions(dtype=" << o.dtype() << ", device=" << o.device() << ")";
    }

private:
    void set_dtype(ScalarType t) { dtype_ = t; has_dtype_ = true; }
    void set_device(Device d) { device_ = d; has_device_ = true; }
    ScalarType dtype_ = kFloat;
    Device device_ = Device(kCPU);
    Layout layout_ = kStrided;
    MemoryFormat memory_format_ = MemoryFormat::Contiguous;
    bool has_dtype_ = false;
    bool has_device_ = false;
    bool has_layout_ = false;
    bool requires_grad_ = false;
    bool has_requires_grad_ = false;
    bool pinned_memory_ = false;
    bool has_memory_format_ = false;
};

inline TensorOptions dtype(ScalarType t) { return TensorOptions().dtype(t); }
inline TensorOptions dtype(TypeMeta t) { return TensorOptions().dtype(t); }
template <class T>
TensorOptions dtype() { return TensorOptions().dtype<T>(); }
inline TensorOptions device(Device d) { return TensorOptions().device(d); }
inline TensorOptions device_index(int i) { return TensorOptions().device_index(i); }
inline TensorOptions layout(Layout l) { return TensorOptions().layout(l); }
inline TensorOptions requires_grad(bool b = true) { return TensorOptions().requires_grad(b); }
inline TensorOptions memory_format(MemoryFormat f) { return TensorOptions().memory_format(f); }

inline ScalarType get_default_dtype_as_scalartype() { return kFloat; }

}  // namespace c10

namespace caffe2 {
using c10::TypeMeta;
}

#define TORCH_CHECK(cond, ...)                                      \
    do {                                                            \
        if (!(cond)) ::c10::detail::CheckFailed(#cond, ##__VA_ARGS__); \
    } while (0)
#define TORCH_CHECK_VALUE(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_TYPE(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_INDEX(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_NOT_IMPLEMENTED(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_INTERNAL_ASSERT(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_INTERNAL_ASSERT_DEBUG_ONLY(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define AT_ASSERT(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define AT_ERROR(...) ::c10::detail::CheckFailed("false", ##__VA_ARGS__)
#define TORCH_WARN(...) (void)(std::cerr << "Warning: " << ::c10::detail::StrCat(__VA_ARGS__) << std::endl)
#define TORCH_WARN_ONCE(...) TORCH_WARN(__VA_ARGS__)
