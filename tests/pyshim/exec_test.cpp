// EXEC_NPU_CMD: argument conversion to AclArg, in-place output writes through the hook, failures,
// and glue written like NPUKernelBench's validation/pybind.cpp files, run through Call.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>
#include "pytorch_npu_helper.hpp"

using akg::pyshim::AclArg;
using akg::pyshim::TensorData;
using akg::pyshim::Value;
using akg::pyshim::ValueList;

namespace {

Value V(const at::Tensor& t) { return akg_shim::detail::ToValue(t); }
Value I(int64_t i) { return akg_shim::detail::ToValue(i); }
Value F(double f) { return akg_shim::detail::ToValue(f); }
Value S(const std::string& s) { return akg_shim::detail::ToValue(s); }
Value L(std::vector<Value> items) {
    Value v;
    v.kind = Value::Kind::List;
    v.list = std::move(items);
    return v;
}
template <class T>
at::Tensor Make(std::vector<int64_t> shape, const std::vector<T>& values, at::ScalarType dtype) {
    at::Tensor t = torch::empty(shape, torch::TensorOptions().dtype(dtype));
    std::memcpy(t.data_ptr(), values.data(), values.size() * sizeof(T));
    return t;
}
template <class T>
std::vector<T> Read(const TensorData& d) {
    std::vector<T> out(static_cast<size_t>(d.numel()));
    std::memcpy(out.data(), d.data(), out.size() * sizeof(T));
    return out;
}
template <class T>
T* Ptr(const TensorData& d) {
    return reinterpret_cast<T*>(d.data());
}

// The calls the hook saw.
struct Recorded {
    std::string api;
    std::vector<AclArg> args;
};
std::vector<Recorded> g_calls;

// A hook implementing a few element-wise operators on float/bool data, like the harness would on
// the simulator: it writes outputs into the argument tensors' storage.
bool TestHook(const std::string& api, std::vector<AclArg>& args, std::string* error) {
    g_calls.push_back({api, args});
    if (api == "aclnnAddCustom") {
        const TensorData &x = args.at(0).tensor, &y = args.at(1).tensor, &z = args.at(2).tensor;
        for (int64_t k = 0; k < x.numel(); ++k) Ptr<float>(z)[k] = Ptr<float>(x)[k] + Ptr<float>(y)[k];
        return true;
    }
    if (api == "aclnnIsFinite") {
        const TensorData &x = args.at(0).tensor, &y = args.at(1).tensor;
        if (y.dtype != ge::DT_BOOL) {
            *error = "output must be bool";
            return false;
        }
        for (int64_t k = 0; k < x.numel(); ++k) Ptr<uint8_t>(y)[k] = std::isfinite(Ptr<float>(x)[k]) ? 1 : 0;
        return true;
    }
    if (api == "aclnnSscal") {  // in place: x *= alpha
        const TensorData& x = args.at(0).tensor;
        for (int64_t k = 0; k < x.numel(); ++k) Ptr<float>(x)[k] *= static_cast<float>(args.at(1).f);
        return true;
    }
    if (api == "aclnnForeachAddScalarList") {
        const AclArg &in = args.at(0), &scalars = args.at(1), &out = args.at(2);
        for (size_t t = 0; t < in.tensors.size(); ++t)
            for (int64_t k = 0; k < in.tensors[t].numel(); ++k)
                Ptr<float>(out.tensors[t])[k] = Ptr<float>(in.tensors[t])[k] + static_cast<float>(scalars.floats[t]);
        return true;
    }
    if (api == "aclnnMaskedSelect") {
        const TensorData &x = args.at(0).tensor, &mask = args.at(1).tensor, &out = args.at(2).tensor;
        int64_t n = 0;
        for (int64_t k = 0; k < x.numel(); ++k)
            if (Ptr<uint8_t>(mask)[k]) Ptr<float>(out)[n++] = Ptr<float>(x)[k];
        return true;
    }
    return true;  // record-only
}

}  // namespace

