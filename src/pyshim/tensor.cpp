// The tensor library behind the torch shim (include/torch_shim/): dtype conversion with PyTorch's
// cast semantics, contiguous views, factories and the little arithmetic glue code uses.
#include <atomic>
#include <complex>

#include "akg_shim/tensor.h"

namespace akg::pyshim {

int64_t TensorData::numel() const {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
}

namespace {
std::atomic<uint8_t> g_uninitializedFill{0};
}  // namespace

void SetUninitializedFill(uint8_t byte) { g_uninitializedFill.store(byte); }

}  // namespace akg::pyshim

namespace c10 {

Device::Device(const std::string& spec) : type_(DeviceType::CPU), index_(-1) {
    const size_t colon = spec.find(':');
    const std::string type = spec.substr(0, colon);
    if (type == "cpu") type_ = DeviceType::CPU;
    else if (type == "cuda") type_ = DeviceType::CUDA;
    else if (type == "meta") type_ = DeviceType::Meta;
    else if (type == "npu" || type == "privateuseone") type_ = DeviceType::PrivateUse1;
    else throw Error("Expected one of cpu, cuda, meta, npu, privateuseone device type at start of device string: " + spec);
    if (colon != std::string::npos) {
        const std::string idx = spec.substr(colon + 1);
        if (idx.empty() || idx.size() > 3 || idx.find_first_not_of("0123456789") != std::string::npos)
            throw Error("Invalid device string: '" + spec + "'");
        index_ = static_cast<DeviceIndex>(std::stoi(idx));
    }
}

std::string Device::str() const {
    std::string s;
    switch (type_) {
        case DeviceType::CPU: s = "cpu"; break;
        case DeviceType::CUDA: s = "cuda"; break;
        case DeviceType::Meta: s = "meta"; break;
        case DeviceType::PrivateUse1: s = "npu"; break;
    }
    if (index_ >= 0) s += ":" + std::to_string(index_);
    return s;
}

ScalarType promoteTypes(ScalarType a, ScalarType b) {
    if (a == b) return a;
    if (a == ScalarType::Undefined) return b;
    if (b == ScalarType::Undefined) return a;
    if (isComplexType(a) || isComplexType(b)) {
        const ScalarType ra = toRealValueType(a), rb = toRealValueType(b);
        if (ra == kDouble || rb == kDouble) return kComplexDouble;
        if ((a == kComplexHalf || !isComplexType(a)) && (b == kComplexHalf || !isComplexType(b)) &&
            (ra == kHalf || !isFloatingType(ra)) && (rb == kHalf || !isFloatingType(rb)))
            return kComplexHalf;
        return kComplexFloat;
    }
    const bool fa = isFloatingType(a), fb = isFloatingType(b);
    if (fa && fb) {
        if (a == kDouble || b == kDouble) return kDouble;
        return kFloat;  // Half/BFloat16 with each other or with Float
    }
    if (fa) return a;
    if (fb) return b;
    if (a == kBool) return b;
    if (b == kBool) return a;
    const bool sa = isSignedType(a), sb = isSignedType(b);
    const size_t za = elementSize(a), zb = elementSize(b);
    if (sa == sb) return za >= zb ? a : b;
    const ScalarType s = sa ? a : b;
    const size_t zs = sa ? za : zb, zu = sa ? zb : za;
    if (zs > zu) return s;
    switch (zu) {  // signed type wide enough for the unsigned one (capped at Long)
        case 1: return kShort;
        case 2: return kInt;
        default: return kLong;
    }
}

}  // namespace c10

