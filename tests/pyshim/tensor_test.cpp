// The shim's tensor library: shapes, dtype conversion (PyTorch cast semantics, half/bfloat16
// round-to-nearest-even), options chains, factories, views, optional handling, arithmetic.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "akg_shim/npu.h"
#include "torch/extension.h"

namespace {

template <class T>
at::Tensor Make(std::vector<int64_t> shape, const std::vector<T>& values, at::ScalarType dtype) {
    at::Tensor t = torch::empty(shape, torch::TensorOptions().dtype(dtype));
    EXPECT_EQ(static_cast<size_t>(t.numel()), values.size());
    EXPECT_EQ(t.element_size(), static_cast<int64_t>(sizeof(T)));
    std::memcpy(t.data_ptr(), values.data(), values.size() * sizeof(T));
    return t;
}

template <class T>
std::vector<T> Read(const at::Tensor& t) {
    std::vector<T> out(static_cast<size_t>(t.numel()));
    std::memcpy(out.data(), t.data_ptr(), out.size() * sizeof(T));
    return out;
}

uint16_t HalfBits(float f) { return c10::Half(f).x; }
uint16_t Bf16Bits(float f) { return c10::BFloat16(f).x; }
float FromBits(uint32_t u) {
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

}  // namespace

TEST(PyshimTensor, ShapesAndMetadata) {
    at::Tensor t = torch::empty({2, 3, 4}, torch::TensorOptions().dtype(torch::kFloat16));
    EXPECT_TRUE(t.defined());
    EXPECT_EQ(t.dim(), 3);
    EXPECT_EQ(t.numel(), 24);
    EXPECT_EQ(t.size(0), 2);
    EXPECT_EQ(t.size(-1), 4);
    EXPECT_EQ(t.sizes().vec(), (std::vector<int64_t>{2, 3, 4}));
    EXPECT_EQ(t.strides().vec(), (std::vector<int64_t>{12, 4, 1}));
    EXPECT_EQ(t.sizes().back(), 4);
    EXPECT_EQ(t.sizes()[1], 3);
    EXPECT_EQ(t.scalar_type(), at::kHalf);
    EXPECT_TRUE(t.dtype() == torch::kFloat16);
    EXPECT_TRUE(t.dtype() != torch::kFloat32);
    EXPECT_EQ(t.element_size(), 2);
    EXPECT_EQ(t.nbytes(), 48u);
    EXPECT_TRUE(t.is_contiguous());
    EXPECT_TRUE(t.is_floating_point());
    EXPECT_EQ(t.shim_data().dtype, ge::DT_FLOAT16);
    EXPECT_THROW(t.size(3), c10::IndexError);
    EXPECT_THROW(t.size(-4), c10::IndexError);

    // Iterating sizes() twice must see the same storage (glue builds vectors from begin/end).
    std::vector<int64_t> copy(t.sizes().begin(), t.sizes().end());
    EXPECT_EQ(copy, (std::vector<int64_t>{2, 3, 4}));

    at::Tensor undefined;
    EXPECT_FALSE(undefined.defined());
}

TEST(PyshimTensor, FactoryShapes) {
    at::Tensor x = torch::empty({5}, torch::TensorOptions().dtype(torch::kInt32));
    int64_t n = 3, incy = 2;
    EXPECT_EQ(torch::empty({n * incy}, x.options()).sizes().vec(), (std::vector<int64_t>{6}));
    at::Tensor scalar = torch::empty({}, x.options());
    EXPECT_EQ(scalar.dim(), 0);
    EXPECT_EQ(scalar.numel(), 1);
    EXPECT_EQ(scalar.scalar_type(), at::kInt);
    int64_t size_value = 7;
    EXPECT_EQ(torch::empty(size_value, x.options()).sizes().vec(), (std::vector<int64_t>{7}));
    std::vector<int64_t> dims{2, 0, 3};
    at::Tensor zero = torch::zeros(dims, x.options());
    EXPECT_EQ(zero.numel(), 0);
    EXPECT_EQ(zero.strides().vec(), (std::vector<int64_t>{3, 3, 1}));
    EXPECT_EQ(torch::empty(x.sizes(), x.options()).sizes().vec(), (std::vector<int64_t>{5}));
    EXPECT_EQ(torch::empty({x.size(0), n}).scalar_type(), at::kFloat);  // default dtype
    EXPECT_TRUE(torch::empty({1}).device().is_cpu());
    EXPECT_THROW(torch::empty({-1}), c10::Error);

    at::Tensor z = torch::zeros({2, 2}, torch::dtype(torch::kFloat32));
    EXPECT_EQ(Read<float>(z), (std::vector<float>{0, 0, 0, 0}));
    EXPECT_EQ(Read<int64_t>(torch::ones({3}, torch::kInt64)), (std::vector<int64_t>{1, 1, 1}));
    EXPECT_EQ(Read<float>(at::full({2}, 2.5)), (std::vector<float>{2.5f, 2.5f}));
    EXPECT_EQ(at::full({2}, int64_t(3)).scalar_type(), at::kLong);
    EXPECT_EQ(at::full({2}, true).scalar_type(), at::kBool);
}

TEST(PyshimTensor, UninitializedFill) {
    akg::pyshim::SetUninitializedFill(0xFF);
    at::Tensor e = torch::empty({2}, torch::kFloat32);
    EXPECT_TRUE(std::isnan(Read<float>(e)[0]));
    EXPECT_EQ(Read<float>(torch::zeros({2}))[1], 0.0f);  // zeros stay zeros
    akg::pyshim::SetUninitializedFill(0);
    EXPECT_EQ(Read<float>(torch::empty({2}))[0], 0.0f);
}

TEST(PyshimTensor, OptionsChains) {
    at::Tensor x(akg::pyshim::TensorData{{2, 3}, ge::DT_FLOAT16, std::make_shared<std::vector<uint8_t>>(12), 0},
                 c10::Device("npu:0"));
    EXPECT_TRUE(x.device().is_privateuseone());
    EXPECT_EQ(x.device().str(), "npu:0");

    auto o1 = x.options().dtype(at::kBool);
    EXPECT_TRUE(o1.dtype() == at::kBool);
    EXPECT_EQ(o1.device(), x.device());

    auto o2 = torch::TensorOptions().dtype(torch::kFloat).device(x.device());
    EXPECT_TRUE(o2.dtype() == torch::kFloat32);
    EXPECT_EQ(o2.device().str(), "npu:0");

    auto o3 = torch::dtype(torch::kFloat32);
    EXPECT_TRUE(o3.has_dtype());
    EXPECT_FALSE(o3.has_device());

    std::map<int64_t, torch::Dtype> type_map = {{0, torch::kFloat32}, {27, torch::kBFloat16}};
    auto o4 = torch::TensorOptions().dtype(type_map.at(27)).device(x.device());
    EXPECT_TRUE(o4.dtype() == at::kBFloat16);

    // empty_like variants: options, a bare ScalarType, torch::dtype(), options with dtype.
    at::Tensor a = at::empty_like(x, x.options().dtype(at::kBool));
    EXPECT_EQ(a.scalar_type(), at::kBool);
    EXPECT_EQ(a.sizes(), x.sizes());
    EXPECT_EQ(a.device(), x.device());
    at::Tensor b = torch::empty_like(x, torch::kBool);
    EXPECT_EQ(b.scalar_type(), at::kBool);
    EXPECT_EQ(b.device(), x.device());  // unset fields come from the source tensor
    at::Tensor c = torch::empty_like(x, torch::dtype(torch::kFloat32));
    EXPECT_EQ(c.scalar_type(), at::kFloat);
    EXPECT_EQ(c.device(), x.device());
    at::Tensor d = torch::empty_like(x);
    EXPECT_EQ(d.scalar_type(), at::kHalf);
    EXPECT_NE(d.shim_data().storage, x.shim_data().storage);
    at::Tensor e = torch::zeros_like(x, x.options().dtype(torch::kInt8));
    EXPECT_EQ(e.scalar_type(), at::kChar);
    at::Tensor f = torch::empty({2}, x.options().dtype(x.scalar_type()));
    EXPECT_EQ(f.scalar_type(), at::kHalf);
    at::Tensor g = torch::empty_like(x, x.options());
    EXPECT_EQ(g.scalar_type(), at::kHalf);
    at::Tensor h = torch::empty_like(x, torch::TensorOptions().dtype(torch::kInt8).device(x.device()));
    EXPECT_EQ(h.scalar_type(), at::kChar);

    EXPECT_EQ(c10::Device("cpu").type(), c10::kCPU);
    EXPECT_EQ(c10::Device("npu").index(), -1);
    EXPECT_THROW(c10::Device("tpu:0"), c10::Error);
}

TEST(PyshimTensor, HalfRoundToNearestEven) {
    EXPECT_EQ(HalfBits(1.0f), 0x3C00);
    EXPECT_EQ(HalfBits(-2.0f), 0xC000);
    EXPECT_EQ(HalfBits(0.1f), 0x2E66);
    EXPECT_EQ(HalfBits(65504.0f), 0x7BFF);
    EXPECT_EQ(HalfBits(65519.99f), 0x7BFF);
    EXPECT_EQ(HalfBits(65520.0f), 0x7C00);  // the tie rounds to even: infinity
    EXPECT_EQ(HalfBits(2049.0f), 0x6800);   // tie between 2048 and 2050 -> 2048 (even)
    EXPECT_EQ(HalfBits(2051.0f), 0x6802);   // tie between 2050 and 2052 -> 2052 (even)
    EXPECT_EQ(HalfBits(std::ldexp(1.0f, -24)), 0x0001);
    EXPECT_EQ(HalfBits(std::ldexp(1.0f, -25)), 0x0000);         // tie -> 0
    EXPECT_EQ(HalfBits(std::ldexp(3.0f, -25)), 0x0002);         // 1.5 ulp -> 2 (even)
    EXPECT_EQ(HalfBits(std::ldexp(1.5f, -25)), 0x0001);
    EXPECT_EQ(HalfBits(std::ldexp(1023.5f, -24)), 0x0400);      // subnormal rounds up into normal
    EXPECT_EQ(HalfBits(-0.0f), 0x8000);
    EXPECT_EQ(HalfBits(-INFINITY), 0xFC00);
    EXPECT_EQ(HalfBits(NAN) & 0x7E00, 0x7E00);
    for (uint32_t h = 0; h < 0x10000; ++h) {  // every finite half survives the round trip
        if ((h & 0x7C00) == 0x7C00 && (h & 0x3FF)) continue;
        const float f = c10::Half(static_cast<uint16_t>(h), c10::Half::from_bits());
        ASSERT_EQ(HalfBits(f), h) << std::hex << h;
    }
#ifdef __FLT16_MAX__
    // Against the compiler's own float -> _Float16 conversion (round to nearest even).
    for (uint64_t u = 0; u < 0x100000000ull; u += 65521) {
        const float f = FromBits(static_cast<uint32_t>(u));
        if (std::isnan(f)) continue;
        const _Float16 ref = static_cast<_Float16>(f);
        uint16_t bits;
        std::memcpy(&bits, &ref, 2);
        ASSERT_EQ(HalfBits(f), bits) << f;
    }
#endif
}

TEST(PyshimTensor, BFloat16RoundToNearestEven) {
    EXPECT_EQ(Bf16Bits(1.0f), 0x3F80);
    EXPECT_EQ(Bf16Bits(1.00390625f), 0x3F80);  // tie -> even
    EXPECT_EQ(Bf16Bits(1.01171875f), 0x3F82);  // tie -> even
    EXPECT_EQ(Bf16Bits(1.005f), 0x3F81);
    EXPECT_EQ(Bf16Bits(-INFINITY), 0xFF80);
    EXPECT_EQ(Bf16Bits(FromBits(0x7F7FFFFF)), 0x7F80);  // max float rounds to inf
    const uint16_t nan = Bf16Bits(NAN);
    EXPECT_EQ(nan & 0x7F80, 0x7F80);
    EXPECT_NE(nan & 0x7F, 0);
    EXPECT_EQ(static_cast<float>(c10::BFloat16(0x4049, c10::BFloat16::from_bits())), 3.140625f);
}

TEST(PyshimTensor, ToDtypeConversions) {
    at::Tensor f = Make<float>({4}, {0.1f, 65520.0f, -2.5f, 1.0f}, at::kFloat);
    EXPECT_EQ(Read<uint16_t>(f.to(at::kHalf)), (std::vector<uint16_t>{0x2E66, 0x7C00, 0xC100, 0x3C00}));
    EXPECT_EQ(Read<uint16_t>(f.to(torch::kBFloat16)), (std::vector<uint16_t>{0x3DCD, 0x4780, 0xC020, 0x3F80}));

    // double -> half goes through float, like static_cast<c10::Half>(double).
    at::Tensor d = Make<double>({1}, {1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)}, at::kDouble);
    EXPECT_EQ(Read<uint16_t>(d.to(at::kHalf))[0], 0x3C00);

