#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor rsqrt(const at::Tensor& x)
{
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnRsqrt, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Rsqrt on the NPU";
    m.def("rsqrt", &rsqrt, "y = 1 / sqrt(x)");
}