namespace at {
namespace {

using akg::pyshim::TensorData;

// ---- element load/store with PyTorch's static_cast semantics ---------------------------------
struct Num {
    enum class K : uint8_t { Bool, Int, UInt, Float, Complex } k = K::Int;
    int64_t i = 0;
    uint64_t u = 0;
    double d = 0;   // Float; Complex: real part
    double im = 0;  // Complex: imaginary part
};

Num FromBool(bool v) { Num n; n.k = Num::K::Bool; n.i = v; return n; }
Num FromInt(int64_t v) { Num n; n.k = Num::K::Int; n.i = v; return n; }
Num FromUInt(uint64_t v) { Num n; n.k = Num::K::UInt; n.u = v; return n; }
Num FromFloat(double v) { Num n; n.k = Num::K::Float; n.d = v; return n; }
Num FromComplex(double re, double im) { Num n; n.k = Num::K::Complex; n.d = re; n.im = im; return n; }

template <class T>
T Read(const uint8_t* p) { T v; std::memcpy(&v, p, sizeof(T)); return v; }
template <class T>
void Write(uint8_t* p, T v) { std::memcpy(p, &v, sizeof(T)); }

[[noreturn]] void Unsupported(ge::DataType dt, const char* what) {
    throw c10::Error(std::string(what) + ": unsupported dtype " + c10::toString(c10::FromGeDataType(dt)) + " (ge " +
                     std::to_string(static_cast<int>(dt)) + ")");
}

Num Load(const uint8_t* p, ge::DataType dt) {
    switch (dt) {
        case ge::DT_BOOL: return FromBool(p[0] != 0);
        case ge::DT_UINT8:
        case ge::DT_QUINT8: return FromInt(Read<uint8_t>(p));
        case ge::DT_INT8:
        case ge::DT_QINT8: return FromInt(Read<int8_t>(p));
        case ge::DT_INT16: return FromInt(Read<int16_t>(p));
        case ge::DT_UINT16: return FromInt(Read<uint16_t>(p));
        case ge::DT_INT32:
        case ge::DT_QINT32: return FromInt(Read<int32_t>(p));
        case ge::DT_UINT32: return FromInt(Read<uint32_t>(p));
        case ge::DT_INT64: return FromInt(Read<int64_t>(p));
        case ge::DT_UINT64: return FromUInt(Read<uint64_t>(p));
        case ge::DT_FLOAT: return FromFloat(Read<float>(p));
        case ge::DT_DOUBLE: return FromFloat(Read<double>(p));
        case ge::DT_FLOAT16: return FromFloat(c10::detail::HalfBitsToFloat(Read<uint16_t>(p)));
        case ge::DT_BF16: return FromFloat(c10::detail::BFloat16BitsToFloat(Read<uint16_t>(p)));
        case ge::DT_COMPLEX32:
            return FromComplex(c10::detail::HalfBitsToFloat(Read<uint16_t>(p)),
                               c10::detail::HalfBitsToFloat(Read<uint16_t>(p + 2)));
        case ge::DT_COMPLEX64: return FromComplex(Read<float>(p), Read<float>(p + 4));
        case ge::DT_COMPLEX128: return FromComplex(Read<double>(p), Read<double>(p + 8));
        default: Unsupported(dt, "load");
    }
}

bool ToBool(const Num& n) {
    switch (n.k) {
        case Num::K::Bool:
        case Num::K::Int: return n.i != 0;
        case Num::K::UInt: return n.u != 0;
        case Num::K::Float: return n.d != 0;
        default: return n.d != 0 || n.im != 0;
    }
}
// Integral destinations: integers wrap (static_cast); floating values truncate toward zero, and
// out-of-range/NaN values (undefined behaviour in C++ and PyTorch) follow x86-64 (INT64_MIN).
int64_t ToInt64Bits(const Num& n) {
    switch (n.k) {
        case Num::K::Bool:
        case Num::K::Int: return n.i;
        case Num::K::UInt: return static_cast<int64_t>(n.u);
        default: {
            const double d = n.d;
            if (d == d && d > -9223372036854775808.0 && d < 9223372036854775808.0) return static_cast<int64_t>(d);
            return std::numeric_limits<int64_t>::min();
        }
    }
}
template <class T>
T ToReal(const Num& n) {  // float / double
    switch (n.k) {
        case Num::K::Bool:
        case Num::K::Int: return static_cast<T>(n.i);
        case Num::K::UInt: return static_cast<T>(n.u);
        default: return static_cast<T>(n.d);
    }
}
float ToFloatForReduced(const Num& n) { return ToReal<float>(n); }  // Half/BFloat16 go through float

void Store(uint8_t* p, ge::DataType dt, const Num& n) {
    switch (dt) {
        case ge::DT_BOOL: p[0] = ToBool(n) ? 1 : 0; return;
        case ge::DT_UINT8:
        case ge::DT_QUINT8: Write<uint8_t>(p, static_cast<uint8_t>(ToInt64Bits(n))); return;
        case ge::DT_INT8:
        case ge::DT_QINT8: Write<int8_t>(p, static_cast<int8_t>(ToInt64Bits(n))); return;
        case ge::DT_INT16: Write<int16_t>(p, static_cast<int16_t>(ToInt64Bits(n))); return;
        case ge::DT_UINT16: Write<uint16_t>(p, static_cast<uint16_t>(ToInt64Bits(n))); return;
        case ge::DT_INT32:
        case ge::DT_QINT32: Write<int32_t>(p, static_cast<int32_t>(ToInt64Bits(n))); return;
        case ge::DT_UINT32: Write<uint32_t>(p, static_cast<uint32_t>(ToInt64Bits(n))); return;
        case ge::DT_INT64: Write<int64_t>(p, ToInt64Bits(n)); return;
        case ge::DT_UINT64:
            Write<uint64_t>(p, n.k == Num::K::UInt ? n.u : static_cast<uint64_t>(ToInt64Bits(n)));
            return;
        case ge::DT_FLOAT: Write<float>(p, ToReal<float>(n)); return;
        case ge::DT_DOUBLE: Write<double>(p, ToReal<double>(n)); return;
        case ge::DT_FLOAT16: Write<uint16_t>(p, c10::detail::FloatToHalfBits(ToFloatForReduced(n))); return;
        case ge::DT_BF16: Write<uint16_t>(p, c10::detail::FloatToBFloat16Bits(ToFloatForReduced(n))); return;
        case ge::DT_COMPLEX32: {
            const float re = ToReal<float>(n), im = n.k == Num::K::Complex ? static_cast<float>(n.im) : 0.0f;
            Write<uint16_t>(p, c10::detail::FloatToHalfBits(re));
            Write<uint16_t>(p + 2, c10::detail::FloatToHalfBits(im));
            return;
        }
        case ge::DT_COMPLEX64:
            Write<float>(p, ToReal<float>(n));
            Write<float>(p + 4, n.k == Num::K::Complex ? static_cast<float>(n.im) : 0.0f);
            return;
        case ge::DT_COMPLEX128:
            Write<double>(p, ToReal<double>(n));
            Write<double>(p + 8, n.k == Num::K::Complex ? n.im : 0.0);
            return;
        default: Unsupported(dt, "store");
    }
}

size_t ElemSize(ge::DataType dt) {
    const int s = ge::GetSizeByDataType(dt);
    if (s <= 0) Unsupported(dt, "element size");
    return static_cast<size_t>(s);
}

TensorData Alloc(std::vector<int64_t> shape, ge::DataType dt, uint8_t fill) {
    for (int64_t d : shape)
        TORCH_CHECK(d >= 0, "Trying to create tensor with negative dimension ", d, ": ", IntArrayRef(shape));
    TensorData t;
    t.shape = std::move(shape);
    t.dtype = dt;
    t.storage = std::make_shared<std::vector<uint8_t>>(static_cast<size_t>(t.numel()) * ElemSize(dt), fill);
    return t;
}

bool SameDevice(const Device& a, const Device& b) {
    return a.type() == b.type() && (a.index() < 0 || b.index() < 0 || a.index() == b.index());
}

std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& shape) {
    std::vector<int64_t> s(shape.size());
    int64_t acc = 1;
    for (size_t i = shape.size(); i-- > 0;) {
        s[i] = acc;
        acc *= std::max<int64_t>(shape[i], 1);
    }
    return s;
}

// Element strides of `shape` broadcast to `out` (0 on broadcast dimensions).
std::vector<int64_t> BroadcastStrides(const std::vector<int64_t>& shape, const std::vector<int64_t>& out) {
    std::vector<int64_t> own = ContiguousStrides(shape);
    std::vector<int64_t> s(out.size(), 0);
    const size_t off = out.size() - shape.size();
    for (size_t i = 0; i < shape.size(); ++i) s[off + i] = shape[i] == 1 ? 0 : own[i];
    return s;
}

// Calls f(linear output index, offset0, offset1, ...) over `out` with per-operand strides.
template <size_t N, class F>
void ForEachIndex(const std::vector<int64_t>& out, const std::array<std::vector<int64_t>, N>& strides, F&& f) {
    int64_t total = 1;
    for (int64_t d : out) total *= d;
    if (total == 0) return;
    std::vector<int64_t> idx(out.size(), 0);
    std::array<int64_t, N> offs{};
    for (int64_t k = 0; k < total; ++k) {
        f(k, offs);
        for (size_t d = out.size(); d-- > 0;) {
            ++idx[d];
            for (size_t j = 0; j < N; ++j) offs[j] += strides[j][d];
            if (idx[d] < out[d]) break;
            for (size_t j = 0; j < N; ++j) offs[j] -= strides[j][d] * idx[d];
            idx[d] = 0;
        }
    }
}

// Converts `n` elements from src (dtype s) to dst (dtype d).
void ConvertElements(const uint8_t* src, ge::DataType s, uint8_t* dst, ge::DataType d, int64_t n) {
    if (s == d) {
        std::memcpy(dst, src, static_cast<size_t>(n) * ElemSize(s));
        return;
    }
    const size_t ss = ElemSize(s), ds = ElemSize(d);
    for (int64_t k = 0; k < n; ++k) Store(dst + k * ds, d, Load(src + k * ss, s));
}

Num ScalarToNum(const Scalar& v) {
    if (v.isBoolean()) return FromBool(v.toBool());
    if (v.isIntegral(false)) return FromInt(v.toLong());
    if (v.isComplex()) {
        auto z = v.toComplexDouble();
        return FromComplex(z.real(), z.imag());
    }
    return FromFloat(v.toDouble());
}
Scalar NumToScalar(const Num& n) {
    switch (n.k) {
        case Num::K::Bool: return Scalar(n.i != 0);
        case Num::K::Int: return Scalar(n.i);
        case Num::K::UInt: return Scalar(static_cast<int64_t>(n.u));
        case Num::K::Float: return Scalar(n.d);
        default: return Scalar(c10::complex<double>(n.d, n.im));
    }
}

// ---- type promotion of a binary op (dimensioned tensors > 0-dim tensors > Python numbers) -----
int Category(ScalarType t) {
    if (t == kBool) return 0;
    if (isIntegralType(t, false)) return 1;
    if (isFloatingType(t)) return 2;
    return 3;
}
ScalarType Combine(ScalarType cur, ScalarType other) {
    if (cur == ScalarType::Undefined) return other;
    if (other == ScalarType::Undefined) return cur;
    if (Category(other) > Category(cur)) {
        if (Category(other) == 3 && cur == kDouble) return kComplexDouble;
        return other;
    }
    return cur;
}
struct Operand {
    ScalarType type;
    int priority;  // 2 dimensioned tensor, 1 zero-dim tensor, 0 wrapped number
};
ScalarType ResultType(std::initializer_list<Operand> ops) {
    ScalarType level[3] = {ScalarType::Undefined, ScalarType::Undefined, ScalarType::Undefined};
    for (const Operand& o : ops) {
        ScalarType t = o.type;
        if (o.priority == 0) t = t == kDouble ? kFloat : t == kComplexDouble ? kComplexFloat : t;
        level[o.priority] = level[o.priority] == ScalarType::Undefined ? t : promoteTypes(level[o.priority], t);
    }
    return Combine(Combine(level[2], level[1]), level[0]);
}

enum class Op : char { Add = '+', Sub = '-', Mul = '*', Div = '/' };

Num Apply(Op op, const Num& a, const Num& b, ScalarType result) {
    if (isComplexType(result)) {
        const std::complex<double> x(a.k == Num::K::Complex ? a.d : ToReal<double>(a), a.k == Num::K::Complex ? a.im : 0.0);
        const std::complex<double> y(b.k == Num::K::Complex ? b.d : ToReal<double>(b), b.k == Num::K::Complex ? b.im : 0.0);
        std::complex<double> r;
        switch (op) {
            case Op::Add: r = x + y; break;
            case Op::Sub: r = x - y; break;
            case Op::Mul: r = x * y; break;
            case Op::Div: r = x / y; break;
        }
        return FromComplex(r.real(), r.imag());
    }
    if (isFloatingType(result)) {
        const double x = ToReal<double>(a), y = ToReal<double>(b);
        switch (op) {
            case Op::Add: return FromFloat(x + y);
            case Op::Sub: return FromFloat(x - y);
            case Op::Mul: return FromFloat(x * y);
            case Op::Div: return FromFloat(x / y);
        }
    }
    if (result == kBool) {
        const bool x = ToBool(a), y = ToBool(b);
        return FromBool(op == Op::Add ? (x || y) : (x && y));
    }
    const uint64_t x = static_cast<uint64_t>(ToInt64Bits(a)), y = static_cast<uint64_t>(ToInt64Bits(b));
    switch (op) {  // two's-complement wrap-around, like integer tensors
        case Op::Add: return FromInt(static_cast<int64_t>(x + y));
        case Op::Sub: return FromInt(static_cast<int64_t>(x - y));
        default: return FromInt(static_cast<int64_t>(x * y));
    }
}

Tensor Binary(const Tensor& a, const Tensor* bt, const Scalar* bs, Op op, const Scalar& alpha) {
    TORCH_CHECK(a.defined(), "binary operation on an undefined tensor");
    TORCH_CHECK(!bt || bt->defined(), "binary operation with an undefined tensor");
    const ScalarType bType = bt ? bt->scalar_type() : bs->type();
    ScalarType result = ResultType({{a.scalar_type(), a.dim() > 0 ? 2 : 1},
                                    {bType, bt ? (bt->dim() > 0 ? 2 : 1) : 0}});
    if (op == Op::Sub) TORCH_CHECK(result != kBool, "Subtraction, the `-` operator, with two bool tensors is not supported.");
    if (op == Op::Div && (isIntegralType(result, true))) result = kFloat;  // true division
    const std::vector<int64_t> aShape = a.sizes().vec();
    const std::vector<int64_t> bShape = bt ? bt->sizes().vec() : std::vector<int64_t>{};
    const std::vector<int64_t> out = infer_size(aShape, bShape);
    Tensor r(Alloc(out, ToGeDataType(result), 0), a.device());
    const TensorData& ad = a.shim_data();
    const uint8_t* ap = ad.data();
    const size_t as = ElemSize(ad.dtype);
    const uint8_t* bp = bt ? bt->shim_data().data() : nullptr;
    const ge::DataType bdt = bt ? bt->shim_data().dtype : ge::DT_UNDEFINED;
    const size_t bsz = bt ? ElemSize(bdt) : 0;
    const Num scalarB = bs ? ScalarToNum(*bs) : Num();
    const bool useAlpha = (op == Op::Add || op == Op::Sub) && !alpha.equal(Scalar(int64_t(1)));
    const Num alphaN = ScalarToNum(alpha);
    uint8_t* rp = r.shim_data().data();
    const ge::DataType rdt = r.shim_data().dtype;
    const size_t rs = ElemSize(rdt);
    std::array<std::vector<int64_t>, 2> strides{BroadcastStrides(aShape, out),
                                                bt ? BroadcastStrides(bShape, out) : std::vector<int64_t>(out.size(), 0)};
    ForEachIndex<2>(out, strides, [&](int64_t k, const std::array<int64_t, 2>& off) {
        const Num x = Load(ap + off[0] * as, ad.dtype);
        Num y = bt ? Load(bp + off[1] * bsz, bdt) : scalarB;
        if (useAlpha) y = Apply(Op::Mul, y, alphaN, result);
        Store(rp + k * rs, rdt, Apply(op, x, y, result));
    });
    return r;
}

}  // namespace

