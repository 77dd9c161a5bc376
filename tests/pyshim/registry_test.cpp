// PYBIND11_MODULE registration and akg::pyshim::Call: argument conversion for every supported
// parameter kind, results, defaults, overloads, errors, re-registration.
#include <gtest/gtest.h>

#include <cstring>

#include "pytorch_npu_helper.hpp"
#include "torch/csrc/autograd/custom_function.h"
#include "torch/library.h"

using akg::pyshim::Value;
using akg::pyshim::ValueList;

namespace {

Value V(const at::Tensor& t) { return akg_shim::detail::ToValue(t); }
Value I(int64_t i) { return akg_shim::detail::ToValue(i); }
Value F(double f) { return akg_shim::detail::ToValue(f); }
Value B(bool b) { return akg_shim::detail::ToValue(b); }
Value S(const std::string& s) { return akg_shim::detail::ToValue(s); }
Value None() { return Value(); }
Value L(std::vector<Value> items) {
    Value v;
    v.kind = Value::Kind::List;
    v.list = std::move(items);
    return v;
}
at::Tensor Floats(std::vector<float> values) {
    at::Tensor t = torch::empty({static_cast<int64_t>(values.size())}, torch::kFloat32);
    std::memcpy(t.data_ptr(), values.data(), values.size() * sizeof(float));
    return t;
}
std::vector<float> FloatsOf(const akg::pyshim::TensorData& d) {
    std::vector<float> out(static_cast<size_t>(d.numel()));
    std::memcpy(out.data(), d.data(), out.size() * sizeof(float));
    return out;
}

// What all_kinds saw, for the test to inspect.
struct Seen {
    std::vector<std::string> log;
} g_seen;

}  // namespace

std::vector<at::Tensor> all_kinds(at::Tensor a, at::Tensor& b, const at::Tensor& c, c10::optional<at::Tensor> d,
                                  std::vector<at::Tensor>& e, at::TensorList f, int64_t g, int h, double i, float j,
                                  bool k, std::string l, const char* m, at::IntArrayRef n, std::vector<int64_t> o,
                                  c10::optional<int64_t> p, c10::optional<double> q, at::Scalar r,
                                  const std::string& s, std::vector<double> t, const c10::optional<at::Tensor>& u,
                                  int64_t& v, double& w, at::IntArrayRef& x, std::vector<bool> y, uint8_t z) {
    auto& log = g_seen.log;
    log.clear();
    log.push_back("a" + std::to_string(a.numel()) + " b" + std::to_string(b.numel()) + " c" + std::to_string(c.numel()));
    log.push_back(std::string("d") + (d.has_value() ? "set" : "none") + " e" + std::to_string(e.size()) + " f" +
                  std::to_string(f.size()) + ":" + std::to_string(f[1].numel()));
    log.push_back("g" + std::to_string(g) + " h" + std::to_string(h) + " i" + std::to_string(i) + " j" +
                  std::to_string(j) + " k" + (k ? "1" : "0"));
    log.push_back("l" + l + " m" + m + " n" + std::to_string(n.size()) + ":" + std::to_string(n[2]) + " o" +
                  std::to_string(o.size()));
    log.push_back(std::string("p") + (p ? std::to_string(*p) : "none") + " q" + (q ? std::to_string(*q) : "none") +
                  " r" + c10::toString(r.type()) + ":" + std::to_string(r.toDouble()));
    log.push_back("s" + s + " t" + std::to_string(t.size()) + " u" + (u.has_value() ? "set" : "none") + " v" +
                  std::to_string(v) + " w" + std::to_string(w) + " x" + std::to_string(x.size()) + " y" +
                  std::to_string(y.size()) + (y[0] ? "T" : "F") + " z" + std::to_string(z));
    return {a, b, c};
}

at::Tensor fill_inplace(at::Tensor& x, double value) {
    x.fill_(value);
    return x;
}

