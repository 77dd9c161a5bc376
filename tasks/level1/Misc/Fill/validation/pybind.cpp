#include <string>
#include <vector>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor fill(std::vector<int64_t> dims, double value, const std::string& dtype)
{
    at::ScalarType type;
    if (dtype == "float16") {
        type = at::kHalf;
    } else if (dtype == "float32") {
        type = at::kFloat;
    } else if (dtype == "bfloat16") {
        type = at::kBFloat16;
    } else if (dtype == "int32") {
        type = at::kInt;
    } else {
        TORCH_CHECK(false, "fill: unsupported dtype ", dtype);
    }
    for (int64_t d : dims) {
        TORCH_CHECK(d >= 0, "fill: negative dimension");
    }
    at::Tensor y = at::empty(dims, at::TensorOptions().dtype(type));
    EXEC_NPU_CMD(aclnnFill, at::IntArrayRef(dims), value, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Fill on the NPU";
    m.def("fill", &fill, "y = torch.full(dims, value, dtype=dtype)");
}