// ---- Tensor ---------------------------------------------------------------------------------------
Tensor::Tensor(akg::pyshim::TensorData data, Device device)
    : d_(std::move(data)), device_(device), strides_(ContiguousStrides(d_.shape)) {}

int64_t Tensor::numel() const { return d_.numel(); }

size_t Tensor::WrapDim(int64_t dim) const {
    const int64_t n = this->dim();
    const int64_t lo = n > 0 ? -n : -1, hi = n > 0 ? n - 1 : 0;
    if (dim < lo || dim > hi || n == 0)
        throw IndexError(c10::detail::StrCat("Dimension out of range (expected to be in range of [", lo, ", ", hi,
                                             "], but got ", dim, ")"));
    return static_cast<size_t>(dim < 0 ? dim + n : dim);
}

void Tensor::CheckElementType(ScalarType expected, const char* what) const {
    TORCH_CHECK(defined(), what, ": the tensor is undefined");
    TORCH_CHECK(scalar_type() == expected, what, ": expected scalar type ", expected, " but found ", scalar_type());
}

std::string Tensor::toString() const {
    if (!defined()) return "UndefinedType";
    std::string dev = device_.is_cpu() ? "CPU" : device_.is_privateuseone() ? "PrivateUse1" : device_.str();
    return dev + c10::toString(scalar_type()) + "Type";
}

