#include <string>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

namespace {
at::ScalarType ParseFloatType(const std::string& name)
{
    if (name == "float32" || name == "float") {
        return at::kFloat;
    }
    if (name == "float16" || name == "half") {
        return at::kHalf;
    }
    TORCH_CHECK(name == "bfloat16", "to_dtype: unsupported dtype ", name);
    return at::kBFloat16;
}
}  // namespace

at::Tensor to_dtype(const at::Tensor& x, const std::string& dtype)
{
    const at::ScalarType dst = ParseFloatType(dtype);
    TORCH_CHECK(dst != x.scalar_type(), "to_dtype: x already has dtype ", dtype);
    at::Tensor y = at::empty(x.sizes(), x.options().dtype(dst));
    EXEC_NPU_CMD(aclnnToDtype, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "ToDtype on the NPU";
    m.def("to_dtype", &to_dtype, "floating-point conversion, round to nearest even");
}
