#include <vector>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor arg_max(const at::Tensor& x)
{
    TORCH_CHECK(x.dim() >= 1, "arg_max: x must be at least 1-D");
    TORCH_CHECK(x.size(x.dim() - 1) >= 1 && x.size(x.dim() - 1) <= 16384,
                "arg_max: the last dimension must hold 1 to 16384 elements");
    std::vector<int64_t> outShape(x.sizes().begin(), x.sizes().end() - 1);
    at::Tensor y = at::empty(outShape, x.options().dtype(at::kLong));
    EXEC_NPU_CMD(aclnnArgMax, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "ArgMax on the NPU";
    m.def("arg_max", &arg_max, "index of the maximum over the last axis (int64)");
}