std::tuple<at::Tensor, int64_t, double, bool, std::string> tuple_result(const at::Tensor& x) {
    return {x, x.numel(), 0.5, true, "ok"};
}
void returns_void(at::Tensor x) { x.zero_(); }
at::Tensor returns_undefined() { return at::Tensor(); }
std::vector<int64_t> returns_ints(at::Tensor x) { return x.sizes().vec(); }
c10::optional<at::Tensor> returns_optional(bool give, at::Tensor x) {
    if (give) return x;
    return c10::nullopt;
}
at::Scalar returns_scalar(at::Tensor x) { return x.sum().item(); }
at::Tensor throws_check(at::Tensor x, int64_t dim) {
    TORCH_CHECK(dim >= 0 && dim < x.dim(), "dim must be in range [", -x.dim(), ", ", x.dim() - 1, "]");
    return x;
}
int64_t with_defaults(at::Tensor x, int64_t dim = -1, double scale = 2.0) {
    return x.numel() * 1000 + dim * 10 + static_cast<int64_t>(scale);
}
std::string over_tensor(at::Tensor x) { return "tensor"; }
std::string over_int(int64_t x) { return "int"; }
int64_t narrow_int(int32_t x) { return x; }

PYBIND11_MODULE(pyshim_registry_test, m) {
    m.doc() = "Python bindings for the registry test";
    m.def("all_kinds", &all_kinds, "");
    m.def("fill_inplace", &fill_inplace, "");
    m.def("tuple_result", &tuple_result, "");
    m.def("returns_void", &returns_void);
    m.def("returns_undefined", &returns_undefined, "");
    m.def("returns_ints", &returns_ints, "");
    m.def("returns_optional", &returns_optional, "");
    m.def("returns_scalar", &returns_scalar, "");
    m.def("throws_check", &throws_check, "");
    m.def("with_defaults", &with_defaults, "doc", py::arg("x"), py::arg("dim") = -1, py::arg("scale") = 2.0);
    m.def("over", &over_tensor, "");
    m.def("over", &over_int, "");
    m.def("narrow_int", &narrow_int, "");
    m.def("lambda_add", [](int64_t a, int64_t b) { return a + b; }, "");
}

class PyshimRegistry : public ::testing::Test {
protected:
    void SetUp() override { akg_pyshim_init_pyshim_registry_test(); }
};

TEST_F(PyshimRegistry, RegisteredNames) {
    std::vector<std::string> names = akg::pyshim::RegisteredFunctions();
    for (const char* n : {"all_kinds", "fill_inplace", "over", "lambda_add", "with_defaults"})
        EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
    EXPECT_EQ(std::count(names.begin(), names.end(), "over"), 1);
}

TEST_F(PyshimRegistry, EveryParameterKind) {
    at::Tensor a = Floats({1}), b = Floats({1, 2}), c = Floats({1, 2, 3});
    ValueList args = {V(a),
                      V(b),
                      V(c),
                      V(Floats({4})),
                      L({V(a), V(b)}),
                      L({V(a), V(c), V(b)}),
                      I(-5),
                      I(7),
                      F(0.25),
                      I(3),  // an int for a float parameter (pybind11 converts)
                      B(true),
                      S("mean"),
                      S("NCHW"),
                      L({I(2), I(3), I(4)}),
                      L({I(1)}),
                      I(9),
                      None(),
                      F(1.5),
                      S("ref"),
                      L({F(1.0), I(2)}),
                      None(),
                      I(11),
                      F(0.5),
                      L({}),
                      L({B(true), B(false)}),
                      I(200)};
    Value r = akg::pyshim::Call("all_kinds", args);
    const auto& log = g_seen.log;
    ASSERT_EQ(log.size(), 6u);
    EXPECT_EQ(log[0], "a1 b2 c3");
    EXPECT_EQ(log[1], "dset e2 f3:3");
    EXPECT_EQ(log[2], "g-5 h7 i0.250000 j3.000000 k1");
    EXPECT_EQ(log[3], "lmean mNCHW n3:4 o1");
    EXPECT_EQ(log[4], "p9 qnone rDouble:1.500000");
    EXPECT_EQ(log[5], "sref t2 unone v11 w0.500000 x0 y2T z200");
    ASSERT_EQ(r.kind, Value::Kind::List);
    ASSERT_EQ(r.list.size(), 3u);
    EXPECT_EQ(r.list[0].kind, Value::Kind::Tensor);
    // Tensors are passed and returned without copies.
    EXPECT_EQ(r.list[0].tensor.storage, a.shim_data().storage);
    EXPECT_EQ(r.list[2].tensor.storage, c.shim_data().storage);
}