std::ostream& operator<<(std::ostream& os, const Tensor& t) {
    if (!t.defined()) return os << "[ Tensor (undefined) ]";
    os << "[ " << t.toString() << "{";
    for (int64_t i = 0; i < t.dim(); ++i) os << (i ? "," : "") << t.size(i);
    os << "} ]";
    const int64_t n = std::min<int64_t>(t.numel(), 16);
    const TensorData& d = t.shim_data();
    for (int64_t k = 0; k < n; ++k) os << (k ? " " : " ") << NumToScalar(Load(d.data() + k * ElemSize(d.dtype), d.dtype));
    if (t.numel() > n) os << " ...";
    return os;
}

Tensor Tensor::to(TensorOptions options, bool, bool copy, std::optional<MemoryFormat>) const {
    TORCH_CHECK(defined(), "to(): the tensor is undefined");
    const ScalarType dt = options.has_dtype() ? options.dtype().toScalarType() : scalar_type();
    const Device dev = options.has_device() ? options.device() : device_;
    if (!copy && dt == scalar_type() && SameDevice(dev, device_)) return *this;
    Tensor r(Alloc(d_.shape, ToGeDataType(dt), 0), dev);
    ConvertElements(d_.data(), d_.dtype, r.d_.data(), r.d_.dtype, numel());
    return r;
}
Tensor Tensor::to(ScalarType dtype, bool non_blocking, bool copy, std::optional<MemoryFormat> mf) const {
    return to(TensorOptions().dtype(dtype), non_blocking, copy, mf);
}
Tensor Tensor::to(Device device, ScalarType dtype, bool non_blocking, bool copy, std::optional<MemoryFormat> mf) const {
    return to(TensorOptions().dtype(dtype).device(device), non_blocking, copy, mf);
}
Tensor Tensor::to(const Tensor& other, bool non_blocking, bool copy, std::optional<MemoryFormat> mf) const {
    return to(other.options(), non_blocking, copy, mf);
}