    // bool from nonzero; bool to numbers.
    at::Tensor z = Make<float>({4}, {0.0f, -0.0f, 0.5f, NAN}, at::kFloat);
    EXPECT_EQ(Read<uint8_t>(z.to(at::kBool)), (std::vector<uint8_t>{0, 0, 1, 1}));
    at::Tensor bools = Make<uint8_t>({2}, {1, 0}, at::kBool);
    EXPECT_EQ(Read<float>(bools.to(at::kFloat)), (std::vector<float>{1.0f, 0.0f}));
    at::Tensor ints = Make<int32_t>({3}, {-3, 0, 7}, at::kInt);
    EXPECT_EQ(Read<uint8_t>(ints.to(at::kBool)), (std::vector<uint8_t>{1, 0, 1}));

    // floating -> integral truncates toward zero; integral -> narrower integral wraps.
    at::Tensor t = Make<float>({3}, {-1.7f, 2.9f, 300.0f}, at::kFloat);
    EXPECT_EQ(Read<int32_t>(t.to(at::kInt)), (std::vector<int32_t>{-1, 2, 300}));
    EXPECT_EQ(Read<uint8_t>(t.to(at::kByte)), (std::vector<uint8_t>{255, 2, 44}));
    at::Tensor big = Make<int64_t>({1}, {(int64_t(1) << 53) + 1}, at::kLong);
    EXPECT_EQ(Read<float>(big.to(at::kFloat))[0], 9007199254740992.0f);