// ---- glue in the style of NPUKernelBench's validation/pybind.cpp -------------------------------
at::Tensor add_custom(at::Tensor& input1, at::Tensor& input2) {
    at::Tensor result = torch::empty_like(input1);
    EXEC_NPU_CMD(aclnnAddCustom, input1, input2, result);
    return result;
}

at::Tensor is_finite(at::Tensor x) {
    at::Tensor y_bool_output = torch::empty_like(x, x.options().dtype(torch::kBool));
    EXEC_NPU_CMD(aclnnIsFinite, x, y_bool_output);
    at::Tensor y_numeric_output = y_bool_output.to(x.dtype());
    return y_numeric_output;
}

at::Tensor sscal(at::Tensor input, double alpha, int64_t n, int64_t incx) {
    EXEC_NPU_CMD(aclnnSscal, input, alpha, n, incx);
    return input;
}

std::vector<at::Tensor> foreach_add_scalar_list(std::vector<at::Tensor>& x, at::Tensor scalar_tensor) {
    std::vector<at::Scalar> scalars;
    if (scalar_tensor.scalar_type() == at::ScalarType::Float) {
        auto accessor = scalar_tensor.accessor<float, 1>();
        for (int i = 0; i < scalar_tensor.size(0); i++) scalars.push_back(at::Scalar(accessor[i]));
    } else {
        throw std::runtime_error("Unsupported scalar type for ForeachAddScalarList");
    }
    std::vector<at::Tensor> result;
    result.reserve(x.size());
    for (const auto& tensor : x) result.push_back(torch::empty_like(tensor));
    at::TensorList result_list = at::TensorList(result);
    at::TensorList input = at::TensorList(x);
    at::ArrayRef<at::Scalar> scalar_list(scalars);
    EXEC_NPU_CMD(aclnnForeachAddScalarList, input, scalar_list, result_list);
    return result;
}

at::Tensor masked_select(at::Tensor& input_tensor, at::Tensor& mask) {
    auto broadcast_shape = at::infer_size(input_tensor.sizes(), mask.sizes());
    int64_t broadcast_size = 1;
    for (auto dim : broadcast_shape) broadcast_size *= dim;
    at::Tensor tmp_output = torch::empty({broadcast_size}, input_tensor.options());
    EXEC_NPU_CMD(aclnnMaskedSelect, input_tensor, mask, tmp_output);
    int64_t selected_size = mask.sum().item<int64_t>();
    return tmp_output.narrow(0, 0, selected_size);
}

std::vector<at::Tensor> every_acl_kind(at::Tensor x, c10::optional<at::Tensor> bias, std::vector<int64_t> dims,
                                       at::Tensor value_tensor, std::string reduction, at::IntArrayRef shape) {
    at::Tensor bias_npu = bias.has_value() ? bias.value() : at::Tensor();
    aclIntArray* dims_acl = ConvertType(at::IntArrayRef(dims));
    auto scalarValue = ConvertTensorToAclScaler(value_tensor);
    const char* reduction_cstr = reduction.c_str();
    c10::Scalar base_scalar(value_tensor.item<float>());
    std::vector<at::Tensor> xs{x, x};
    std::vector<at::Scalar> scalars{at::Scalar(1), at::Scalar(2.5)};
    at::Tensor out = torch::empty({}, x.options().dtype(torch::kInt32));
    EXEC_NPU_CMD(aclnnEveryKind, x, bias, bias_npu, dims_acl, scalarValue, reduction_cstr, reduction, base_scalar,
                 int64_t(-3), 7, 0.5, 1.5f, true, shape, dims, at::TensorList(xs), xs,
                 at::ArrayRef<at::Scalar>(scalars), std::vector<double>{0.25}, std::vector<bool>{true, false},
                 torch::kFloat16, nullptr, ConvertType(at::Scalar(true)), out);
    return {out};
}

