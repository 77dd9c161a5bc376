#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor reciprocal(const at::Tensor& x)
{
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnReciprocal, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Reciprocal on the NPU";
    m.def("reciprocal", &reciprocal, "y = 1 / x");
}