    // half -> float is exact; half -> int via float.
    at::Tensor h = Make<uint16_t>({2}, {0x3E00, 0xC500}, at::kHalf);  // 1.5, -5.0
    EXPECT_EQ(Read<float>(h.to(at::kFloat)), (std::vector<float>{1.5f, -5.0f}));
    EXPECT_EQ(Read<int64_t>(h.to(at::kLong)), (std::vector<int64_t>{1, -5}));

    // complex64 is 8 bytes: (re, im) floats; to real keeps the real part.
    at::Tensor c = torch::empty({2}, torch::kComplex64);
    EXPECT_EQ(c.element_size(), 8);
    const float parts[4] = {1.5f, -2.0f, 0.0f, 3.0f};
    std::memcpy(c.data_ptr(), parts, sizeof(parts));
    EXPECT_EQ(Read<float>(c.to(at::kFloat)), (std::vector<float>{1.5f, 0.0f}));
    EXPECT_EQ(Read<uint8_t>(c.to(at::kBool)), (std::vector<uint8_t>{1, 1}));
    EXPECT_EQ(Read<float>(f.to(at::kComplexFloat))[1], 0.0f);

    // to() of the same dtype returns the same tensor (shared storage); to(x.dtype()) works.
    EXPECT_EQ(f.to(at::kFloat).shim_data().storage, f.shim_data().storage);
    EXPECT_NE(f.to(at::kFloat, false, true).shim_data().storage, f.shim_data().storage);
    at::Tensor y = bools.to(f.dtype());
    EXPECT_EQ(y.scalar_type(), at::kFloat);
    at::Tensor o = bools.to(f.options());
    EXPECT_EQ(o.scalar_type(), at::kFloat);
    EXPECT_EQ(ints.narrow(0, 0, 1).to(torch::kFloat64).item<double>(), -3.0);
}

