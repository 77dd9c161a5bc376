#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor silu_grad(const at::Tensor& dy, const at::Tensor& x)
{
    TORCH_CHECK(dy.sizes() == x.sizes(), "silu_grad: dy and x must have the same shape");
    TORCH_CHECK(dy.scalar_type() == x.scalar_type(), "silu_grad: dy and x must have the same dtype");
    at::Tensor dx = at::empty_like(x);
    EXEC_NPU_CMD(aclnnSiluGrad, dy, x, dx);
    return dx;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "SiluGrad on the NPU";
    m.def("silu_grad", &silu_grad, "dx = dy * sigmoid(x) * (1 + x * (1 - sigmoid(x)))");
}