PYBIND11_MODULE(pyshim_exec_test, m) {
    m.doc() = "Python bindings for kernel_gen_ops";
    m.def("add_custom", &add_custom, "");
    m.def("is_finite", &is_finite, "");
    m.def("sscal", &sscal, "");
    m.def("foreach_add_scalar_list", &foreach_add_scalar_list, "");
    m.def("masked_select", &masked_select, "");
    m.def("every_acl_kind", &every_acl_kind, "");
}

class PyshimExec : public ::testing::Test {
protected:
    void SetUp() override {
        akg_pyshim_init_pyshim_exec_test();
        g_calls.clear();
        akg::pyshim::SetExecHook(TestHook);
    }
    void TearDown() override { akg::pyshim::SetExecHook(nullptr); }
};

TEST_F(PyshimExec, OutputsWrittenInPlace) {
    Value r = akg::pyshim::Call("add_custom", {V(Make<float>({3}, {1, 2, 3}, at::kFloat)),
                                               V(Make<float>({3}, {10, 20, 30}, at::kFloat))});
    ASSERT_EQ(r.kind, Value::Kind::Tensor);
    EXPECT_EQ(Read<float>(r.tensor), (std::vector<float>{11, 22, 33}));
    ASSERT_EQ(g_calls.size(), 1u);
    EXPECT_EQ(g_calls[0].api, "aclnnAddCustom");
    ASSERT_EQ(g_calls[0].args.size(), 3u);
    // The hook's output tensor is the very storage the glue returned.
    EXPECT_EQ(g_calls[0].args[2].tensor.storage, r.tensor.storage);
    EXPECT_EQ(g_calls[0].args[2].tensor.shape, (std::vector<int64_t>{3}));
}

TEST_F(PyshimExec, BoolOutputConvertedBack) {
    Value r = akg::pyshim::Call("is_finite", {V(Make<float>({3}, {1.0f, INFINITY, NAN}, at::kFloat))});
    EXPECT_EQ(r.tensor.dtype, ge::DT_FLOAT);
    EXPECT_EQ(Read<float>(r.tensor), (std::vector<float>{1, 0, 0}));
    EXPECT_EQ(g_calls.at(0).args.at(1).tensor.dtype, ge::DT_BOOL);
}

TEST_F(PyshimExec, InPlaceInputIsTheResult) {
    Value x = V(Make<float>({2}, {1.5f, -2.0f}, at::kFloat));
    Value r = akg::pyshim::Call("sscal", {x, F(2.0), I(2), I(1)});
    EXPECT_EQ(Read<float>(x.tensor), (std::vector<float>{3.0f, -4.0f}));
    EXPECT_EQ(r.tensor.storage, x.tensor.storage);
    const auto& args = g_calls.at(0).args;
    EXPECT_EQ(args.at(1).kind, AclArg::Kind::Float);
    EXPECT_EQ(args.at(2).kind, AclArg::Kind::Int);
    EXPECT_EQ(args.at(2).i, 2);
}

// pybind11 converts a one-element tensor passed for a float parameter through __float__
// (NPUKernelBench's Gemm passes alpha as torch.rand(1)); a longer tensor stays a mismatch.
TEST_F(PyshimExec, OneElementTensorConvertsToAFloatParameter) {
    Value x = V(Make<float>({2}, {1.5f, -2.0f}, at::kFloat));
    Value alpha = V(Make<uint16_t>({1}, {0x4100}, at::kHalf));  // 2.5 as float16
    akg::pyshim::Call("sscal", {x, alpha, I(2), I(1)});
    EXPECT_EQ(Read<float>(x.tensor), (std::vector<float>{3.75f, -5.0f}));
    Value two = V(Make<float>({2}, {2.0f, 2.0f}, at::kFloat));
    EXPECT_THROW(akg::pyshim::Call("sscal", {x, two, I(2), I(1)}), akg_shim::detail::ArgumentMismatch);
}