TEST(PyshimTensor, DeviceCopies) {
    at::Tensor npu(akg::pyshim::TensorData{{2}, ge::DT_FLOAT, std::make_shared<std::vector<uint8_t>>(8), 0},
                   c10::Device(c10::kPrivateUse1, 0));
    at::Tensor cpu = npu.cpu();
    EXPECT_TRUE(cpu.is_cpu());
    EXPECT_NE(cpu.shim_data().storage, npu.shim_data().storage);  // .cpu() of an NPU tensor copies
    EXPECT_EQ(cpu.cpu().shim_data().storage, cpu.shim_data().storage);
    EXPECT_EQ(npu.contiguous().shim_data().storage, npu.shim_data().storage);
}

TEST(PyshimTensor, ItemDataPtrAccessor) {
    at::Tensor t = Make<float>({2, 2}, {1.0f, 2.0f, 3.0f, 4.0f}, at::kFloat);
    EXPECT_THROW(t.item<float>(), c10::Error);
    EXPECT_EQ(t.data_ptr<float>()[3], 4.0f);
    EXPECT_THROW(t.data_ptr<int64_t>(), c10::Error);
    auto acc = t.accessor<float, 2>();
    EXPECT_EQ(acc[1][0], 3.0f);
    acc[0][1] = 9.0f;
    EXPECT_EQ(t.data_ptr<float>()[1], 9.0f);
    EXPECT_THROW((t.accessor<float, 1>()), c10::Error);

    at::Tensor one = Make<int32_t>({1}, {-7}, at::kInt);
    EXPECT_EQ(one.item<int64_t>(), -7);
    EXPECT_EQ(one.item<float>(), -7.0f);
    EXPECT_TRUE(one.item().isIntegral(false));
    at::Tensor h = Make<uint16_t>({}, {0x3E00}, at::kHalf);
    EXPECT_EQ(h.item<double>(), 1.5);
    EXPECT_TRUE(h.item().isFloatingPoint());
    EXPECT_EQ(h.item<c10::Half>().x, 0x3E00);

    // The ForeachAddScalarList pattern.
    at::Tensor s = Make<int64_t>({3}, {4, 5, 6}, at::kLong);
    std::vector<at::Scalar> scalars;
    if (s.scalar_type() == at::ScalarType::Long) {
        auto a = s.accessor<int64_t, 1>();
        for (int i = 0; i < s.size(0); i++) scalars.push_back(at::Scalar(a[i]));
    }
    ASSERT_EQ(scalars.size(), 3u);
    EXPECT_EQ(scalars[2].toLong(), 6);
    EXPECT_EQ(scalars[2].type(), at::kLong);
}