Tensor Tensor::clone(std::optional<MemoryFormat>) const {
    if (!defined()) return Tensor();
    return to(TensorOptions(), false, true);
}

Scalar Tensor::item() const {
    TORCH_CHECK(defined(), "item(): the tensor is undefined");
    TORCH_CHECK(numel() == 1, "a Tensor with ", numel(), " elements cannot be converted to Scalar");
    return NumToScalar(Load(d_.data(), d_.dtype));
}

Tensor& Tensor::fill_(const Scalar& value) {
    TORCH_CHECK(defined(), "fill_(): the tensor is undefined");
    const int64_t n = numel();
    if (n == 0) return *this;
    const size_t es = ElemSize(d_.dtype);
    uint8_t* p = d_.data();
    Store(p, d_.dtype, ScalarToNum(value));
    for (int64_t k = 1; k < n; ++k) std::memcpy(p + k * es, p, es);
    return *this;
}

Tensor& Tensor::fill_(const Tensor& value) {
    TORCH_CHECK(value.dim() == 0 || value.numel() == 1,
                "fill_ only supports 0-dimension value tensor but got tensor with ", value.dim(), " dimensions.");
    return fill_(value.item());
}

Tensor& Tensor::zero_() {
    TORCH_CHECK(defined(), "zero_(): the tensor is undefined");
    std::memset(d_.data(), 0, nbytes());
    return *this;
}