TEST_F(PyshimExec, ScalarListAndTensorLists) {
    Value r = akg::pyshim::Call("foreach_add_scalar_list",
                                {L({V(Make<float>({2}, {1, 2}, at::kFloat)), V(Make<float>({1}, {5}, at::kFloat))}),
                                 V(Make<float>({2}, {0.5f, 10.0f}, at::kFloat))});
    ASSERT_EQ(r.kind, Value::Kind::List);
    ASSERT_EQ(r.list.size(), 2u);
    EXPECT_EQ(Read<float>(r.list[0].tensor), (std::vector<float>{1.5f, 2.5f}));
    EXPECT_EQ(Read<float>(r.list[1].tensor), (std::vector<float>{15.0f}));
    const AclArg& scalars = g_calls.at(0).args.at(1);
    EXPECT_EQ(scalars.kind, AclArg::Kind::ScalarList);
    EXPECT_EQ(scalars.scalarType, ge::DT_DOUBLE);
    EXPECT_EQ(scalars.floats, (std::vector<double>{0.5, 10.0}));
    EXPECT_EQ(g_calls.at(0).args.at(0).kind, AclArg::Kind::TensorList);
}

TEST_F(PyshimExec, NarrowedResultIsAView) {
    Value r = akg::pyshim::Call("masked_select", {V(Make<float>({4}, {1, 2, 3, 4}, at::kFloat)),
                                                  V(Make<uint8_t>({4}, {0, 1, 0, 1}, at::kBool))});
    ASSERT_EQ(r.kind, Value::Kind::Tensor);
    EXPECT_EQ(r.tensor.shape, (std::vector<int64_t>{2}));
    EXPECT_EQ(Read<float>(r.tensor), (std::vector<float>{2, 4}));
}

TEST_F(PyshimExec, EveryArgumentKind) {
    Value x = V(Make<float>({2}, {1, 2}, at::kFloat));
    Value value = V(Make<uint16_t>({1}, {0x3E00}, at::kHalf));  // 1.5 as float16
    akg::pyshim::Call("every_acl_kind", {x, Value(), L({I(4), I(5)}), value, S("mean"), L({I(8)})});
    ASSERT_EQ(g_calls.size(), 1u);
    EXPECT_EQ(g_calls[0].api, "aclnnEveryKind");
    const auto& a = g_calls[0].args;
    ASSERT_EQ(a.size(), 24u);
    using K = AclArg::Kind;
    EXPECT_EQ(a[0].kind, K::Tensor);
    EXPECT_EQ(a[0].tensor.storage, x.tensor.storage);
    EXPECT_EQ(a[1].kind, K::Tensor);  // c10::nullopt: an absent optional input
    EXPECT_EQ(a[1].tensor.storage, nullptr);
    EXPECT_EQ(a[2].kind, K::Tensor);  // undefined at::Tensor: absent too
    EXPECT_EQ(a[2].tensor.storage, nullptr);
    EXPECT_EQ(a[3].kind, K::IntArray);
    EXPECT_EQ(a[3].ints, (std::vector<int64_t>{4, 5}));
    EXPECT_EQ(a[4].kind, K::Scalar);  // ConvertTensorToAclScaler keeps the tensor's dtype
    EXPECT_EQ(a[4].scalarType, ge::DT_FLOAT16);
    EXPECT_EQ(a[4].f, 1.5);
    EXPECT_EQ(a[5].kind, K::String);
    EXPECT_EQ(a[5].s, "mean");
    EXPECT_EQ(a[6].kind, K::String);
    EXPECT_EQ(a[7].kind, K::Scalar);  // c10::Scalar(float) is a double scalar
    EXPECT_EQ(a[7].scalarType, ge::DT_DOUBLE);
    EXPECT_EQ(a[7].f, 1.5);
    EXPECT_EQ(a[8].kind, K::Int);
    EXPECT_EQ(a[8].i, -3);
    EXPECT_EQ(a[9].kind, K::Int);
    EXPECT_EQ(a[9].i, 7);
    EXPECT_EQ(a[10].kind, K::Float);
    EXPECT_EQ(a[10].f, 0.5);
    EXPECT_EQ(a[11].kind, K::Float);
    EXPECT_EQ(a[12].kind, K::Bool);
    EXPECT_TRUE(a[12].b);
    EXPECT_EQ(a[13].kind, K::IntArray);
    EXPECT_EQ(a[13].ints, (std::vector<int64_t>{8}));
    EXPECT_EQ(a[14].kind, K::IntArray);
    EXPECT_EQ(a[15].kind, K::TensorList);
    EXPECT_EQ(a[15].tensors.size(), 2u);
    EXPECT_EQ(a[15].tensors[1].storage, x.tensor.storage);
    EXPECT_EQ(a[16].kind, K::TensorList);
    EXPECT_EQ(a[17].kind, K::ScalarList);
    EXPECT_EQ(a[17].ints, (std::vector<int64_t>{1, 2}));
    EXPECT_EQ(a[17].scalarType, ge::DT_DOUBLE);
    EXPECT_EQ(a[18].kind, K::FloatArray);
    EXPECT_EQ(a[18].floats, (std::vector<double>{0.25}));
    EXPECT_EQ(a[19].kind, K::BoolArray);
    EXPECT_EQ(a[19].bools, (std::vector<bool>{true, false}));
    EXPECT_EQ(a[20].kind, K::Int);  // a ScalarType attribute: its ge::DataType number
    EXPECT_EQ(a[20].i, static_cast<int64_t>(ge::DT_FLOAT16));
    EXPECT_EQ(a[21].kind, K::Tensor);  // nullptr: absent
    EXPECT_EQ(a[21].tensor.storage, nullptr);
    EXPECT_EQ(a[22].kind, K::Scalar);
    EXPECT_EQ(a[22].scalarType, ge::DT_BOOL);
    EXPECT_TRUE(a[22].b);
    EXPECT_EQ(a[23].kind, K::Tensor);
    EXPECT_EQ(a[23].tensor.shape, std::vector<int64_t>{});
    EXPECT_EQ(a[23].tensor.dtype, ge::DT_INT32);
}