TEST_F(PyshimRegistry, TensorsShareStorageWithValues) {
    Value x = V(Floats({1, 2, 3}));
    Value r = akg::pyshim::Call("fill_inplace", {x, F(4.0)});
    EXPECT_EQ(FloatsOf(x.tensor), (std::vector<float>{4, 4, 4}));  // the caller's data changed
    ASSERT_EQ(r.kind, Value::Kind::Tensor);
    EXPECT_EQ(r.tensor.storage, x.tensor.storage);
    akg::pyshim::Call("returns_void", {x});
    EXPECT_EQ(FloatsOf(x.tensor), (std::vector<float>{0, 0, 0}));
}

TEST_F(PyshimRegistry, Results) {
    Value x = V(Floats({1, 2}));
    Value t = akg::pyshim::Call("tuple_result", {x});
    ASSERT_EQ(t.kind, Value::Kind::List);
    ASSERT_EQ(t.list.size(), 5u);
    EXPECT_EQ(t.list[0].kind, Value::Kind::Tensor);
    EXPECT_EQ(t.list[1].kind, Value::Kind::Int);
    EXPECT_EQ(t.list[1].i, 2);
    EXPECT_EQ(t.list[2].f, 0.5);
    EXPECT_TRUE(t.list[3].b);
    EXPECT_EQ(t.list[4].s, "ok");
    EXPECT_EQ(akg::pyshim::Call("returns_void", {x}).kind, Value::Kind::None);
    EXPECT_EQ(akg::pyshim::Call("returns_undefined", {}).kind, Value::Kind::None);
    Value ints = akg::pyshim::Call("returns_ints", {x});
    ASSERT_EQ(ints.kind, Value::Kind::List);
    EXPECT_EQ(ints.list.at(0).i, 2);
    EXPECT_EQ(akg::pyshim::Call("returns_optional", {B(false), x}).kind, Value::Kind::None);
    EXPECT_EQ(akg::pyshim::Call("returns_optional", {B(true), x}).kind, Value::Kind::Tensor);
    Value s = akg::pyshim::Call("returns_scalar", {V(Floats({1.5f, 2.0f}))});
    EXPECT_EQ(s.kind, Value::Kind::Float);
    EXPECT_EQ(s.f, 3.5);
    EXPECT_EQ(akg::pyshim::Call("lambda_add", {I(2), I(40)}).i, 42);
}

TEST_F(PyshimRegistry, DefaultsFromPyArg) {
    Value x = V(Floats({1, 2, 3}));
    EXPECT_EQ(akg::pyshim::Call("with_defaults", {x}).i, 3000 - 10 + 2);
    EXPECT_EQ(akg::pyshim::Call("with_defaults", {x, I(1)}).i, 3000 + 10 + 2);
    EXPECT_EQ(akg::pyshim::Call("with_defaults", {x, I(1), F(5.0)}).i, 3000 + 10 + 5);
}

TEST_F(PyshimRegistry, Overloads) {
    EXPECT_EQ(akg::pyshim::Call("over", {V(Floats({1}))}).s, "tensor");
    EXPECT_EQ(akg::pyshim::Call("over", {I(1)}).s, "int");
    try {
        akg::pyshim::Call("over", {S("x")});
        FAIL();
    } catch (const std::runtime_error& e) {
        const std::string msg = e.what();
        EXPECT_NE(msg.find("over(): incompatible function arguments"), std::string::npos) << msg;
        EXPECT_NE(msg.find("over(Tensor)"), std::string::npos) << msg;
        EXPECT_NE(msg.find("over(int)"), std::string::npos) << msg;
    }
}