Tensor& Tensor::copy_(const Tensor& src, bool) {
    TORCH_CHECK(defined() && src.defined(), "copy_(): undefined tensor");
    const std::vector<int64_t> out = d_.shape;
    const std::vector<int64_t> bshape = infer_size(out, src.sizes());
    TORCH_CHECK(bshape == out, "copy_(): the source of shape ", src.sizes(), " cannot be broadcast to ", sizes());
    // An aliasing source is read from a private copy first.
    const Tensor s = src.shim_data().storage == d_.storage ? src.clone() : src;
    const TensorData& sd = s.shim_data();
    if (sd.shape == out) {
        ConvertElements(sd.data(), sd.dtype, d_.data(), d_.dtype, numel());
        return *this;
    }
    const size_t ss = ElemSize(sd.dtype), ds = ElemSize(d_.dtype);
    std::array<std::vector<int64_t>, 1> strides{BroadcastStrides(sd.shape, out)};
    uint8_t* dp = d_.data();
    ForEachIndex<1>(out, strides, [&](int64_t k, const std::array<int64_t, 1>& off) {
        Store(dp + k * ds, d_.dtype, Load(sd.data() + off[0] * ss, sd.dtype));
    });
    return *this;
}

Tensor Tensor::view(IntArrayRef shape) const {
    TORCH_CHECK(defined(), "view(): the tensor is undefined");
    std::vector<int64_t> s = shape.vec();
    int64_t known = 1, infer = -1;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == -1) {
            TORCH_CHECK(infer < 0, "only one dimension can be inferred");
            infer = static_cast<int64_t>(i);
        } else {
            TORCH_CHECK(s[i] >= 0, "invalid shape dimension ", s[i]);
            known *= s[i];
        }
    }
    if (infer >= 0) {
        TORCH_CHECK(known != 0 && numel() % known == 0, "shape '", shape, "' is invalid for input of size ", numel());
        s[static_cast<size_t>(infer)] = numel() / known;
    }
    int64_t n = 1;
    for (int64_t d : s) n *= d;
    TORCH_CHECK(n == numel(), "shape '", shape, "' is invalid for input of size ", numel());
    TensorData d = d_;
    d.shape = std::move(s);
    return Tensor(std::move(d), device_);
}

Tensor Tensor::flatten(int64_t start_dim, int64_t end_dim) const {
    if (dim() == 0) return view({1});
    const size_t s = WrapDim(start_dim), e = WrapDim(end_dim);
    TORCH_CHECK(s <= e, "flatten() has invalid args: start_dim cannot come after end_dim");
    std::vector<int64_t> shape(d_.shape.begin(), d_.shape.begin() + static_cast<int64_t>(s));
    int64_t m = 1;
    for (size_t i = s; i <= e; ++i) m *= d_.shape[i];
    shape.push_back(m);
    shape.insert(shape.end(), d_.shape.begin() + static_cast<int64_t>(e) + 1, d_.shape.end());
    return view(shape);
}

Tensor Tensor::squeeze() const {
    std::vector<int64_t> shape;
    for (int64_t d : d_.shape)
        if (d != 1) shape.push_back(d);
    return view(shape);
}

