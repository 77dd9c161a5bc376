#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor softshrink(const at::Tensor& x, double lambd)
{
    TORCH_CHECK(lambd >= 0, "softshrink: lambd must be non-negative");
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnSoftshrink, x, lambd, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Softshrink on the NPU";
    m.def("softshrink", &softshrink, "soft shrinkage");
}
