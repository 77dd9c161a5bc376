#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor silu(const at::Tensor& x)
{
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnSilu, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Silu on the NPU";
    m.def("silu", &silu, "y = x / (1 + exp(-x))");
}