TEST(PyshimTensor, InPlaceFillZeroCopy) {
    at::Tensor t = torch::empty({3}, torch::kFloat16);
    t.fill_(0.5);
    EXPECT_EQ(Read<uint16_t>(t), (std::vector<uint16_t>{0x3800, 0x3800, 0x3800}));
    t.zero_();
    EXPECT_EQ(Read<uint16_t>(t), (std::vector<uint16_t>{0, 0, 0}));
    at::Tensor r = torch::empty({4}, torch::kFloat32);
    r.fill_(0.0f);
    EXPECT_EQ(Read<float>(r)[3], 0.0f);
    at::Tensor m = torch::empty({2, 2}, torch::kInt32);
    m.copy_(Make<float>({2}, {1.9f, -2.2f}, at::kFloat));  // broadcast + convert
    EXPECT_EQ(Read<int32_t>(m), (std::vector<int32_t>{1, -2, 1, -2}));
    m.fill_(torch::scalar_tensor(3, torch::kInt64));
    EXPECT_EQ(Read<int32_t>(m), (std::vector<int32_t>{3, 3, 3, 3}));
    at::Tensor c = m.clone();
    c.fill_(1);
    EXPECT_EQ(Read<int32_t>(m)[0], 3);
}

TEST(PyshimTensor, ViewsShareStorage) {
    at::Tensor t = Make<int32_t>({2, 3}, {0, 1, 2, 3, 4, 5}, at::kInt);
    at::Tensor v = t.view({3, -1});
    EXPECT_EQ(v.sizes().vec(), (std::vector<int64_t>{3, 2}));
    EXPECT_EQ(v.shim_data().storage, t.shim_data().storage);
    EXPECT_THROW(t.view({4, -1}), c10::Error);
    EXPECT_EQ(t.reshape({6}).dim(), 1);
    EXPECT_EQ(t.unsqueeze(0).sizes().vec(), (std::vector<int64_t>{1, 2, 3}));
    EXPECT_EQ(t.unsqueeze(-1).sizes().vec(), (std::vector<int64_t>{2, 3, 1}));
    EXPECT_EQ(t.unsqueeze(0).squeeze().sizes().vec(), (std::vector<int64_t>{2, 3}));
    EXPECT_EQ(t.flatten().sizes().vec(), (std::vector<int64_t>{6}));

    // narrow along dim 0 is a view with an offset (MaskedSelectV3 returns one).
    at::Tensor n = t.narrow(0, 1, 1);
    EXPECT_EQ(n.sizes().vec(), (std::vector<int64_t>{1, 3}));
    EXPECT_EQ(n.shim_data().offsetBytes, 12u);
    EXPECT_EQ(n.data_ptr<int32_t>()[0], 3);
    n.fill_(9);
    EXPECT_EQ(Read<int32_t>(t), (std::vector<int32_t>{0, 1, 2, 9, 9, 9}));
    // A non-contiguous slice is materialised.
    at::Tensor col = t.narrow(1, 1, 2);
    EXPECT_EQ(Read<int32_t>(col), (std::vector<int32_t>{1, 2, 9, 9}));
    EXPECT_EQ(t.select(0, -1).sizes().vec(), (std::vector<int64_t>{3}));
    EXPECT_EQ(t[0].data_ptr<int32_t>()[2], 2);
    EXPECT_THROW(t.narrow(0, 1, 2), c10::Error);
}

