#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor bias_add(const at::Tensor& x, const at::Tensor& bias)
{
    TORCH_CHECK(x.dim() >= 1, "bias_add: x must be at least 1-D");
    TORCH_CHECK(bias.dim() == 1 && bias.size(0) == x.size(x.dim() - 1),
                "bias_add: bias must be 1-D with the length of x's last dimension");
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnBiasAdd, x, bias, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "BiasAdd on the NPU";
    m.def("bias_add", &bias_add, "y = x + bias along the last dimension");
}
