#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor pow_math(const at::Tensor& x1, const at::Tensor& x2)
{
    TORCH_CHECK(x1.sizes() == x2.sizes(), "pow_math: x1 and x2 must have the same shape");
    TORCH_CHECK(x1.scalar_type() == x2.scalar_type(), "pow_math: x1 and x2 must have the same dtype");
    at::Tensor y = at::empty_like(x1);
    EXEC_NPU_CMD(aclnnPowMath, x1, x2, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "PowMath on the NPU";
    m.def("pow_math", &pow_math, "y = x1 ^ x2");
}