TEST(PyshimTensor, SumAndArithmetic) {
    at::Tensor mask = Make<uint8_t>({5}, {1, 0, 1, 1, 0}, at::kBool);
    at::Tensor s = mask.sum();
    EXPECT_EQ(s.scalar_type(), at::kLong);
    EXPECT_EQ(s.dim(), 0);
    EXPECT_EQ(s.item<int64_t>(), 3);
    EXPECT_EQ(Make<float>({2}, {0.5f, 0.25f}, at::kFloat).sum().item<double>(), 0.75);

    at::Tensor a = Make<float>({2, 1}, {1.0f, 2.0f}, at::kFloat);
    at::Tensor b = Make<float>({3}, {10.0f, 20.0f, 30.0f}, at::kFloat);
    at::Tensor c = a + b;
    EXPECT_EQ(c.sizes().vec(), (std::vector<int64_t>{2, 3}));
    EXPECT_EQ(Read<float>(c), (std::vector<float>{11, 21, 31, 12, 22, 32}));
    EXPECT_EQ(Read<float>(b - a * 2)[5], 26.0f);
    at::Tensor i = Make<int32_t>({2}, {3, 4}, at::kInt);
    EXPECT_EQ((i * 2).scalar_type(), at::kInt);
    EXPECT_EQ((i + 0.5).scalar_type(), at::kFloat);  // Python float -> default dtype
    EXPECT_EQ((i / 2).scalar_type(), at::kFloat);    // true division
    EXPECT_EQ(Read<float>(i / 2), (std::vector<float>{1.5f, 2.0f}));
    EXPECT_EQ(Read<int32_t>(-i), (std::vector<int32_t>{-3, -4}));
    at::Tensor h = Make<uint16_t>({1}, {0x3C00}, at::kHalf);
    EXPECT_EQ((h + 1.0).scalar_type(), at::kHalf);
    EXPECT_EQ((h + b).scalar_type(), at::kFloat);
    i += 1;
    EXPECT_EQ(Read<int32_t>(i), (std::vector<int32_t>{4, 5}));
    EXPECT_EQ((a + Make<float>({4}, {1, 2, 3, 4}, at::kFloat)).sizes().vec(), (std::vector<int64_t>{2, 4}));
    EXPECT_THROW(a + Make<float>({3, 1}, {1, 2, 3}, at::kFloat), c10::Error);
    EXPECT_THROW(mask - mask, c10::Error);
    EXPECT_EQ(c10::promoteTypes(at::kByte, at::kChar), at::kShort);
    EXPECT_EQ(c10::promoteTypes(at::kHalf, at::kBFloat16), at::kFloat);
    EXPECT_EQ(c10::promoteTypes(at::kLong, at::kFloat), at::kFloat);
}

