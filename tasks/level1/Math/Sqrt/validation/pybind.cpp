#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor sqrt_math(const at::Tensor& x)
{
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnSqrtMath, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "SqrtMath on the NPU";
    m.def("sqrt_math", &sqrt_math, "y = sqrt(x)");
}
