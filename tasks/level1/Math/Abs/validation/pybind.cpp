#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor abs_math(const at::Tensor& x)
{
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnAbsMath, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "AbsMath on the NPU";
    m.def("abs_math", &abs_math, "y = |x|");
}
