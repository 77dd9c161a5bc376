#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor exp_math(const at::Tensor& x)
{
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnExpMath, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "ExpMath on the NPU";
    m.def("exp_math", &exp_math, "y = exp(x)");
}