Tensor Tensor::squeeze(int64_t dim) const {
    if (this->dim() == 0) return *this;
    const size_t d = WrapDim(dim);
    if (d_.shape[d] != 1) return *this;
    std::vector<int64_t> shape = d_.shape;
    shape.erase(shape.begin() + static_cast<int64_t>(d));
    return view(shape);
}

Tensor Tensor::unsqueeze(int64_t dim) const {
    const int64_t n = this->dim() + 1;
    TORCH_CHECK(dim >= -n && dim < n, "Dimension out of range (expected to be in range of [", -n, ", ", n - 1,
                "], but got ", dim, ")");
    const int64_t d = dim < 0 ? dim + n : dim;
    std::vector<int64_t> shape = d_.shape;
    shape.insert(shape.begin() + d, 1);
    return view(shape);
}

// A contiguous slice is a view (shares storage); any other slice is a copy.
Tensor Tensor::narrow(int64_t dim, int64_t start, int64_t length) const {
    TORCH_CHECK(defined(), "narrow(): the tensor is undefined");
    TORCH_CHECK(this->dim() > 0, "narrow() cannot be applied to a 0-dim tensor.");
    const size_t d = WrapDim(dim);
    const int64_t size = d_.shape[d];
    if (start < 0) start += size;
    TORCH_CHECK(start >= 0 && start <= size, "start out of range (expected to be in range of [", -size, ", ", size,
                "], but got ", start, ")");
    TORCH_CHECK(length >= 0 && start + length <= size, "start (", start, ") + length (", length,
                ") exceeds dimension size (", size, ").");
    int64_t outer = 1;
    for (size_t i = 0; i < d; ++i) outer *= d_.shape[i];
    const size_t es = ElemSize(d_.dtype);
    std::vector<int64_t> shape = d_.shape;
    shape[d] = length;
    if (outer == 1 || (start == 0 && length == size)) {
        TensorData v = d_;
        v.shape = shape;
        v.offsetBytes += static_cast<size_t>(start * strides_[d]) * es;
        return Tensor(std::move(v), device_);
    }
    Tensor r(Alloc(shape, d_.dtype, 0), device_);
    const size_t inner = static_cast<size_t>(strides_[d]) * es;  // bytes of one index along d
    for (int64_t o = 0; o < outer; ++o) {
        const uint8_t* src = d_.data() + (static_cast<size_t>(o * size + start)) * inner;
        std::memcpy(r.d_.data() + static_cast<size_t>(o * length) * inner, src, static_cast<size_t>(length) * inner);
    }
    return r;
}

Tensor Tensor::select(int64_t dim, int64_t index) const {
    TORCH_CHECK(this->dim() > 0, "select() cannot be applied to a 0-dim tensor.");
    const size_t d = WrapDim(dim);
    const int64_t size = d_.shape[d];
    TORCH_CHECK(index >= -size && index < size, "select(): index ", index, " out of range for tensor of size ",
                sizes(), " at dimension ", dim);
    if (index < 0) index += size;
    Tensor n = narrow(static_cast<int64_t>(d), index, 1);
    std::vector<int64_t> shape = n.d_.shape;
    shape.erase(shape.begin() + static_cast<int64_t>(d));
    return n.view(shape);
}

Tensor Tensor::sum(std::optional<ScalarType> dtype) const {
    TORCH_CHECK(defined(), "sum(): the tensor is undefined");
    const Tensor src = dtype ? to(*dtype) : *this;
    const ScalarType st = src.scalar_type();
    const ScalarType rt = isIntegralType(st, true) ? kLong : st;
    Tensor r(Alloc({}, ToGeDataType(rt), 0), device_);
    const TensorData& sd = src.shim_data();
    const size_t es = ElemSize(sd.dtype);
    const int64_t n = src.numel();
    Num acc;
    if (isComplexType(rt)) {
        double re = 0, im = 0;
        for (int64_t k = 0; k < n; ++k) {
            const Num v = Load(sd.data() + k * es, sd.dtype);
            re += v.d;
            im += v.im;
        }
        acc = FromComplex(re, im);
    } else if (isFloatingType(rt)) {
        double s = 0;
        for (int64_t k = 0; k < n; ++k) s += ToReal<double>(Load(sd.data() + k * es, sd.dtype));
        acc = FromFloat(s);
    } else {
        uint64_t s = 0;
        for (int64_t k = 0; k < n; ++k) s += static_cast<uint64_t>(ToInt64Bits(Load(sd.data() + k * es, sd.dtype)));
        acc = FromInt(static_cast<int64_t>(s));
    }
    Store(r.d_.data(), r.d_.dtype, acc);
    return r;
}