TEST(PyshimTensor, InferSize) {
    std::vector<int64_t> a{4, 1, 3}, b{5, 1};
    EXPECT_EQ(at::infer_size(a, b), (std::vector<int64_t>{4, 5, 3}));
    std::vector<int64_t> c{2, 3}, d{4, 3};
    EXPECT_THROW(at::infer_size(c, d), c10::Error);
    auto shape = at::infer_size(torch::empty({2, 3}).sizes(), torch::empty({3}).sizes());
    int64_t n = 1;
    for (auto dim : shape) n *= dim;
    EXPECT_EQ(n, 6);
}

TEST(PyshimTensor, ScalarAndOptional) {
    c10::Scalar f(2.5f);
    EXPECT_EQ(f.type(), at::kDouble);
    EXPECT_EQ(f.toLong(), 2);
    EXPECT_EQ(f.toFloat(), 2.5f);
    at::Scalar i(int64_t(-3));
    EXPECT_EQ(i.type(), at::kLong);
    EXPECT_EQ(i.toDouble(), -3.0);
    at::Scalar b(true);
    EXPECT_EQ(b.type(), at::kBool);
    EXPECT_TRUE(b.toBool());
    EXPECT_EQ(b.toInt(), 1);
    at::Scalar k(7);  // int
    EXPECT_EQ(k.type(), at::kLong);
    EXPECT_EQ((-k).toLong(), -7);

    c10::optional<at::Tensor> none;
    EXPECT_FALSE(none.has_value());
    EXPECT_FALSE(none.value_or(at::Tensor()).defined());
    c10::optional<at::Tensor> some = torch::empty({2});
    at::Tensor v = some.has_value() ? some.value() : at::Tensor();
    EXPECT_TRUE(v.defined());
    std::optional<int64_t> o = c10::nullopt;
    EXPECT_EQ(o.value_or(4), 4);
}

TEST(PyshimTensor, ArrayRefs) {
    std::vector<int64_t> v{1, 2, 3};
    at::IntArrayRef r(v);
    EXPECT_EQ(r.size(), 3u);
    EXPECT_EQ(r.vec(), v);
    EXPECT_EQ(r.front(), 1);
    EXPECT_EQ(r.slice(1).vec(), (std::vector<int64_t>{2, 3}));
    torch::IntArrayRef e;
    EXPECT_TRUE(e.empty());
    int64_t one = 5;
    at::IntArrayRef single(one);
    EXPECT_EQ(single.size(), 1u);
    std::vector<at::Tensor> ts{torch::empty({1}), torch::empty({2})};
    at::TensorList list = at::TensorList(ts);
    EXPECT_EQ(list.size(), 2u);
    EXPECT_EQ(list[1].numel(), 2);
    int count = 0;
    for (const auto& t : list) count += static_cast<int>(t.numel());
    EXPECT_EQ(count, 3);
    EXPECT_TRUE(at::IntArrayRef(v) == v);
    std::ostringstream os;
    os << r;
    EXPECT_EQ(os.str(), "[1, 2, 3]");
}

TEST(PyshimTensor, TorchCheck) {
    try {
        TORCH_CHECK(1 == 2, "Dimension ", 3, " must be divisible by 2 for SwiGLU.");
        FAIL();
    } catch (const c10::Error& e) {
        EXPECT_STREQ(e.what(), "Dimension 3 must be divisible by 2 for SwiGLU.");
    }
    try {
        TORCH_CHECK(false);
        FAIL();
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("false"), std::string::npos);
    }
    EXPECT_NO_THROW(TORCH_CHECK(true, "never"));
}