TEST_F(PyshimExec, HookFailureThrows) {
    akg::pyshim::SetExecHook([](const std::string& api, std::vector<AclArg>&, std::string* error) {
        *error = "kernel crashed: UB overflow";
        return false;
    });
    try {
        akg::pyshim::Call("add_custom", {V(Make<float>({1}, {1}, at::kFloat)), V(Make<float>({1}, {1}, at::kFloat))});
        FAIL();
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "add_custom: aclnnAddCustom failed: kernel crashed: UB overflow");
    }
    akg::pyshim::SetExecHook(nullptr);
    try {
        akg::pyshim::Call("add_custom", {V(Make<float>({1}, {1}, at::kFloat)), V(Make<float>({1}, {1}, at::kFloat))});
        FAIL();
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("no exec hook"), std::string::npos) << e.what();
    }
}

TEST_F(PyshimExec, DirectCallOutsideRegistry) {
    // Glue functions can also be called directly (tests, tools); the hook sees the same tensors.
    at::Tensor a = Make<float>({2}, {1, 2}, at::kFloat);
    at::Tensor b = Make<float>({2}, {3, 4}, at::kFloat);
    at::Tensor r = add_custom(a, b);
    EXPECT_EQ(Read<float>(r.shim_data()), (std::vector<float>{4, 6}));
    aclIntArray* arr = ConvertType(at::IntArrayRef({1, 2, 3}));
    EXEC_NPU_CMD(aclnnRecordOnly, arr);
    EXPECT_EQ(g_calls.back().args.at(0).ints, (std::vector<int64_t>{1, 2, 3}));
    EXEC_NPU_CMD(aclnnNoArgs);
    EXPECT_EQ(g_calls.back().api, "aclnnNoArgs");
    EXPECT_TRUE(g_calls.back().args.empty());
}