Tensor Tensor::add(const Tensor& other, const Scalar& alpha) const { return Binary(*this, &other, nullptr, Op::Add, alpha); }
Tensor Tensor::add(const Scalar& other, const Scalar& alpha) const { return Binary(*this, nullptr, &other, Op::Add, alpha); }
Tensor Tensor::sub(const Tensor& other, const Scalar& alpha) const { return Binary(*this, &other, nullptr, Op::Sub, alpha); }
Tensor Tensor::sub(const Scalar& other, const Scalar& alpha) const { return Binary(*this, nullptr, &other, Op::Sub, alpha); }
Tensor Tensor::mul(const Tensor& other) const { return Binary(*this, &other, nullptr, Op::Mul, Scalar(int64_t(1))); }
Tensor Tensor::mul(const Scalar& other) const { return Binary(*this, nullptr, &other, Op::Mul, Scalar(int64_t(1))); }
Tensor Tensor::div(const Tensor& other) const { return Binary(*this, &other, nullptr, Op::Div, Scalar(int64_t(1))); }
Tensor Tensor::div(const Scalar& other) const { return Binary(*this, nullptr, &other, Op::Div, Scalar(int64_t(1))); }

Tensor Tensor::neg() const {
    TORCH_CHECK(defined(), "neg(): the tensor is undefined");
    TORCH_CHECK(scalar_type() != kBool,
                "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, "
                "use the `~` or `logical_not()` operator instead.");
    const Scalar minusOne = isComplexType(scalar_type()) || isFloatingType(scalar_type()) ? Scalar(-1.0) : Scalar(int64_t(-1));
    Tensor r = mul(minusOne);
    return r.scalar_type() == scalar_type() ? r : r.to(scalar_type());
}

// ---- factories ------------------------------------------------------------------------------------
Tensor empty(IntArrayRef size, TensorOptions options, std::optional<MemoryFormat>) {
    const ScalarType dt = options.has_dtype() ? options.dtype().toScalarType() : kFloat;
    return Tensor(Alloc(size.vec(), ToGeDataType(dt), akg::pyshim::g_uninitializedFill.load()), options.device());
}
Tensor empty_like(const Tensor& self, TensorOptions options, std::optional<MemoryFormat> mf) {
    TORCH_CHECK(self.defined(), "empty_like(): the tensor is undefined");
    return empty(self.sizes(), self.options().merge_in(options), mf);
}
Tensor zeros(IntArrayRef size, TensorOptions options) {
    const ScalarType dt = options.has_dtype() ? options.dtype().toScalarType() : kFloat;
    return Tensor(Alloc(size.vec(), ToGeDataType(dt), 0), options.device());
}
Tensor zeros_like(const Tensor& self, TensorOptions options, std::optional<MemoryFormat>) {
    TORCH_CHECK(self.defined(), "zeros_like(): the tensor is undefined");
    return zeros(self.sizes(), self.options().merge_in(options));
}
Tensor ones(IntArrayRef size, TensorOptions options) { return zeros(size, options).fill_(Scalar(int64_t(1))); }
Tensor ones_like(const Tensor& self, TensorOptions options, std::optional<MemoryFormat> mf) {
    return zeros_like(self, options, mf).fill_(Scalar(int64_t(1)));
}
Tensor full(IntArrayRef size, const Scalar& fill_value, TensorOptions options) {
    if (!options.has_dtype()) {
        const ScalarType inferred = fill_value.isBoolean()         ? kBool
                                    : fill_value.isIntegral(false) ? kLong
                                    : fill_value.isComplex()       ? kComplexFloat
                                                                   : kFloat;
        options = options.dtype(inferred);
    }
    return zeros(size, options).fill_(fill_value);
}
Tensor full_like(const Tensor& self, const Scalar& fill_value, TensorOptions options, std::optional<MemoryFormat> mf) {
    return zeros_like(self, options, mf).fill_(fill_value);
}
Tensor scalar_tensor(const Scalar& s, TensorOptions options) { return zeros({}, options).fill_(s); }

std::vector<int64_t> infer_size(IntArrayRef a, IntArrayRef b) {
    const size_t n = std::max(a.size(), b.size());
    std::vector<int64_t> out(n);
    for (size_t i = 0; i < n; ++i) {
        const int64_t da = i < a.size() ? a[a.size() - 1 - i] : 1;
        const int64_t db = i < b.size() ? b[b.size() - 1 - i] : 1;
        TORCH_CHECK(da == db || da == 1 || db == 1, "The size of tensor a (", da, ") must match the size of tensor b (",
                    db, ") at non-singleton dimension ", n - 1 - i);
        out[n - 1 - i] = da == 1 ? db : da;
    }
    return out;
}

}  // namespace at