TEST_F(PyshimRegistry, MismatchErrorsNameFunctionAndIndex) {
    auto message = [](const std::string& fn, const ValueList& args) -> std::string {
        try {
            akg::pyshim::Call(fn, args);
        } catch (const std::runtime_error& e) {
            return e.what();
        }
        return "no exception";
    };
    EXPECT_EQ(message("fill_inplace", {V(Floats({1}))}), "fill_inplace(): expected 2 arguments, got 1");
    EXPECT_EQ(message("fill_inplace", {I(1), F(1.0)}),
              "fill_inplace(): incompatible argument at index 0: expected Tensor, got int");
    EXPECT_EQ(message("fill_inplace", {V(Floats({1})), S("x")}),
              "fill_inplace(): incompatible argument at index 1: expected float, got str");
    EXPECT_EQ(message("fill_inplace", {None(), F(1.0)}),
              "fill_inplace(): incompatible argument at index 0: expected Tensor, got None");
    const std::string list = message("returns_ints", {L({V(Floats({1}))})});
    EXPECT_NE(list.find("index 0"), std::string::npos) << list;
    std::string elem = message("all_kinds", {V(Floats({1})), V(Floats({1})), V(Floats({1})), None(),
                                             L({V(Floats({1})), I(3)})});
    EXPECT_NE(elem.find("expected 26 arguments, got 5"), std::string::npos) << elem;
    EXPECT_NE(message("narrow_int", {I(int64_t(1) << 40)}).find("out of range"), std::string::npos);
    EXPECT_EQ(akg::pyshim::Call("narrow_int", {I(-7)}).i, -7);
    EXPECT_NE(message("no_such_function", {}).find("no function named 'no_such_function'"), std::string::npos);
    const std::string check = message("throws_check", {V(Floats({1})), I(4)});
    EXPECT_EQ(check, "throws_check: dim must be in range [-1, 0]");
}

TEST_F(PyshimRegistry, MalformedTensorValuesAreRejected) {
    Value bad = V(Floats({1, 2}));
    bad.tensor.shape = {3};  // 12 bytes needed, 8 present
    try {
        akg::pyshim::Call("fill_inplace", {bad, F(1.0)});
        FAIL();
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "fill_inplace(): incompatible argument at index 0: expected Tensor, got Tensor "
                               "(storage holds 8 bytes, the tensor needs 12)");
    }
    Value odd = V(Floats({1}));
    odd.tensor.dtype = ge::DT_STRING;
    EXPECT_THROW(akg::pyshim::Call("fill_inplace", {odd, F(1.0)}), std::runtime_error);
}

TEST_F(PyshimRegistry, ListElementMismatch) {
    // all_kinds' 5th parameter is std::vector<at::Tensor>&: an int element is reported.
    ValueList args(26);
    args[0] = args[1] = args[2] = V(Floats({1}));
    args[4] = L({V(Floats({1})), I(3)});
    try {
        akg::pyshim::Call("all_kinds", args);
        FAIL();
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "all_kinds(): incompatible argument at index 4: expected List[Tensor], got list "
                               "(element 1 is int)");
    }
}

TEST_F(PyshimRegistry, ClearAndReinitialise) {
    akg::pyshim::ClearRegistrations();
    EXPECT_TRUE(akg::pyshim::RegisteredFunctions().empty());
    EXPECT_THROW(akg::pyshim::Call("lambda_add", {I(1), I(2)}), std::runtime_error);
    akg_pyshim_init_pyshim_registry_test();
    akg_pyshim_init_pyshim_registry_test();  // re-running replaces, it does not duplicate
    EXPECT_EQ(akg::pyshim::Call("lambda_add", {I(1), I(2)}).i, 3);
    try {
        akg::pyshim::Call("over", {S("x")});
    } catch (const std::runtime_error& e) {
        const std::string msg = e.what();
        size_t count = 0;
        for (size_t p = msg.find("\n    "); p != std::string::npos; p = msg.find("\n    ", p + 1)) ++count;
        EXPECT_EQ(count, 2u) << msg;
    }
}
