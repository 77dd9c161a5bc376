#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor gelu(const at::Tensor& x)
{
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnGelu, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Gelu on the NPU";
    m.def("gelu", &gelu, "y = 0.5 * x * (1 + erf(x / sqrt(2)))");
}
