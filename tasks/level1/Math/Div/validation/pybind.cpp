#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor div_math(const at::Tensor& x1, const at::Tensor& x2)
{
    TORCH_CHECK(x1.sizes() == x2.sizes(), "div_math: x1 and x2 must have the same shape");
    TORCH_CHECK(x1.scalar_type() == x2.scalar_type(), "div_math: x1 and x2 must have the same dtype");
    at::Tensor y = at::empty_like(x1);
    EXEC_NPU_CMD(aclnnDivMath, x1, x2, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "DivMath on the NPU";
    m.def("div_math", &div_math, "y = x1 / x2");
}
